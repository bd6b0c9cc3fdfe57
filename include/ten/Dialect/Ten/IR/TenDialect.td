//===- TenDialect.td - the ten dialect ---------------------*- tablegen -*-===//

#ifndef TEN_DIALECT_TEN_IR_TENDIALECT_TD
#define TEN_DIALECT_TEN_IR_TENDIALECT_TD

include "mlir/IR/OpBase.td"

def Ten_Dialect : Dialect {
  let name = "ten";
  let cppNamespace = "::mlir::ten";
  let summary = "Tensor programs as NumPy and PyTorch users write them";
  let description = [{
    The `ten` dialect holds tensor programs written the way NumPy and PyTorch
    users write them: einsum with NumPy's subscripts, elementwise math and
    comparisons that broadcast implicitly by NumPy's rules, reductions with
    `keepdim`, casts, transposes and reshapes. Values are builtin ranked
    tensors with static or dynamic dimensions; every op is pure, infers its
    result type where it can, and rejects ill-formed uses with a diagnostic
    naming the operand and dimension at fault.

    Element types are `f16`, `bf16`, `f32`, `f64`, `i1`, the signed integers
    `i8`, `i16`, `i32`, `i64` and the unsigned integers `ui8`, `ui16`,
    `ui32`, `ui64`, and the complex numbers `complex<f32>` and
    `complex<f64>`. Integer arithmetic wraps, as NumPy's does; signedness
    decides division, comparisons, `max`/`min` and conversions.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

// Every tensor an op takes or yields fits in memory: its static sizes and
// element size multiply to at most 2^63 - 1 bytes (TenTraits.h).
def Ten_AddressableTensors : NativeOpTrait<"AddressableTensors"> {
  let cppNamespace = "::mlir::ten";
}

class Ten_Op<string mnemonic, list<Trait> traits = []>
    : Op<Ten_Dialect, mnemonic, !listconcat([Ten_AddressableTensors], traits)>;

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

// Element types, summarized by the dialect's spelling of them: a verifier's
// message reads "must be ranked tensor of f16, bf16, f32 or f64 values".
// The fp8 formats are storage types: ten-widen-fp8 computes on them in f32.
def Ten_FloatElement : AnyTypeOf<[F8E4M3FN, F8E5M2, F16, BF16, F32, F64],
    "f8E4M3FN, f8E5M2, f16, bf16, f32 or f64">;
def Ten_IntElement : AnyTypeOf<[I8, I16, I32, I64, UI8, UI16, UI32, UI64],
    "i8, i16, i32, i64, ui8, ui16, ui32 or ui64">;
def Ten_ComplexElement : AnyTypeOf<[Complex<F32>, Complex<F64>],
    "complex<f32> or complex<f64>">;
def Ten_RealElement : AnyTypeOf<[Ten_FloatElement, Ten_IntElement],
    "f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8, i16, i32, i64, ui8, ui16, "
    "ui32 or ui64">;
def Ten_NumericElement : AnyTypeOf<[Ten_RealElement, Ten_ComplexElement],
    "f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i8, i16, i32, i64, ui8, ui16, "
    "ui32, ui64, complex<f32> or complex<f64>">;
def Ten_InexactElement : AnyTypeOf<[Ten_FloatElement, Ten_ComplexElement],
    "f8E4M3FN, f8E5M2, f16, bf16, f32, f64, complex<f32> or complex<f64>">;
def Ten_OrderedElement : AnyTypeOf<[Ten_RealElement, I1],
    "f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, "
    "ui32 or ui64">;
def Ten_Element : AnyTypeOf<[Ten_NumericElement, I1],
    "f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui16, "
    "ui32, ui64, complex<f32> or complex<f64>">;

// Every tensor the dialect takes.
def Ten_Tensor : RankedTensorOf<[Ten_Element]>;
// Tensors of numbers: arithmetic is not defined on i1.
def Ten_NumericTensor : RankedTensorOf<[Ten_NumericElement]>;
// Tensors of real numbers.
def Ten_RealTensor : RankedTensorOf<[Ten_RealElement]>;
// Tensors whose elements compare without a choice of order: reals and i1.
def Ten_OrderedTensor : RankedTensorOf<[Ten_OrderedElement]>;
def Ten_FloatTensor : RankedTensorOf<[Ten_FloatElement]>;
// Floats and complex numbers: what transcendental functions take.
def Ten_InexactTensor : RankedTensorOf<[Ten_InexactElement]>;
def Ten_BoolTensor : RankedTensorOf<[I1]>;
// Integers: what shifts take.
def Ten_IntTensor : RankedTensorOf<[Ten_IntElement]>;
// Integers and booleans: what bitwise operations take.
def Ten_IntOrBoolTensor : RankedTensorOf<[AnyTypeOf<[Ten_IntElement, I1],
    "i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64">]>;
// Real numbers and booleans: what rounding takes.
def Ten_RealOrBoolTensor : RankedTensorOf<[AnyTypeOf<[Ten_RealElement, I1],
    "f8E4M3FN, f8E5M2, f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, "
    "ui16, ui32 or ui64">]>;
// The parts of complex numbers, and complex numbers.
def Ten_ComplexPartTensor
    : RankedTensorOf<[AnyTypeOf<[F32, F64], "f32 or f64">]>;
def Ten_ComplexTensor : RankedTensorOf<[Ten_ComplexElement]>;

#endif // TEN_DIALECT_TEN_IR_TENDIALECT_TD
