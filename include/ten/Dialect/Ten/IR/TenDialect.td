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

    Element types are `f16`, `bf16`, `f32`, `f64`, `i1`, `i8`, `i32` and
    `i64`; integers are signed.
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

def Ten_FloatElement : AnyTypeOf<[F16, BF16, F32, F64]>;
def Ten_IntElement : AnyTypeOf<[I8, I32, I64]>;

// Every tensor the dialect takes.
def Ten_Tensor : RankedTensorOf<[F16, BF16, F32, F64, I1, I8, I32, I64]>;
// Tensors of numbers: arithmetic is not defined on i1.
def Ten_NumericTensor : RankedTensorOf<[F16, BF16, F32, F64, I8, I32, I64]>;
def Ten_FloatTensor : RankedTensorOf<[F16, BF16, F32, F64]>;
def Ten_BoolTensor : RankedTensorOf<[I1]>;

#endif // TEN_DIALECT_TEN_IR_TENDIALECT_TD
