// RUN: tensor-opt %s -split-input-file -verify-diagnostics

// One case per diagnostic of the dialect. Ops whose result type is inferred
// report what is wrong, then that the result type could not be inferred.

//===----------------------------------------------------------------------===//
// Types every op takes
//===----------------------------------------------------------------------===//

func.func @unsupported_element_type(%x: tensor<4xsi8>) {
  // expected-error @+1 {{'ten.einsum' op operand #0 must be variadic of ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, ui32, ui64, complex<f32> or complex<f64> values, but got 'tensor<4xsi8>'}}
  %0 = ten.einsum "i" (%x) : (tensor<4xsi8>) -> tensor<4xsi8>
  return
}

// -----

func.func @unranked_operand(%x: tensor<*xf32>) {
  // expected-error @+1 {{invalid kind of type specified: expected builtin.tensor, but found 'tensor<*xf32>'}}
  %0 = ten.relu %x : tensor<*xf32>
  return
}

// -----

func.func @float_only(%x: tensor<4xi32>) {
  // expected-error @+1 {{'ten.exp' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, complex<f32> or complex<f64> values, but got 'tensor<4xi32>'}}
  %0 = ten.exp %x : tensor<4xi32>
  return
}

// -----

func.func @transcendental_of_integers(%x: tensor<4xi32>) {
  // expected-error @+1 {{'ten.angle' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, complex<f32> or complex<f64> values, but got 'tensor<4xi32>'}}
  %0 = ten.angle %x : tensor<4xi32>
  return
}

// -----

func.func @erfc_of_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'ten.erfc' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32 or f64 values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = ten.erfc %x : tensor<4xcomplex<f32>>
  return
}

// -----

func.func @relu_of_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'ten.relu' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8, i16, i32, i64, ui8, ui16, ui32 or ui64 values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = ten.relu %x : tensor<4xcomplex<f32>>
  return
}

// -----

func.func @complex_of_mixed_parts(%re: tensor<4xf32>, %im: tensor<4xf64>) {
  // expected-error @+2 {{real and imag have different element types ('f32' and 'f64'); convert one with ten.cast}}
  // expected-error @+1 {{'ten.complex' op failed to infer returned types}}
  %0 = ten.complex %re, %im : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @complex_of_halves(%re: tensor<4xf16>) {
  // expected-error @+1 {{'ten.complex' op operand #0 must be ranked tensor of f32 or f64 values, but got 'tensor<4xf16>'}}
  %0 = ten.complex %re, %re : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xcomplex<f16>>
  return
}

// -----

func.func @complex_part_types(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+2 {{'ten.abs' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xcomplex<f32>>'}}
  // expected-error @+1 {{'ten.abs' op failed to infer returned types}}
  %0 = "ten.abs"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @no_arithmetic_on_i1(%x: tensor<4xi1>) {
  // expected-error @+1 {{'ten.add' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8, i16, i32, i64, ui8, ui16, ui32, ui64, complex<f32> or complex<f64> values, but got 'tensor<4xi1>'}}
  %0 = ten.add %x, %x : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

func.func @unary_result_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "ten.exp"(%x) : (tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @element_type_changes(%x: tensor<4xf32>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = ten.broadcast %x : tensor<4xf32> -> tensor<2x4xf16>
  return
}

//===----------------------------------------------------------------------===//
// einsum: syntax
//===----------------------------------------------------------------------===//

// -----

func.func @einsum_invalid_character(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij,j1->i": invalid character '1' in subscripts: expected a letter, '...', ',' or '->' (at position 4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij,j1->i" (%x, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_lone_dot(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "i..j": '.' that is not part of an ellipsis '...' (at position 1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "i..j" (%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_two_ellipses(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "...i...": a second '...' in one term (the first is at 0) (at position 4)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "...i..." (%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_two_arrows(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij->i->": a second '->' (at position 5)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij->i->" (%x) : (tensor<2x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_dash(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij-i": '-' that is not part of '->' (at position 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij-i" (%x) : (tensor<2x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_comma_in_output(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij->i,j": ',' after '->': the output is one term (at position 5)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij->i,j" (%x) : (tensor<2x2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_output_repeats(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij->jj": output names 'j' more than once (at position 5)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij->jj" (%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_output_unknown(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij->ik": output names 'k', which no input term names (at position 5)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij->ik" (%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// einsum: operands
//===----------------------------------------------------------------------===//

// -----

func.func @einsum_operand_count(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij,jk->ik": subscripts name 2 operand(s) but 1 are given}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij,jk->ik" (%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_rank_too_low(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ijk": operand 0 has rank 2 but its term names 3 dimension(s) (at position 0)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ijk" (%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_rank_too_high(%x: tensor<2x2xf32>) {
  // expected-error @+2 {{einsum "ij,j": operand 1 has rank 2 but its term names 1 dimension(s) and has no '...' (at position 3)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij,j" (%x, %x) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_element_types(%x: tensor<2x2xf32>, %y: tensor<2x2xf16>) {
  // expected-error @+2 {{einsum operand 1 has element type 'f16' but operand 0 has 'f32'; convert with ten.cast}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij,jk" (%x, %y) : (tensor<2x2xf32>, tensor<2x2xf16>) -> tensor<2x2xf32>
  return
}

// -----

func.func @einsum_size_mismatch(%x: tensor<2x3xf32>, %y: tensor<4x5xf32>) {
  // expected-error @+2 {{einsum "ij,jk->ik": label 'j' has size 3 in operand 0 but size 4 in operand 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij,jk->ik" (%x, %y) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @einsum_diagonal_sizes(%x: tensor<2x3xf32>) {
  // expected-error @+2 {{einsum "ii->i": operand 0 repeats label 'i' on dimensions of different sizes (2 and 3)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ii->i" (%x) : (tensor<2x3xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @einsum_result_type(%x: tensor<2x3xf32>, %y: tensor<3x5xf32>) {
  // expected-error @+2 {{'ten.einsum' op inferred type(s) 'tensor<2x5xf32>' are incompatible with return type(s) of operation 'tensor<5x2xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.einsum "ij,jk->ik" (%x, %y) : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  return
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_lower_rank(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'ten.broadcast' op cannot broadcast rank 2 to the lower rank 1}}
  %0 = ten.broadcast %x : tensor<2x3xf32> -> tensor<3xf32>
  return
}

// -----

func.func @broadcast_size(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'ten.broadcast' op input dimension 1 has size 3, which broadcasts only to itself, not to size 4 (result dimension 2)}}
  %0 = ten.broadcast %x : tensor<2x3xf32> -> tensor<5x2x4xf32>
  return
}

// -----

func.func @broadcast_dynamic_leading(%x: tensor<3xf32>) {
  // expected-error @+1 {{'ten.broadcast' op result dimension 0 is dynamic but no input dimension gives its size; give it a static size}}
  %0 = ten.broadcast %x : tensor<3xf32> -> tensor<?x3xf32>
  return
}

// -----

func.func @broadcast_dynamic_from_one(%x: tensor<1x3xf32>) {
  // expected-error @+1 {{'ten.broadcast' op result dimension 0 is dynamic but input dimension 0 has size 1, which gives it no size; give it a static size}}
  %0 = ten.broadcast %x : tensor<1x3xf32> -> tensor<?x3xf32>
  return
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops, cmp, select
//===----------------------------------------------------------------------===//

// -----

func.func @binary_element_types(%x: tensor<4xf32>, %y: tensor<4xf64>) {
  // expected-error @+2 {{lhs and rhs have different element types ('f32' and 'f64'); convert one with ten.cast}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.mul %x, %y : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @binary_not_broadcastable(%x: tensor<2x3xf32>, %y: tensor<4xf32>) {
  // expected-error @+2 {{operands do not broadcast: dimension 1 of operand 0 has size 3 but dimension 0 of operand 1 has size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.add %x, %y : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @binary_result_shape(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+2 {{'ten.sub' op inferred type(s) 'tensor<2x3xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.sub %x, %y : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @cmp_element_types(%x: tensor<4xi32>, %y: tensor<4xi64>) {
  // expected-error @+2 {{lhs and rhs have different element types ('i32' and 'i64')}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.cmp lt, %x, %y : (tensor<4xi32>, tensor<4xi64>) -> tensor<4xi1>
  return
}

// -----

func.func @cmp_result_not_i1(%x: tensor<4xi32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xi32>'}}
  %0 = ten.cmp lt, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return
}

// -----

func.func @cmp_unknown_predicate(%x: tensor<4xi32>) {
  // expected-error @+1 {{unknown keyword 'less'; expected one of eq ne lt le gt ge}}
  %0 = ten.cmp less, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @select_condition_not_i1(%c: tensor<4xi8>, %x: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xi8>'}}
  %0 = ten.select %c, %x, %x : (tensor<4xi8>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @select_value_types(%c: tensor<4xi1>, %x: tensor<4xf32>, %y: tensor<4xbf16>) {
  // expected-error @+2 {{true_value and false_value have different element types ('f32' and 'bf16')}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.select %c, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xbf16>) -> tensor<4xf32>
  return
}

// -----

func.func @select_not_broadcastable(%c: tensor<3xi1>, %x: tensor<4xf32>) {
  // expected-error @+2 {{operands do not broadcast: dimension 0 of operand 0 has size 3 but dimension 0 of operand 1 has size 4}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.select %c, %x, %x : (tensor<3xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_unknown_kind(%x: tensor<4xf32>) {
  // expected-error @+1 {{unknown keyword 'average'; expected one of sum mean prod max min argmax argmin any all}}
  %0 = ten.reduce average %x dims [0] : tensor<4xf32> -> tensor<f32>
  return
}

// -----

func.func @reduce_dim_out_of_range(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{reduce dim 2 is out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce sum %x dims [2] : tensor<4x5xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_dim_negative(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{reduce dim -1 is out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce sum %x dims [-1] : tensor<4x5xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_dim_repeated(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{reduce dim 1 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce sum %x dims [1, 1] : tensor<4x5xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_sum_of_i1(%x: tensor<4xi1>) {
  // expected-error @+2 {{reduce sum is not defined on i1; cast to an integer type first}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce sum %x dims [0] : tensor<4xi1> -> tensor<i1>
  return
}

// -----

func.func @reduce_mean_of_integers(%x: tensor<4xi32>) {
  // expected-error @+2 {{reduce mean needs floats or complex numbers, not 'i32'; cast the input to a float type first}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce mean %x dims [0] : tensor<4xi32> -> tensor<i32>
  return
}

// -----

func.func @reduce_argmax_two_dims(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{reduce argmax reduces exactly one dim, not 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce argmax %x dims [0, 1] : tensor<4x5xf32> -> tensor<i64>
  return
}

// -----

func.func @reduce_max_of_empty(%x: tensor<0x5xf32>) {
  // expected-error @+2 {{reduce max of dimension 0, which has size 0: max has no identity}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce max %x dims [0] : tensor<0x5xf32> -> tensor<5xf32>
  return
}

// -----

func.func @reduce_result_type(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{'ten.reduce' op inferred type(s) 'tensor<4x1xf32>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce sum %x dims [1] keepdim : tensor<4x5xf32> -> tensor<4xf32>
  return
}

// -----

func.func @reduce_argmax_result_type(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{'ten.reduce' op inferred type(s) 'tensor<4xi64>' are incompatible with return type(s) of operation 'tensor<4xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.reduce argmax %x dims [1] : tensor<4x5xf32> -> tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// constant, cast, transpose, reshape
//===----------------------------------------------------------------------===//

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'ten.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "ten.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<3xi32>
  return
}

// -----

func.func @constant_element_type() {
  // expected-error @+1 {{result #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, ui32, ui64, complex<f32> or complex<f64> values, but got 'tensor<2xi4>'}}
  %0 = ten.constant dense<1> : tensor<2xi4>
  return
}

// -----

func.func @constant_sparse() {
  // expected-error @+1 {{'ten.constant' op takes dense<...> or dense_resource<...> elements, not sparse<0, 1.000000e+00> : tensor<2xf32>}}
  %0 = ten.constant sparse<[0], [1.0]> : tensor<2xf32>
  return
}

// -----

func.func @constant_resource_without_blob() {
  // expected-error @+1 {{'ten.constant' op dense_resource<missing> has no data: the module's dialect_resources hold no blob of that name}}
  %0 = ten.constant dense_resource<missing> : tensor<4xf32>
  return
}

// -----

func.func @constant_resource_dynamic() {
  // expected-error @+1 {{'ten.constant' op dense_resource<some_blob> has a type of dynamic sizes, 'tensor<?xf32>': its blob gives them no value}}
  %0 = ten.constant dense_resource<some_blob> : tensor<?xf32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      some_blob: "0x040000000000803F0000803F"
    }
  }
#-}

// -----

func.func @constant_resource_size() {
  // expected-error @+1 {{'ten.constant' op dense_resource<short_blob> holds 8 bytes but 'tensor<4xf32>' needs 16}}
  %0 = ten.constant dense_resource<short_blob> : tensor<4xf32>
  return
}

{-#
  dialect_resources: {
    builtin: {
      short_blob: "0x040000000000803F0000803F"
    }
  }
#-}

// -----

//===----------------------------------------------------------------------===//
// Sizes memory can hold
//===----------------------------------------------------------------------===//

func.func @result_bytes_past_2_63(%x: tensor<0xf32>) {
  // expected-error @+1 {{'ten.reshape' op result #0 of type 'tensor<4294967296x4294967296xf32>' has more than 2^63 bytes}}
  %0 = ten.reshape %x : tensor<0xf32> -> tensor<4294967296x4294967296xf32>
  return
}

// -----

func.func @operand_bytes_past_2_63(%x: tensor<0x4611686018427387904x4xf32>) {
  // A zero size does not excuse the others: NumPy's rule.
  // expected-error @+1 {{'ten.exp' op operand #0 of type 'tensor<0x4611686018427387904x4xf32>' has more than 2^63 bytes}}
  %0 = ten.exp %x : tensor<0x4611686018427387904x4xf32>
  return
}

// -----

func.func @static_part_past_2_63(%x: tensor<?x4294967296x4294967296xi8>) {
  // expected-error @+1 {{'ten.neg' op operand #0 of type 'tensor<?x4294967296x4294967296xi8>' has more than 2^63 bytes}}
  %0 = ten.neg %x : tensor<?x4294967296x4294967296xi8>
  return
}

// -----

func.func @constant_splat_past_2_63() {
  // expected-error @+1 {{'ten.constant' op result #0 of type 'tensor<1099511627776x1099511627776xf32>' has more than 2^63 bytes}}
  %0 = ten.constant dense<1.0> : tensor<1099511627776x1099511627776xf32>
  return
}

func.func @cast_shape(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.cast' op changes the shape from [4, 5] to [5, 4]; a cast only converts elements}}
  %0 = ten.cast %x : tensor<4x5xf32> -> tensor<5x4xf16>
  return
}

// -----

func.func @transpose_length(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{permutation has 3 entries but the input has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.transpose %x [1, 0, 2] : tensor<4x5xf32> -> tensor<5x4xf32>
  return
}

// -----

func.func @transpose_out_of_range(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{permutation entry 2 is out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.transpose %x [2, 0] : tensor<4x5xf32> -> tensor<5x4xf32>
  return
}

// -----

func.func @transpose_repeated(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{permutation entry 0 is repeated}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.transpose %x [0, 0] : tensor<4x5xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @transpose_result_type(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{'ten.transpose' op inferred type(s) 'tensor<5x4xf32>' are incompatible with return type(s) of operation 'tensor<4x5xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.transpose %x [1, 0] : tensor<4x5xf32> -> tensor<4x5xf32>
  return
}

// -----

func.func @reshape_two_dynamic(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.reshape' op result has 2 dynamic dimensions; at most one can follow from the element count}}
  %0 = ten.reshape %x : tensor<4x5xf32> -> tensor<?x?xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.reshape' op changes the element count from 20 [4, 5] to 21 [3, 7]}}
  %0 = ten.reshape %x : tensor<4x5xf32> -> tensor<3x7xf32>
  return
}

// -----

func.func @reshape_no_fit(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.reshape' op cannot reshape 20 elements [4, 5] to [3, ?]: no size of the dynamic dimension fits}}
  %0 = ten.reshape %x : tensor<4x5xf32> -> tensor<3x?xf32>
  return
}

// -----

func.func @reshape_zero_ambiguous(%x: tensor<0x5xf32>) {
  // expected-error @+1 {{'ten.reshape' op result [0, ?] has size 0, so its dynamic dimension could be any size}}
  %0 = ten.reshape %x : tensor<0x5xf32> -> tensor<0x?xf32>
  return
}

// -----

func.func @reshape_zero_ambiguous_dynamic(%x: tensor<?xf32>) {
  // expected-error @+1 {{'ten.reshape' op result [?, 0] has size 0, so its dynamic dimension could be any size}}
  %0 = ten.reshape %x : tensor<?xf32> -> tensor<?x0xf32>
  return
}

// -----

func.func @rounding_of_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'ten.floor' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64 values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = ten.floor %x : tensor<4xcomplex<f32>>
  return
}

// -----

func.func @classification_result_is_boolean(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.isnan' op result #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<4xf32>'}}
  %0 = "ten.isnan"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @bits_of_floats(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.and' op operand #0 must be ranked tensor of i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64 values, but got 'tensor<4xf32>'}}
  %0 = ten.and %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @shift_of_booleans(%x: tensor<4xi1>) {
  // expected-error @+1 {{'ten.shl' op operand #0 must be ranked tensor of i8, i16, i32, i64, ui8, ui16, ui32 or ui64 values, but got 'tensor<4xi1>'}}
  %0 = ten.shl %x, %x : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

func.func @floor_division_of_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'ten.floordiv' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8, i16, i32, i64, ui8, ui16, ui32 or ui64 values, but got 'tensor<4xcomplex<f32>>'}}
  %0 = ten.floordiv %x, %x : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @iota_of_dynamic_sizes() {
  // expected-error @+1 {{'ten.iota' op yields a tensor of static sizes, not 'tensor<?xf32>'}}
  %0 = ten.iota 0 : tensor<?xf32>
  return
}

// -----

func.func @iota_dimension_out_of_range() {
  // expected-error @+1 {{'ten.iota' op dimension 2 is not one of the result's 2}}
  %0 = ten.iota 2 : tensor<2x3xf32>
  return
}

// -----

func.func @iota_of_booleans() {
  // expected-error @+1 {{'ten.iota' op result #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8, i16, i32, i64, ui8, ui16, ui32 or ui64 values, but got 'tensor<2xi1>'}}
  %0 = ten.iota 0 : tensor<2xi1>
  return
}

//===----------------------------------------------------------------------===//
// Slicing and joining
//===----------------------------------------------------------------------===//

// -----

func.func @slice_rank(%x: tensor<4x5xf32>) {
  // expected-error @+2 {{slice has 1 starts, 1 stops and 1 steps but the input has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.slice %x [1:] : tensor<4x5xf32> -> tensor<3xf32>
  return
}

// -----

func.func @slice_step_zero_assembly(%x: tensor<4xf32>) {
  // expected-error @+1 {{slice step cannot be zero}}
  %0 = ten.slice %x [1:3:0] : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @slice_step_zero(%x: tensor<4xf32>) {
  // expected-error @+2 {{slice step of dimension 0 is zero}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "ten.slice"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>, starts = array<i64: 0>, stops = array<i64: 4>, steps = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @slice_step_min_assembly(%x: tensor<4xf32>) {
  // expected-error @+1 {{slice step is out of range}}
  %0 = ten.slice %x [::-9223372036854775808] : tensor<4xf32> -> tensor<1xf32>
  return
}

// -----

func.func @slice_step_min(%x: tensor<4xf32>) {
  // expected-error @+2 {{slice step of dimension 0 is out of range}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "ten.slice"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>, starts = array<i64: 0>, stops = array<i64: 4>, steps = array<i64: -9223372036854775808>}> : (tensor<4xf32>) -> tensor<1xf32>
  return
}

// -----

func.func @slice_dynamic_count(%x: tensor<4xf32>, %i: tensor<i64>) {
  // expected-error @+2 {{slice marks 0 starts and 0 stops as dynamic but has 1 start and 0 stop values}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "ten.slice"(%x, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>, starts = array<i64: 0>, stops = array<i64: 4>, steps = array<i64: 1>}> : (tensor<4xf32>, tensor<i64>) -> tensor<?xf32>
  return
}

// -----

func.func @slice_dynamic_type(%x: tensor<4xf32>, %i: tensor<i32>) {
  // expected-error @+1 {{'ten.slice' op operand #1 must be variadic of 0D tensor of 64-bit signless integer values, but got 'tensor<i32>'}}
  %0 = "ten.slice"(%x, %i) <{operandSegmentSizes = array<i32: 1, 1, 0>, starts = array<i64: -9223372036854775808>, stops = array<i64: 4>, steps = array<i64: 1>}> : (tensor<4xf32>, tensor<i32>) -> tensor<?xf32>
  return
}

// -----

func.func @slice_result_type(%x: tensor<8xf32>) {
  // expected-error @+2 {{'ten.slice' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<3xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.slice %x [::2] : tensor<8xf32> -> tensor<3xf32>
  return
}

// -----

func.func @concat_nothing() {
  // expected-error @+1 {{'ten.concat' op expected 1 or more operands, but found 0}}
  %0 = "ten.concat"() <{axis = 0 : i64}> : () -> tensor<0xf32>
  return
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>) {
  // expected-error @+2 {{concat axis 2 is out of range for inputs of rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.concat %a, %a along 2 : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x6xf32>
  return
}

// -----

func.func @concat_ranks(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+2 {{concat input 1 has rank 1 but input 0 has rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.concat %a, %b along 0 : tensor<2x3xf32>, tensor<3xf32> -> tensor<5x3xf32>
  return
}

// -----

func.func @concat_sizes(%a: tensor<2x3xf32>, %b: tensor<?x4xf32>) {
  // expected-error @+2 {{concat input 1 has shape [?, 4] but the inputs before it have 3 elements along dimension 1; only dimension 0 may differ}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.concat %a, %b along 0 : tensor<2x3xf32>, tensor<?x4xf32> -> tensor<?x3xf32>
  return
}

// -----

func.func @concat_element_types(%a: tensor<2xf32>, %b: tensor<2xf64>) {
  // expected-error @+1 {{'ten.concat' op requires the same element type for all operands and results}}
  %0 = ten.concat %a, %b along 0 : tensor<2xf32>, tensor<2xf64> -> tensor<4xf32>
  return
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

// -----

func.func @assert_empty_message(%c: tensor<3xi1>) {
  // expected-error @+1 {{'ten.assert' op has an empty message}}
  ten.assert %c, "" : tensor<3xi1>
  return
}

// -----

func.func @assert_not_bool(%c: tensor<3xi8>) {
  // expected-error @+1 {{'ten.assert' op operand #0 must be ranked tensor of 1-bit signless integer values, but got 'tensor<3xi8>'}}
  ten.assert %c, "nonzero" : tensor<3xi8>
  return
}

// -----

func.func @random_bits_key_shape(%key: tensor<3xui32>) {
  // expected-error @+1 {{'ten.random_bits' op key is 'tensor<3xui32>', not tensor<2xui32>}}
  %0 = ten.random_bits %key : tensor<3xui32> -> tensor<4xui32>
  return
}

// -----

func.func @random_bits_key_type(%key: tensor<2xi32>) {
  // expected-error @+1 {{'ten.random_bits' op operand #0 must be ranked tensor of 32-bit unsigned integer values, but got 'tensor<2xi32>'}}
  %0 = ten.random_bits %key : tensor<2xi32> -> tensor<4xui32>
  return
}

// -----

func.func @random_bits_dynamic(%key: tensor<2xui32>) {
  // expected-error @+1 {{'ten.random_bits' op yields a tensor of static sizes, not 'tensor<?xui32>'}}
  %0 = ten.random_bits %key : tensor<2xui32> -> tensor<?xui32>
  return
}

// -----

func.func @random_bits_float(%key: tensor<2xui32>) {
  // expected-error @+1 {{'ten.random_bits' op result #0 must be ranked tensor of 32-bit unsigned integer or 64-bit unsigned integer values, but got 'tensor<4xf32>'}}
  %0 = ten.random_bits %key : tensor<2xui32> -> tensor<4xf32>
  return
}

// -----

func.func @random_bits_stream(%key: tensor<2xui32>) {
  // expected-error @+1 {{'ten.random_bits' op attribute 'stream' failed to satisfy constraint}}
  %0 = ten.random_bits %key stream 4294967296 : tensor<2xui32> -> tensor<4xui32>
  return
}

// -----

func.func @insert_slice_shape(%v: tensor<2x4xf32>, %x: tensor<8x4xf32>) {
  // expected-error @+1 {{'ten.insert_slice' op source has shape [2, 4] but the slice has [3, 4]}}
  %0 = ten.insert_slice %v into %x [1:7:2, :] : tensor<2x4xf32> into tensor<8x4xf32>
  return
}

// -----

func.func @insert_slice_rank(%v: tensor<4xf32>, %x: tensor<8x4xf32>) {
  // expected-error @+1 {{slice has 1 starts, 1 stops and 1 steps but the input has rank 2}}
  %0 = ten.insert_slice %v into %x [1:5] : tensor<4xf32> into tensor<8x4xf32>
  return
}

// -----

func.func @insert_slice_element_type(%v: tensor<3xf64>, %x: tensor<8xf32>) {
  // expected-error @+1 {{'ten.insert_slice' op failed to verify that all of {source, dest, result} have same element type}}
  %0 = ten.insert_slice %v into %x [:3] : tensor<3xf64> into tensor<8xf32>
  return
}

// -----

func.func @scan_dim(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.scan' op dim 2 is not one of the input's 2}}
  %0 = ten.scan sum %x dim 2 : tensor<4x5xf32>
  return
}

// -----

func.func @scan_bool_product(%x: tensor<4xi1>) {
  // expected-error @+1 {{'ten.scan' op scan prod is not defined on i1; cast to an integer type first}}
  %0 = ten.scan prod %x dim 0 : tensor<4xi1>
  return
}

// -----

func.func @scan_fp8(%x: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{'ten.scan' op cannot accumulate in 'f8E4M3FN'; cast the input to a wider float first}}
  %0 = ten.scan sum %x dim 0 : tensor<4xf8E4M3FN>
  return
}

// -----

func.func @scan_kind(%x: tensor<4xf32>) {
  // expected-error @+1 {{unknown keyword 'mean'; expected one of sum prod max min}}
  %0 = ten.scan mean %x dim 0 : tensor<4xf32>
  return
}

// -----

func.func @scan_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.scan' op requires the same type for all operands and results}}
  %0 = "ten.scan"(%x) <{kind = #ten<scan_kind sum>, dim = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @scan_negative_dim(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.scan' op attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0 = "ten.scan"(%x) <{kind = #ten<scan_kind sum>, dim = -1 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @sort_dim(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.sort' op dim 2 is not one of the input's 2}}
  %v, %i = ten.sort %x dim 2 : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
  return
}

// -----

func.func @sort_fp8(%x: tensor<4xf8E5M2>) {
  // expected-error @+1 {{'ten.sort' op cannot sort 'f8E5M2'; cast the input to a wider float first}}
  %v, %i = ten.sort %x dim 0 : tensor<4xf8E5M2> -> tensor<4xf8E5M2>, tensor<4xi64>
  return
}

// -----

func.func @sort_values(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.sort' op values have type 'tensor<4xf64>', not the input's 'tensor<4xf32>'}}
  %v, %i = ten.sort %x dim 0 : tensor<4xf32> -> tensor<4xf64>, tensor<4xi64>
  return
}

// -----

func.func @sort_indices(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{'ten.sort' op indices have shape [4, 3], not the input's [4, ?]}}
  %v, %i = ten.sort %x dim 0 : tensor<4x?xf32> -> tensor<4x?xf32>, tensor<4x3xi64>
  return
}

// -----

func.func @sort_index_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.sort' op result #1 must be ranked tensor of 64-bit signless integer values, but got 'tensor<4xi32>'}}
  %v, %i = ten.sort %x dim 0 : tensor<4xf32> -> tensor<4xf32>, tensor<4xi32>
  return
}

// -----

func.func @partition_dim(%x: tensor<4x5xf32>) {
  // expected-error @+1 {{'ten.partition' op dim 2 is not one of the input's 2}}
  %v, %i = ten.partition %x dim 2 kth [0] : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
  return
}

// -----

func.func @partition_fp8(%x: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{'ten.partition' op cannot partition 'f8E4M3FN'; cast the input to a wider float first}}
  %v, %i = ten.partition %x dim 0 kth [1] : tensor<4xf8E4M3FN> -> tensor<4xf8E4M3FN>, tensor<4xi64>
  return
}

// -----

func.func @partition_values(%x: tensor<4xi32>) {
  // expected-error @+1 {{'ten.partition' op values have type 'tensor<4xi64>', not the input's 'tensor<4xi32>'}}
  %v, %i = ten.partition %x dim 0 kth [1] : tensor<4xi32> -> tensor<4xi64>, tensor<4xi64>
  return
}

// -----

func.func @partition_indices(%x: tensor<4x?xf32>) {
  // expected-error @+1 {{'ten.partition' op indices have shape [4], not the input's [4, ?]}}
  %v, %i = ten.partition %x dim 0 kth [1] : tensor<4x?xf32> -> tensor<4x?xf32>, tensor<4xi64>
  return
}

// -----

func.func @partition_negative_kth(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.partition' op kth position -1 is negative}}
  %v, %i = ten.partition %x dim 0 kth [-1] : tensor<4xf32> -> tensor<4xf32>, tensor<4xi64>
  return
}

// -----

func.func @partition_kth_order(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.partition' op kth positions must ascend without repeats: 2 comes before 2}}
  %v, %i = ten.partition %x dim 0 kth [0, 2, 2] : tensor<4xf32> -> tensor<4xf32>, tensor<4xi64>
  return
}

// -----

func.func @partition_kth_beyond(%x: tensor<3x4xf32>) {
  // expected-error @+1 {{'ten.partition' op kth position 4 is not in a line of 4 elements along dim 1}}
  %v, %i = ten.partition %x dim 1 kth [1, 4] : tensor<3x4xf32> -> tensor<3x4xf32>, tensor<3x4xi64>
  return
}

// -----

func.func @partition_index_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.partition' op result #1 must be ranked tensor of 64-bit signless integer values, but got 'tensor<4xi32>'}}
  %v, %i = ten.partition %x dim 0 kth [0] : tensor<4xf32> -> tensor<4xf32>, tensor<4xi32>
  return
}

// -----

func.func @scatter_dim(%x: tensor<4x5xf32>, %i: tensor<3xi64>, %u: tensor<4x3xf32>) {
  // expected-error @+1 {{'ten.scatter' op dim 2 is not one of the destination's 2}}
  %0 = ten.scatter add %x, %i, %u dim 2 : (tensor<4x5xf32>, tensor<3xi64>, tensor<4x3xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_fp8(%x: tensor<4xf8E4M3FN>, %i: tensor<3xi64>, %u: tensor<3xf8E4M3FN>) {
  // expected-error @+1 {{'ten.scatter' op cannot combine in 'f8E4M3FN'; cast the destination to a wider float first}}
  %0 = ten.scatter add %x, %i, %u dim 0 : (tensor<4xf8E4M3FN>, tensor<3xi64>, tensor<3xf8E4M3FN>) -> tensor<4xf8E4M3FN>
  return
}

// -----

func.func @scatter_updates_rank(%x: tensor<4x5xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) {
  // expected-error @+1 {{'ten.scatter' op updates have 1 dimensions; expected 2 (the destination's, with the indices' in place of dim 0)}}
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<4x5xf32>, tensor<3xi64>, tensor<3xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_updates_size(%x: tensor<4x5xf32>, %i: tensor<3xi64>, %u: tensor<4x2xf32>) {
  // expected-error @+1 {{'ten.scatter' op updates dimension 1 has size 2; expected 3}}
  %0 = ten.scatter assign %x, %i, %u dim 1 : (tensor<4x5xf32>, tensor<3xi64>, tensor<4x2xf32>) -> tensor<4x5xf32>
  return
}

// -----

func.func @scatter_updates_type(%x: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf64>) {
  // expected-error @+1 {{'ten.scatter' op failed to verify that all of {dest, updates} have same element type}}
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<4xf32>, tensor<3xi64>, tensor<3xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @scatter_result(%x: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) {
  // expected-error @+1 {{'ten.scatter' op failed to verify that all of {dest, result} have same type}}
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<4xf32>, tensor<3xi64>, tensor<3xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @scatter_index_type(%x: tensor<4xf32>, %i: tensor<3xi32>, %u: tensor<3xf32>) {
  // expected-error @+1 {{'ten.scatter' op operand #1 must be ranked tensor of 64-bit signless integer values, but got 'tensor<3xi32>'}}
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<4xf32>, tensor<3xi32>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scatter_kind(%x: tensor<4xf32>, %i: tensor<3xi64>, %u: tensor<3xf32>) {
  // expected-error @+1 {{unknown keyword 'sub'; expected one of assign add mul max min}}
  %0 = ten.scatter sub %x, %i, %u dim 0 : (tensor<4xf32>, tensor<3xi64>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @take_dim(%x: tensor<4x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+2 {{take dim 2 is not one of the input's 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = ten.take raise %x, %i dim 2 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x3xf32>
  return
}

// -----

func.func @take_index_type(%x: tensor<4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'ten.take' op operand #1 must be ranked tensor of 64-bit signless integer values, but got 'tensor<3xi32>'}}
  %0 = ten.take raise %x, %i dim 0 : (tensor<4xf32>, tensor<3xi32>) -> tensor<3xf32>
  return
}

// -----

func.func @take_result(%x: tensor<4x5xf32>, %i: tensor<3xi64>) {
  // expected-error @+2 {{'ten.take' op inferred type(s) 'tensor<3x5xf32>' are incompatible with return type(s) of operation 'tensor<3x4xf32>'}}
  // expected-error @+1 {{'ten.take' op failed to infer returned types}}
  %0 = ten.take raise %x, %i dim 0 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<3x4xf32>
  return
}

// -----

func.func @take_mode(%x: tensor<4xf32>, %i: tensor<3xi64>) {
  // expected-error @+1 {{unknown keyword 'fill'; expected one of raise wrap clip}}
  %0 = ten.take fill %x, %i dim 0 : (tensor<4xf32>, tensor<3xi64>) -> tensor<3xf32>
  return
}

// -----

func.func @nonzero_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.nonzero' op result #0 must be ranked tensor of 64-bit signless integer values, but got 'tensor<?xi32>'}}
  %0 = "ten.nonzero"(%x) : (tensor<4xf32>) -> tensor<?xi32>
  return
}

// -----

func.func @nonzero_static(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.nonzero' op returns 'tensor<2x2xi64>'; how many elements are nonzero is known only when the program runs: tensor<?xi64>}}
  %0 = "ten.nonzero"(%x) : (tensor<4xf32>) -> tensor<2x2xi64>
  return
}

// -----

func.func @nonzero_count(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.nonzero' op returns 'tensor<3xi64>'; how many elements are nonzero is known only when the program runs: tensor<?xi64>}}
  %0 = "ten.nonzero"(%x) : (tensor<4xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @searchsorted_rank(%a: tensor<2x3xf32>, %v: tensor<4xf32>) {
  // expected-error @+2 {{searchsorted searches a 1-d sorted tensor, not one of rank 2}}
  // expected-error @+1 {{'ten.searchsorted' op failed to infer returned types}}
  %0 = ten.searchsorted left %a, %v : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<4xi64>
  return
}

// -----

func.func @searchsorted_types(%a: tensor<3xf32>, %v: tensor<4xf64>) {
  // expected-error @+1 {{'ten.searchsorted' op failed to verify that all of {sorted, values} have same element type}}
  %0 = ten.searchsorted left %a, %v : (tensor<3xf32>, tensor<4xf64>) -> tensor<4xi64>
  return
}

// -----

func.func @searchsorted_side(%a: tensor<3xf32>, %v: tensor<4xf32>) {
  // expected-error @+1 {{unknown keyword 'middle'; expected one of left right}}
  %0 = ten.searchsorted middle %a, %v : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xi64>
  return
}

// -----

func.func @searchsorted_result(%a: tensor<3xf32>, %v: tensor<4xf32>) {
  // expected-error @+2 {{'ten.searchsorted' op inferred type(s) 'tensor<4xi64>' are incompatible with return type(s) of operation 'tensor<3xi64>'}}
  // expected-error @+1 {{'ten.searchsorted' op failed to infer returned types}}
  %0 = ten.searchsorted left %a, %v : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xi64>
  return
}

// -----

func.func @shard_length(%x: tensor<8x6xf32>) {
  // expected-error @+1 {{'ten.shard' op gives 1 grid axes for a tensor of 2 dimension(s): one per dimension, -1 where it is not split}}
  %0 = ten.shard %x [0] : tensor<8x6xf32>
  return
}

// -----

func.func @shard_axis(%x: tensor<8x6xf32>) {
  // expected-error @+1 {{'ten.shard' op dimension 1 is split over grid axis -2: a grid axis is 0 or more, or -1 for none}}
  %0 = ten.shard %x [0, -2] : tensor<8x6xf32>
  return
}

// -----

func.func @shard_twice(%x: tensor<8x6xf32>) {
  // expected-error @+1 {{'ten.shard' op grid axis 1 splits two dimensions}}
  %0 = ten.shard %x [1, 1] : tensor<8x6xf32>
  return
}

// -----

func.func @bitcast_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.bitcast' op changes the shape from [4] to [2, 2]; a bitcast only reinterprets elements}}
  %0 = ten.bitcast %x : tensor<4xf32> -> tensor<2x2xi32>
  return
}

// -----

func.func @bitcast_width(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.bitcast' op reinterprets 32-bit 'f32' as 64-bit 'complex<f32>'; the element types must have one width}}
  %0 = ten.bitcast %x : tensor<4xf32> -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_dim(%x: tensor<4x8xcomplex<f32>>) {
  // expected-error @+1 {{'ten.fft' op dim 2 is not one of the input's 2 dimensions}}
  %a = ten.fft forward %x dim 2 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
  return
}

// -----

func.func @fft_rank(%x: tensor<4x8xcomplex<f32>>) {
  // expected-error @+1 {{'ten.fft' op the input has rank 2 and the result rank 1: they must be the same}}
  %a = ten.fft forward %x dim 1 : tensor<4x8xcomplex<f32>> -> tensor<32xcomplex<f32>>
  return
}

// -----

func.func @fft_real_input(%x: tensor<8xf32>) {
  // expected-error @+1 {{'ten.fft' op forward takes complex elements and gives complex ones of the same precision, not 'f32' -> 'complex<f32>'}}
  %a = ten.fft forward %x dim 0 : tensor<8xf32> -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @fft_precision(%x: tensor<8xf32>) {
  // expected-error @+1 {{'ten.fft' op real_forward takes real elements and gives complex ones of the same precision, not 'f32' -> 'complex<f64>'}}
  %a = ten.fft real_forward %x dim 0 : tensor<8xf32> -> tensor<5xcomplex<f64>>
  return
}

// -----

func.func @fft_batch(%x: tensor<4x8xcomplex<f64>>) {
  // expected-error @+1 {{'ten.fft' op dimension 0 has 4 elements in the input and 3 in the result: they must be the same}}
  %a = ten.fft inverse %x dim 1 : tensor<4x8xcomplex<f64>> -> tensor<3x8xcomplex<f64>>
  return
}

// -----

func.func @fft_real_length(%x: tensor<10xf64>) {
  // expected-error @+1 {{'ten.fft' op along dim 0, real_forward of 10 elements gives 6, not 10}}
  %a = ten.fft real_forward %x dim 0 : tensor<10xf64> -> tensor<10xcomplex<f64>>
  return
}

// -----

func.func @fft_real_inverse_length(%x: tensor<5xcomplex<f32>>) {
  // expected-error @+1 {{'ten.fft' op along dim 0, real_inverse of a result of 10 elements takes 6, not 5}}
  %a = ten.fft real_inverse %x dim 0 : tensor<5xcomplex<f32>> -> tensor<10xf32>
  return
}

// -----

func.func @fft_kind(%x: tensor<8xcomplex<f32>>) {
  // expected-error @+1 {{unknown keyword 'backward'; expected one of forward inverse real_forward real_inverse}}
  %a = ten.fft backward %x dim 0 : tensor<8xcomplex<f32>> -> tensor<8xcomplex<f32>>
  return
}

// -----

func.func @gcd_of_floats(%x: tensor<4xf32>) {
  // expected-error @+1 {{'ten.gcd' op operand #0 must be ranked tensor of}}
  %a = ten.gcd %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @fft_real_empty(%x: tensor<3x0xf32>) {
  // expected-error @+1 {{'ten.fft' op real_forward needs lines of at least one real element}}
  %a = ten.fft real_forward %x dim 1 : tensor<3x0xf32> -> tensor<3x1xcomplex<f32>>
  return
}

// -----

func.func @cbrt_complex(%x: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{'ten.cbrt' op operand #0 must be ranked tensor of f8E4M3FN, f8E5M2, f16, bf16, f32 or f64 values, but got 'tensor<4xcomplex<f32>>'}}
  %y = ten.cbrt %x : tensor<4xcomplex<f32>>
  return
}
