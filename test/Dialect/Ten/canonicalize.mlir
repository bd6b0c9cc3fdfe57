// RUN: tensor-opt %s -canonicalize -split-input-file --mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s

// Each rewrite, and next to it what it must leave alone.

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @einsum_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[Y]]
func.func @einsum_identity(%x: tensor<2x3xf32>, %y: tensor<2x3x4xf32>)
    -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>) {
  %0 = ten.einsum "ij->ij" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // Implicit output, already in order.
  %1 = ten.einsum "ij" (%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = ten.einsum "...k->...k" (%y) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @einsum_permutation
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3x4xf32>)
// CHECK-DAG: %[[T0:.*]] = ten.transpose %[[X]] [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK-DAG: %[[T1:.*]] = ten.transpose %[[X]] [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
// CHECK-DAG: %[[T2:.*]] = ten.transpose %[[Y]] [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
// CHECK-NOT: ten.einsum
func.func @einsum_permutation(%x: tensor<2x3xf32>, %y: tensor<2x3x4xf32>)
    -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<4x2x3xf32>) {
  %0 = ten.einsum "ij->ji" (%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // NumPy's implicit output sorts the letters: "ji" means "ji->ij".
  %1 = ten.einsum "ji" (%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = ten.einsum "...k->k..." (%y) : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<4x2x3xf32>
}

// -----

// An operand that is a transpose is read through its permutation: its
// letters move back onto the transpose's input (x @ w.T of a linear layer,
// a transposed A, a 3-d permutation beside an operand with '...', and a
// transpose that something else also reads, which stays for that reader).
// CHECK-LABEL: func.func @einsum_of_transposes
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>, %[[W:.*]]: tensor<5x8xf32>, %[[A:.*]]: tensor<8x4xf32>, %[[P:.*]]: tensor<3x4x8xf32>, %[[B:.*]]: tensor<2x3x8xf32>)
// CHECK-DAG: %[[T:.*]] = ten.transpose %[[W]] [1, 0]
// CHECK-DAG: ten.einsum "...ij,kj->...ik" (%[[X]], %[[W]])
// CHECK-DAG: ten.einsum "ji,kj->ik" (%[[A]], %[[W]])
// CHECK-DAG: ten.einsum "...bk,bqk->...bq" (%[[B]], %[[P]])
// CHECK: return {{.*}}, %[[T]]
func.func @einsum_of_transposes(%x: tensor<4x8xf32>, %w: tensor<5x8xf32>, %a: tensor<8x4xf32>,
                                %p: tensor<3x4x8xf32>, %b: tensor<2x3x8xf32>)
    -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<2x3x4xf32>, tensor<8x5xf32>) {
  %wt = ten.transpose %w [1, 0] : tensor<5x8xf32> -> tensor<8x5xf32>
  %0 = ten.einsum "...ij,...jk->...ik" (%x, %wt) : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %at = ten.transpose %a [1, 0] : tensor<8x4xf32> -> tensor<4x8xf32>
  %wt2 = ten.transpose %w [1, 0] : tensor<5x8xf32> -> tensor<8x5xf32>
  %1 = ten.einsum "ij,jk->ik" (%at, %wt2) : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %pt = ten.transpose %p [0, 2, 1] : tensor<3x4x8xf32> -> tensor<3x8x4xf32>
  %2 = ten.einsum "...bk,bkq->...bq" (%b, %pt) : (tensor<2x3x8xf32>, tensor<3x8x4xf32>) -> tensor<2x3x4xf32>
  return %0, %1, %2, %wt : tensor<4x5xf32>, tensor<4x5xf32>, tensor<2x3x4xf32>, tensor<8x5xf32>
}

// -----

// A transposed operand whose '...' stands for dimensions stays: letters
// cannot name them.
// CHECK-LABEL: func.func @einsum_of_transpose_under_ellipsis
// CHECK: %[[T:.*]] = ten.transpose
// CHECK: ten.einsum "...ij,jk->...ik" (%[[T]], %{{.*}})
func.func @einsum_of_transpose_under_ellipsis(%x: tensor<3x2x4xf32>, %w: tensor<4x5xf32>) -> tensor<2x3x5xf32> {
  %xt = ten.transpose %x [1, 0, 2] : tensor<3x2x4xf32> -> tensor<2x3x4xf32>
  %0 = ten.einsum "...ij,jk->...ik" (%xt, %w) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

// Diagonals, sums of booleans (an or) and several operands stay einsums.
// CHECK-LABEL: func.func @einsum_kept
// CHECK-COUNT-4: ten.einsum
// CHECK-NOT: ten.transpose
// CHECK-NOT: ten.reduce
func.func @einsum_kept(%x: tensor<3x3xf32>, %y: tensor<3x3xf32>, %b: tensor<3x3xi1>)
    -> (tensor<3xi1>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>) {
  %0 = ten.einsum "ij->i" (%b) : (tensor<3x3xi1>) -> tensor<3xi1>
  %1 = ten.einsum "ii->i" (%x) : (tensor<3x3xf32>) -> tensor<3xf32>
  %2 = ten.einsum "ij,jk->ik" (%x, %y) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  // A stated type more static than the operand's is not an identity.
  %3 = ten.einsum "ij->ij" (%x) : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %4 = ten.einsum "ij,ij->ij" (%x, %y) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %4 : tensor<3xi1>, tensor<3xf32>, tensor<3x3xf32>, tensor<3x3xf32>
}

// -----

// An einsum of one operand that sums some dimensions is a sum over them,
// then a transpose where it reorders the others; a sum of everything is a
// reduction to a scalar; integers and dynamic sizes alike.
// CHECK-LABEL: func.func @einsum_sums
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xf32>, %[[I:[^:]*]]: tensor<?x5xi8>
// CHECK: %[[S0:.*]] = ten.reduce sum %[[X]] dims [1] : tensor<2x3x4xf32> -> tensor<2x4xf32>
// CHECK: %[[S1:.*]] = ten.reduce sum %[[X]] dims [0] : tensor<2x3x4xf32> -> tensor<3x4xf32>
// CHECK: %[[T:.*]] = ten.transpose %[[S1]] [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
// CHECK: %[[S2:.*]] = ten.reduce sum %[[X]] dims [0, 1, 2] : tensor<2x3x4xf32> -> tensor<f32>
// CHECK: %[[S3:.*]] = ten.reduce sum %[[I]] dims [0] : tensor<?x5xi8> -> tensor<5xi8>
// CHECK-NOT: ten.einsum
// CHECK: return %[[S0]], %[[T]], %[[S2]], %[[S3]]
func.func @einsum_sums(%x: tensor<2x3x4xf32>, %i: tensor<?x5xi8>)
    -> (tensor<2x4xf32>, tensor<4x3xf32>, tensor<f32>, tensor<5xi8>) {
  %0 = ten.einsum "ijk->ik" (%x) : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  %1 = ten.einsum "ijk->kj" (%x) : (tensor<2x3x4xf32>) -> tensor<4x3xf32>
  %2 = ten.einsum "ijk->" (%x) : (tensor<2x3x4xf32>) -> tensor<f32>
  %3 = ten.einsum "ij->j" (%i) : (tensor<?x5xi8>) -> tensor<5xi8>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<4x3xf32>, tensor<f32>, tensor<5xi8>
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = ten.transpose %x [0, 1] : tensor<2x3xf32> -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_compose
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK-NEXT: %[[T:.*]] = ten.transpose %[[X]] [1, 2, 0] : tensor<2x3x4xf32> -> tensor<3x4x2xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_compose(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = ten.transpose %x [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %1 = ten.transpose %0 [2, 0, 1] : tensor<4x2x3xf32> -> tensor<3x4x2xf32>
  return %1 : tensor<3x4x2xf32>
}

// -----

// Two transposes that undo each other vanish.
// CHECK-LABEL: func.func @transpose_inverse
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: return %[[X]]
func.func @transpose_inverse(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = ten.transpose %x [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  %1 = ten.transpose %0 [1, 0] : tensor<3x2xf32> -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_kept
// CHECK: ten.transpose %{{.*}} [1, 0]
// CHECK-NOT: ten.transpose
func.func @transpose_kept(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = ten.transpose %x [1, 0] : tensor<2x3xf32> -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

//===----------------------------------------------------------------------===//
// Neutral elements
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @neutral
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[I]], %[[I]], %[[I]], %[[I]], %[[X]], %[[X]]
func.func @neutral(%x: tensor<4xf32>, %i: tensor<4xi32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xf32>, tensor<4xf32>) {
  %one = ten.constant dense<1.0> : tensor<f32>
  %zero = ten.constant dense<0.0> : tensor<f32>
  %nzero = ten.constant dense<-0.0> : tensor<f32>
  %ione = ten.constant dense<1> : tensor<4xi32>
  %izero = ten.constant dense<0> : tensor<i32>
  %0 = ten.mul %x, %one : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // Constants move to the right of commutative ops first.
  %1 = ten.mul %one, %x : (tensor<f32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = ten.div %x, %one : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = ten.sub %x, %zero : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %4 = ten.add %x, %nzero : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %5 = ten.add %izero, %i : (tensor<i32>, tensor<4xi32>) -> tensor<4xi32>
  %6 = ten.mul %i, %ione : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %7 = ten.sub %i, %izero : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %8 = ten.div %i, %ione : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %9 = ten.pow %x, %one : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %10 = ten.max %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10
      : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>,
        tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>,
        tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @neutral_kept
// x + 0.0 turns -0.0 into +0.0, so it stays.
// CHECK: ten.add
// The neutral operand broadcasts x to a larger shape.
// CHECK: ten.mul
// 2 is not neutral.
// CHECK: ten.mul
// CHECK: ten.max
// CHECK-NOT: ten.
func.func @neutral_kept(%x: tensor<4xf32>, %y: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %zero = ten.constant dense<0.0> : tensor<f32>
  %ones = ten.constant dense<1.0> : tensor<3x4xf32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %0 = ten.add %x, %zero : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = ten.mul %x, %ones : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = ten.mul %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = ten.max %x, %y : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<3x4xf32>, tensor<4xf32>, tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// Constant folding
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @fold_float
// CHECK-DAG: ten.constant dense<[1.100000e+01, 2.100000e+01, 3.100000e+01]> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<[9.000000e+00, 1.900000e+01, 2.900000e+01]> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<[1.000000e+01, 4.000000e+01, 9.000000e+01]> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<1.000000e+01> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<[1.000000e+01, 2.000000e+01, 3.000000e+01]> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<[-1.000000e+01, -2.000000e+01, -3.000000e+01]> : tensor<3xf32>
// CHECK-DAG: ten.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-NOT: ten.add
// CHECK-NOT: ten.cmp
func.func @fold_float() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>,
    tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>) {
  %a = ten.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %b = ten.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %one = ten.constant dense<1.0> : tensor<f32>
  %0 = ten.add %a, %one : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %1 = ten.sub %a, %one : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  %2 = ten.mul %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %3 = ten.div %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %4 = ten.max %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %5 = ten.min %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %6 = ten.neg %a : tensor<3xf32>
  %t = ten.constant dense<15.0> : tensor<f32>
  %7 = ten.cmp ge, %a, %t : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3xf32>, tensor<3xf32>,
      tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>,
      tensor<3xi1>
}

// -----

// Broadcasting in folds: a column against a row.
// CHECK-LABEL: func.func @fold_broadcast
// CHECK-NEXT: %[[C:.*]] = ten.constant dense<{{\[}}[11, 21], [12, 22], [13, 23]]> : tensor<3x2xi32>
// CHECK-NEXT: return %[[C]]
func.func @fold_broadcast() -> tensor<3x2xi32> {
  %col = ten.constant dense<[[1], [2], [3]]> : tensor<3x1xi32>
  %row = ten.constant dense<[10, 20]> : tensor<2xi32>
  %0 = ten.add %col, %row : (tensor<3x1xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// Integer division floors, as NumPy's //.
// CHECK-LABEL: func.func @fold_int
// CHECK-DAG: ten.constant dense<[-4, 3, -4, 3]> : tensor<4xi32>
// CHECK-DAG: ten.constant dense<7> : tensor<4xi32>
// CHECK-DAG: ten.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG: ten.constant dense<[-7, 7, 7, -7]> : tensor<4xi32>
func.func @fold_int() -> (tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<4xi32>) {
  %a = ten.constant dense<[-7, 7, 7, -7]> : tensor<4xi32>
  %b = ten.constant dense<[2, 2, -2, -2]> : tensor<4xi32>
  %0 = ten.div %a, %b : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %1 = ten.abs %a : tensor<4xi32>
  // i1 orders false < true.
  %t = ten.constant dense<[true, false]> : tensor<2xi1>
  %f = ten.constant dense<false> : tensor<2xi1>
  %2 = ten.max %t, %f : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  %3 = ten.neg %a : tensor<4xi32>
  %4 = ten.neg %3 : tensor<4xi32>
  return %0, %1, %2, %4 : tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<4xi32>
}

// -----

// Unsigned integers divide, order and convert as unsigned numbers; the same
// bits as signed ones do otherwise.
// CHECK-LABEL: func.func @fold_unsigned
// CHECK-DAG: ten.constant dense<[127, 3, 0, 1]> : tensor<4xui8>
// CHECK-DAG: ten.constant dense<[255, 7, 2, 1]> : tensor<4xui8>
// CHECK-DAG: ten.constant dense<[true, true, false, false]> : tensor<4xi1>
// CHECK-DAG: ten.constant dense<[255, 7, 1, 1]> : tensor<4xui8>
// CHECK-DAG: ten.constant dense<[2.550000e+02, 7.000000e+00, 1.000000e+00, 1.000000e+00]> : tensor<4xf32>
// CHECK-DAG: ten.constant dense<[255, 7, 1, 1]> : tensor<4xi64>
// CHECK-DAG: ten.constant dense<[-1, 7, 1, 1]> : tensor<4xi8>
// CHECK-DAG: ten.constant dense<[65535, 65534, 3]> : tensor<3xui16>
// CHECK-DAG: %[[NEG:.*]] = ten.constant dense<-1.000000e+00> : tensor<f32>
// CHECK: ten.cast %[[NEG]] : tensor<f32> -> tensor<ui8>
func.func @fold_unsigned() -> (tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xui8>, tensor<4xf32>, tensor<4xi64>, tensor<4xi8>, tensor<3xui16>, tensor<ui8>) {
  %a = ten.constant dense<[255, 7, 1, 1]> : tensor<4xui8>
  %b = ten.constant dense<[2, 2, 2, 1]> : tensor<4xui8>
  %0 = ten.div %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = ten.max %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %2 = ten.cmp gt, %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  %3 = ten.abs %a : tensor<4xui8>
  %4 = ten.cast %a : tensor<4xui8> -> tensor<4xf32>
  %5 = ten.cast %a : tensor<4xui8> -> tensor<4xi64>
  %6 = ten.cast %a : tensor<4xui8> -> tensor<4xi8>
  // i16 to ui16 keeps the bits: -1 is 65535.
  %s = ten.constant dense<[-1, -2, 3]> : tensor<3xi16>
  %7 = ten.cast %s : tensor<3xi16> -> tensor<3xui16>
  // A negative float has no unsigned value: run time converts it.
  %n = ten.constant dense<-1.0> : tensor<f32>
  %8 = ten.cast %n : tensor<f32> -> tensor<ui8>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xui8>, tensor<4xf32>, tensor<4xi64>, tensor<4xi8>, tensor<3xui16>, tensor<ui8>
}

// -----

// Splats fold at any size; other constants only up to 256 elements.
// CHECK-LABEL: func.func @fold_size
// CHECK-DAG: ten.constant dense<3.000000e+00> : tensor<1024x1024xf32>
// CHECK-DAG: ten.constant dense<[0, 2, 4, 6, {{.*}}, 508, 510]> : tensor<256xi32>
// CHECK-DAG: %[[BIG:.*]] = ten.constant dense<[0, 1, 2, {{.*}}, 255, 256]> : tensor<257xi32>
// CHECK: ten.add %[[BIG]], %[[BIG]] : (tensor<257xi32>, tensor<257xi32>)
func.func @fold_size() -> (tensor<1024x1024xf32>, tensor<256xi32>, tensor<257xi32>) {
  %one = ten.constant dense<1.0> : tensor<1024x1024xf32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %0 = ten.add %one, %two : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %small = ten.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255]> : tensor<256xi32>
  %1 = ten.add %small, %small : (tensor<256xi32>, tensor<256xi32>) -> tensor<256xi32>
  %big = ten.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256]> : tensor<257xi32>
  %2 = ten.add %big, %big : (tensor<257xi32>, tensor<257xi32>) -> tensor<257xi32>
  return %0, %1, %2 : tensor<1024x1024xf32>, tensor<256xi32>, tensor<257xi32>
}

// -----

// Division by zero and values without a defined result are left to run time.
// CHECK-LABEL: func.func @fold_kept
// CHECK: ten.div
// CHECK: ten.cast
func.func @fold_kept() -> (tensor<2xi32>, tensor<i32>) {
  %a = ten.constant dense<[1, 2]> : tensor<2xi32>
  %z = ten.constant dense<[1, 0]> : tensor<2xi32>
  %0 = ten.div %a, %z : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %big = ten.constant dense<1.0e20> : tensor<f32>
  %1 = ten.cast %big : tensor<f32> -> tensor<i32>
  return %0, %1 : tensor<2xi32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @fold_cast
// CHECK-DAG: ten.constant dense<[-2, 2, 0]> : tensor<3xi32>
// CHECK-DAG: ten.constant dense<[true, true, false]> : tensor<3xi1>
// CHECK-DAG: ten.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf64>
// CHECK-DAG: ten.constant dense<[1, 0]> : tensor<2xi8>
// CHECK-DAG: ten.constant dense<-1> : tensor<i64>
// CHECK-DAG: ten.constant dense<2.500000e+00> : tensor<bf16>
// CHECK-NOT: ten.cast
func.func @fold_cast() -> (tensor<3xi32>, tensor<3xi1>, tensor<2xf64>,
                           tensor<2xi8>, tensor<i64>, tensor<bf16>) {
  %f = ten.constant dense<[-2.7, 2.7, 0.0]> : tensor<3xf32>
  %0 = ten.cast %f : tensor<3xf32> -> tensor<3xi32>
  %1 = ten.cast %f : tensor<3xf32> -> tensor<3xi1>
  %b = ten.constant dense<[true, false]> : tensor<2xi1>
  %2 = ten.cast %b : tensor<2xi1> -> tensor<2xf64>
  %3 = ten.cast %b : tensor<2xi1> -> tensor<2xi8>
  %m = ten.constant dense<-1> : tensor<i8>
  %4 = ten.cast %m : tensor<i8> -> tensor<i64>
  %h = ten.constant dense<2.5> : tensor<f64>
  %5 = ten.cast %h : tensor<f64> -> tensor<bf16>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi32>, tensor<3xi1>, tensor<2xf64>,
      tensor<2xi8>, tensor<i64>, tensor<bf16>
}

//===----------------------------------------------------------------------===//
// broadcast, select, reshape, cast, reduce
//===----------------------------------------------------------------------===//

// -----

// A broadcast feeding an op that broadcasts anyway goes.
// CHECK-LABEL: func.func @broadcast_into_user
// CHECK-SAME: (%[[M:.*]]: tensor<8x4xf32>, %[[B:.*]]: tensor<4xf32>, %[[S:.*]]: tensor<f32>)
// CHECK-NEXT: %[[A:.*]] = ten.add %[[M]], %[[B]] : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %[[C:.*]] = ten.cmp lt, %[[M]], %[[S]] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xi1>
// CHECK-NEXT: %[[W:.*]] = ten.select %[[C]], %[[A]], %[[S]] : (tensor<8x4xi1>, tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32>
// CHECK-NEXT: return %[[W]]
func.func @broadcast_into_user(%m: tensor<8x4xf32>, %b: tensor<4xf32>, %s: tensor<f32>)
    -> tensor<8x4xf32> {
  %bb = ten.broadcast %b : tensor<4xf32> -> tensor<8x4xf32>
  %sb = ten.broadcast %s : tensor<f32> -> tensor<8x4xf32>
  %0 = ten.add %m, %bb : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  %1 = ten.cmp lt, %m, %sb : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
  %2 = ten.select %1, %0, %sb : (tensor<8x4xi1>, tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
  return %2 : tensor<8x4xf32>
}

// -----

// The broadcast stays where it sets the result's shape.
// CHECK-LABEL: func.func @broadcast_kept
// CHECK: ten.broadcast
// CHECK: ten.add
func.func @broadcast_kept(%b: tensor<4xf32>, %s: tensor<f32>) -> tensor<8x4xf32> {
  %bb = ten.broadcast %b : tensor<4xf32> -> tensor<8x4xf32>
  %0 = ten.add %bb, %s : (tensor<8x4xf32>, tensor<f32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_fold
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[C:.*]] = ten.constant dense<2.000000e+00> : tensor<3x4xf32>
// CHECK-NEXT: return %[[X]], %[[C]]
func.func @broadcast_fold(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<3x4xf32>) {
  %0 = ten.broadcast %x : tensor<4xf32> -> tensor<4xf32>
  %two = ten.constant dense<2.0> : tensor<f32>
  %1 = ten.broadcast %two : tensor<f32> -> tensor<3x4xf32>
  return %0, %1 : tensor<4xf32>, tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @select_fold
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>, %[[P:.*]]: tensor<4xi1>)
// CHECK-NEXT: %[[S:.*]] = ten.select %[[P]], %[[X]], %[[Y]]
// CHECK-NEXT: return %[[X]], %[[Y]], %[[X]], %[[S]]
func.func @select_fold(%x: tensor<4xf32>, %y: tensor<4xf32>, %p: tensor<4xi1>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = ten.constant dense<true> : tensor<i1>
  %f = ten.constant dense<false> : tensor<4xi1>
  %0 = ten.select %t, %x, %y : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = ten.select %f, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = ten.select %p, %x, %x : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = ten.select %p, %x, %y : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_fold
// CHECK-SAME: (%[[X:.*]]: tensor<2x6xf32>)
// CHECK-NEXT: %[[C:.*]] = ten.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT: %[[R:.*]] = ten.reshape %[[X]] : tensor<2x6xf32> -> tensor<3x4xf32>
// CHECK-NEXT: return %[[X]], %[[R]], %[[C]]
func.func @reshape_fold(%x: tensor<2x6xf32>)
    -> (tensor<2x6xf32>, tensor<3x4xf32>, tensor<2x2xi32>) {
  %0 = ten.reshape %x : tensor<2x6xf32> -> tensor<2x6xf32>
  %1 = ten.reshape %x : tensor<2x6xf32> -> tensor<12xf32>
  %2 = ten.reshape %1 : tensor<12xf32> -> tensor<3x4xf32>
  %c = ten.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %3 = ten.reshape %c : tensor<4xi32> -> tensor<2x2xi32>
  return %0, %2, %3 : tensor<2x6xf32>, tensor<3x4xf32>, tensor<2x2xi32>
}

// -----

// CHECK-LABEL: func.func @cast_reduce_fold
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[S:.*]] = ten.reduce sum %[[X]] dims [0]
// CHECK-NEXT: %[[K:.*]] = ten.cast %[[X]] : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT: return %[[X]], %[[X]], %[[S]], %[[K]]
func.func @cast_reduce_fold(%x: tensor<4xf32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<4xf16>) {
  %0 = ten.cast %x : tensor<4xf32> -> tensor<4xf32>
  %1 = ten.reduce sum %x dims [] : tensor<4xf32> -> tensor<4xf32>
  %2 = ten.reduce sum %x dims [0] : tensor<4xf32> -> tensor<f32>
  %3 = ten.cast %x : tensor<4xf32> -> tensor<4xf16>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<4xf16>
}

// -----

// x ** 2 is x * x, for floats and integers.
// CHECK-LABEL: func.func @square
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[I:.*]]: tensor<4xi32>)
// CHECK-NEXT: %[[XX:.*]] = ten.mul %[[X]], %[[X]] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[II:.*]] = ten.mul %[[I]], %[[I]] : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: return %[[XX]], %[[II]]
func.func @square(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %two = ten.constant dense<2.0> : tensor<f32>
  %itwo = ten.constant dense<2> : tensor<4xi32>
  %0 = ten.pow %x, %two : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = ten.pow %i, %itwo : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Other exponents, and a 2 that broadcasts x to a larger shape, stay powers.
// CHECK-LABEL: func.func @square_kept
// CHECK-COUNT-3: ten.pow
func.func @square_kept(%x: tensor<4xf32>, %s: tensor<f32>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf32>) {
  %three = ten.constant dense<3.0> : tensor<f32>
  %twos = ten.constant dense<2.0> : tensor<3xf32>
  %0 = ten.pow %x, %three : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = ten.pow %x, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = ten.pow %s, %twos : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3xf32>
}

// -----

// Casts to fp8 fold as ml_dtypes rounds: to nearest even, f8E4M3FN's
// overflow to NaN (0x7F, 0xFF), f8E5M2's to infinity (0x7C, 0xFC); f64
// goes through f32 (0.0009765625000000002 is a tie in f32: 0, not 2^-9).
// Arithmetic on fp8 constants rounds its exact result once.

// CHECK-LABEL: func.func @fold_fp8
// CHECK-DAG: ten.constant dense<[0x7F, 4.480000e+02, 0.000000e+00, 0x7F, 0xFF, 3.906250e-03]> : tensor<6xf8E4M3FN>
// CHECK-DAG: ten.constant dense<[4.480000e+02, 4.480000e+02, 1.525880e-05, 0x7C, 0xFC, 2.929690e-03]> : tensor<6xf8E5M2>
// CHECK-DAG: ten.constant dense<0.000000e+00> : tensor<f8E4M3FN>
// CHECK-DAG: ten.constant dense<[0x7F, 6.000000e+00]> : tensor<2xf8E4M3FN>
// CHECK-DAG: ten.constant dense<[4.480000e+02, 3.000000e+00]> : tensor<2xf32>
// CHECK-NOT: ten.cast
// CHECK-NOT: ten.add
func.func @fold_fp8() -> (tensor<6xf8E4M3FN>, tensor<6xf8E5M2>, tensor<f8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf32>) {
  %c = ten.constant dense<[465.0, 464.0, 1.0e-5, 0x7F800000, 0xFF800000, 0.0029296875]> : tensor<6xf32>
  %0 = ten.cast %c : tensor<6xf32> -> tensor<6xf8E4M3FN>
  %1 = ten.cast %c : tensor<6xf32> -> tensor<6xf8E5M2>
  %t = ten.constant dense<0.0009765625000000002> : tensor<f64>
  %2 = ten.cast %t : tensor<f64> -> tensor<f8E4M3FN>
  %d = ten.constant dense<[448.0, 3.0]> : tensor<2xf8E4M3FN>
  %3 = ten.add %d, %d : (tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN>
  %4 = ten.cast %d : tensor<2xf8E4M3FN> -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<6xf8E4M3FN>, tensor<6xf8E5M2>, tensor<f8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf32>
}

// -----

// A slice that keeps every element in order is its input; a concat of one
// input is that input. Slices that select, reverse or state a more static
// type stay.
// CHECK-LABEL: func.func @slice_and_concat_identities
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[Y:.*]]: tensor<?x3xf32>, %[[O:.*]]: tensor<1xf32>)
// CHECK-NOT: ten.concat
// CHECK: %[[KEPT0:.*]] = ten.slice %[[X]] [::-1, :]
// CHECK: %[[KEPT1:.*]] = ten.slice %[[Y]] [-5:, :]
// CHECK: %[[KEPT2:.*]] = ten.slice %[[Y]] [:, :]
// CHECK-NOT: ten.slice
// CHECK: return %[[X]], %[[X]], %[[Y]], %[[O]], %[[X]], %[[KEPT0]], %[[KEPT1]], %[[KEPT2]]
func.func @slice_and_concat_identities(%x: tensor<4x3xf32>, %y: tensor<?x3xf32>, %o: tensor<1xf32>)
    -> (tensor<4x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>, tensor<1xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>, tensor<2x3xf32>) {
  %0 = ten.slice %x [:, :] : tensor<4x3xf32> -> tensor<4x3xf32>
  %1 = ten.slice %x [-10:100, 0:3:1] : tensor<4x3xf32> -> tensor<4x3xf32>
  %2 = ten.slice %y [0:, :] : tensor<?x3xf32> -> tensor<?x3xf32>
  %3 = ten.slice %o [::-1] : tensor<1xf32> -> tensor<1xf32>
  %4 = ten.concat %x along 1 : tensor<4x3xf32> -> tensor<4x3xf32>
  %5 = ten.slice %x [::-1, :] : tensor<4x3xf32> -> tensor<4x3xf32>
  // Whether -5 reaches the first row depends on the size.
  %6 = ten.slice %y [-5:, :] : tensor<?x3xf32> -> tensor<?x3xf32>
  %7 = ten.slice %y [:, :] : tensor<?x3xf32> -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>, tensor<1xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<?x3xf32>, tensor<2x3xf32>
}

// -----

// A bound given as a constant value becomes an attribute (the result keeps
// its type); bounds of other values stay values.
// CHECK-LABEL: func.func @slice_constant_bounds
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>, %[[I:.*]]: tensor<i64>, %[[V:.*]]: tensor<?x4xf32>)
// CHECK: %[[S:.*]] = ten.slice %[[X]] [2:%[[I]], :-1] : tensor<8x4xf32> -> tensor<?x?xf32>
// CHECK: %[[T:.*]] = ten.slice %[[X]] [%[[I]]:, :] : tensor<8x4xf32> -> tensor<?x4xf32>
// CHECK: %[[U:.*]] = ten.insert_slice %[[V]] into %[[X]] [-9223372036854775807:%[[I]], :]
// CHECK: return %[[S]], %[[T]], %[[U]]
func.func @slice_constant_bounds(%x: tensor<8x4xf32>, %i: tensor<i64>, %v: tensor<?x4xf32>)
    -> (tensor<?x?xf32>, tensor<?x4xf32>, tensor<8x4xf32>) {
  %c2 = ten.constant dense<2> : tensor<i64>
  %cm1 = ten.constant dense<-1> : tensor<i64>
  %min = ten.constant dense<-9223372036854775808> : tensor<i64>
  %0 = ten.slice %x [%c2:%i, :%cm1] : tensor<8x4xf32> -> tensor<?x?xf32>
  %1 = ten.slice %x [%i:, :] : tensor<8x4xf32> -> tensor<?x4xf32>
  %2 = ten.insert_slice %v into %x [%min:%i, :] : tensor<?x4xf32> into tensor<8x4xf32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x4xf32>, tensor<8x4xf32>
}

// -----

// Slices of splats are splats.
// CHECK-LABEL: func.func @slice_of_splat
// CHECK: %[[C:.*]] = ten.constant dense<2.500000e+00> : tensor<2xf32>
// CHECK: return %[[C]]
func.func @slice_of_splat() -> tensor<2xf32> {
  %c = ten.constant dense<2.5> : tensor<8xf32>
  %0 = ten.slice %c [1:5:2] : tensor<8xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// A scan along a dimension of one element is its input; along any other
// it stays.
// CHECK-LABEL: func.func @scan_of_one
// CHECK-SAME: (%[[X:.*]]: tensor<4x1xf32>, %[[Y:.*]]: tensor<?xi32>)
// CHECK: %[[KEPT0:.*]] = ten.scan sum %[[X]] dim 0
// CHECK: %[[KEPT1:.*]] = ten.scan max %[[Y]] dim 0
// CHECK: return %[[X]], %[[KEPT0]], %[[KEPT1]]
func.func @scan_of_one(%x: tensor<4x1xf32>, %y: tensor<?xi32>) -> (tensor<4x1xf32>, tensor<4x1xf32>, tensor<?xi32>) {
  %0 = ten.scan prod %x dim 1 : tensor<4x1xf32>
  %1 = ten.scan sum %x dim 0 : tensor<4x1xf32>
  %2 = ten.scan max %y dim 0 : tensor<?xi32>
  return %0, %1, %2 : tensor<4x1xf32>, tensor<4x1xf32>, tensor<?xi32>
}

// -----

// A scatter at no index is its destination; at any index it stays.
// CHECK-LABEL: func.func @scatter_of_nothing
// CHECK-SAME: (%[[X:.*]]: tensor<4x3xf32>, %[[I:.*]]: tensor<0xi64>, %[[U:.*]]: tensor<0x3xf32>, %[[J:.*]]: tensor<?xi64>, %[[V:.*]]: tensor<?x3xf32>)
// CHECK: %[[KEPT:.*]] = ten.scatter add %[[X]], %[[J]], %[[V]] dim 0
// CHECK: return %[[X]], %[[KEPT]]
func.func @scatter_of_nothing(%x: tensor<4x3xf32>, %i: tensor<0xi64>, %u: tensor<0x3xf32>, %j: tensor<?xi64>, %v: tensor<?x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>) {
  %0 = ten.scatter assign %x, %i, %u dim 0 : (tensor<4x3xf32>, tensor<0xi64>, tensor<0x3xf32>) -> tensor<4x3xf32>
  %1 = ten.scatter add %x, %j, %v dim 0 : (tensor<4x3xf32>, tensor<?xi64>, tensor<?x3xf32>) -> tensor<4x3xf32>
  return %0, %1 : tensor<4x3xf32>, tensor<4x3xf32>
}

// -----

// Bitcasts: to the same type, back to the type they came from, and of
// constants, folded; through booleans (2 becomes true, then 1) and of
// complex constants, kept.
// CHECK-LABEL: func.func @fold_bitcast
// CHECK-DAG: %[[BITS:.*]] = ten.constant dense<[1065353216, -1073741824]> : tensor<2xi32>
// CHECK-DAG: %[[SPLAT:.*]] = ten.constant dense<15360> : tensor<3xui16>
// CHECK-DAG: %[[TO_BOOL:.*]] = ten.bitcast %{{.*}} : tensor<4xi8> -> tensor<4xi1>
// CHECK-DAG: %[[FROM_BOOL:.*]] = ten.bitcast %[[TO_BOOL]] : tensor<4xi1> -> tensor<4xi8>
// CHECK-DAG: %[[COMPLEX:.*]] = ten.bitcast %{{.*}} : tensor<complex<f32>> -> tensor<i64>
// CHECK: return %arg0, %arg0, %[[BITS]], %[[SPLAT]], %[[FROM_BOOL]], %[[COMPLEX]]
func.func @fold_bitcast(%x: tensor<4xf32>, %b: tensor<4xi8>)
    -> (tensor<4xf32>, tensor<4xf32>, tensor<2xi32>, tensor<3xui16>, tensor<4xi8>, tensor<i64>) {
  %same = ten.bitcast %x : tensor<4xf32> -> tensor<4xf32>
  %bits = ten.bitcast %x : tensor<4xf32> -> tensor<4xui32>
  %back = ten.bitcast %bits : tensor<4xui32> -> tensor<4xf32>
  %f = ten.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %0 = ten.bitcast %f : tensor<2xf32> -> tensor<2xi32>
  %h = ten.constant dense<1.0> : tensor<3xf16>
  %1 = ten.bitcast %h : tensor<3xf16> -> tensor<3xui16>
  %flag = ten.bitcast %b : tensor<4xi8> -> tensor<4xi1>
  %2 = ten.bitcast %flag : tensor<4xi1> -> tensor<4xi8>
  %c = ten.constant dense<(1.0, 2.0)> : tensor<complex<f32>>
  %3 = ten.bitcast %c : tensor<complex<f32>> -> tensor<i64>
  return %same, %back, %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<2xi32>, tensor<3xui16>, tensor<4xi8>, tensor<i64>
}

// -----

// A check of a constant condition of true elements only, or of none,
// holds: erased. One of a constant with a false element stays to fail the
// run, as does one of a value known only when it runs.
// CHECK-LABEL: func.func @fold_assert
// CHECK-SAME: (%[[C:.*]]: tensor<3xi1>)
// CHECK-NOT: "always holds"
// CHECK-NOT: "holds when empty"
// CHECK: ten.assert %{{.*}}, "fails on every run" : tensor<2xi1>
// CHECK: ten.assert %[[C]], "known when it runs" : tensor<3xi1>
// CHECK-NOT: ten.assert
func.func @fold_assert(%c: tensor<3xi1>) {
  %true = ten.constant dense<true> : tensor<4xi1>
  ten.assert %true, "always holds" : tensor<4xi1>
  %empty = ten.constant dense<> : tensor<0xi1>
  ten.assert %empty, "holds when empty" : tensor<0xi1>
  %mixed = ten.constant dense<[true, false]> : tensor<2xi1>
  ten.assert %mixed, "fails on every run" : tensor<2xi1>
  ten.assert %c, "known when it runs" : tensor<3xi1>
  return
}
