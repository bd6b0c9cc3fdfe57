//===- TenOps.td - ten operations --------------------------*- tablegen -*-===//

#ifndef TEN_DIALECT_TEN_IR_TENOPS_TD
#define TEN_DIALECT_TEN_IR_TENOPS_TD

include "ten/Dialect/Ten/IR/TenDialect.td"
include "ten/Dialect/Ten/IR/TenEnums.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Ops whose result type follows from their operands. A stated result type may
// be more static than the inferred one: a size that only run time can confirm
// is checked there.
defvar Ten_CompatibleResultsDef = [{
  bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                          ::mlir::TypeRange actual) {
    return areCompatibleResults(inferred, actual);
  }
}];

class Ten_InferringOp<string mnemonic, list<Trait> traits = []>
    : Ten_Op<mnemonic, !listconcat(traits,
                                   [Pure, InferTypeOpAdaptorWithIsCompatible])> {
  let extraClassDefinition = Ten_CompatibleResultsDef;
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

def Ten_EinsumOp : Ten_InferringOp<"einsum"> {
  let summary = "Einstein summation with NumPy's subscripts";
  let description = [{
    Computes the Einstein summation that `equation` describes over one or more
    operands, with the grammar and semantics of `numpy.einsum`:

    - one term of letters (`a-z`, `A-Z`) per operand, separated by `,`;
      spaces are ignored;
    - `->` followed by the output term, or no `->` for NumPy's implicit
      output (the broadcast dimensions, then the letters that appear exactly
      once, in ASCII order, so upper case before lower case);
    - at most one `...` per term, anywhere in it, standing for the dimensions
      the letters do not name; these broadcast across operands by NumPy's
      rules (aligned on the right); an explicit output without `...` sums
      them (as `numpy.einsum(..., optimize=True)`, PyTorch and JAX do);
    - a letter repeated within one operand takes that operand's diagonal;
    - a letter that is not in the output is summed over;
    - sizes of 1 broadcast against the sizes of the same letter in other
      operands.

    All operands share one element type, which is the result's.

    The canonicalizer makes an einsum of one operand that only reorders its
    dimensions a `ten.transpose`, and one that sums some of them (no
    diagonal, not of `i1`) a `ten.reduce sum` over those, then a transpose
    where the others are reordered.

    ```mlir
    %c = ten.einsum "bij,bjk->bik" (%a, %b)
           : (tensor<32x100x64xf32>, tensor<32x64x128xf32>) -> tensor<32x100x128xf32>
    %d = ten.einsum "ii->i" (%m) : (tensor<4x4xf32>) -> tensor<4xf32>
    %e = ten.einsum "...ij,...jk" (%x, %y)
           : (tensor<8x2x3xf64>, tensor<3x5xf64>) -> tensor<8x2x5xf64>
    ```
  }];
  let arguments = (ins StrAttr:$equation, Variadic<Ten_Tensor>:$inputs);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    $equation ` ` `(` $inputs `)` attr-dict `:`
    functional-type($inputs, $result)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

def Ten_BroadcastOp : Ten_Op<"broadcast", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Explicit broadcast by NumPy's rules";
  let description = [{
    Broadcasts `input` to the shape of the result by NumPy's rules: shapes are
    aligned on their trailing dimensions, the result has at least the input's
    rank, and every input dimension either equals the result's or is 1. A
    dynamic input dimension must be 1 or the result's size at run time.

    ```mlir
    %y = ten.broadcast %bias : tensor<512xf32> -> tensor<1000x512xf32>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise binary ops
//===----------------------------------------------------------------------===//

// Binary ops broadcast their operands implicitly, by NumPy's rules; the result
// has the broadcast shape. Both operands have one element type.
class Ten_BroadcastingOp<string mnemonic, list<Trait> traits = []>
    : Ten_InferringOp<mnemonic, traits>;

class Ten_BinaryOp<string mnemonic, Type operandType, string what,
                   list<Trait> traits = []>
    : Ten_BroadcastingOp<mnemonic, traits> {
  let summary = "Elementwise " # what # ", broadcasting by NumPy's rules";
  // The op catalogue (ten-tblgen -gen-op-catalogue): the Python package's
  // NumPy-named function, and the NumPy ufunc whose result dtype it takes.
  string pythonName = mnemonic;
  string numpyTypeRule = pythonName;
  let description = [{
    Computes the elementwise }] # what # [{ of `lhs` and `rhs`. The operands
    broadcast by NumPy's rules (aligned on their trailing dimensions; a size
    of 1 stretches) and share one element type, which is the result's.

    ```mlir
    %z = ten.}] # mnemonic # [{ %m, %bias
           : (tensor<1000x512xf32>, tensor<512xf32>) -> tensor<1000x512xf32>
    ```
  }];
  let arguments = (ins operandType:$lhs, operandType:$rhs);
  let results = (outs operandType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
  let extraClassDefinition = Ten_CompatibleResultsDef # [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location> loc,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &results) {
      return inferBinaryResult(adaptor.getLhs(), adaptor.getRhs(), loc,
                               results);
    }
  }];
}

def Ten_AddOp : Ten_BinaryOp<"add", Ten_NumericTensor, "sum", [Commutative]>;
def Ten_SubOp : Ten_BinaryOp<"sub", Ten_NumericTensor, "difference"> {
  let pythonName = "subtract";
}
def Ten_MulOp : Ten_BinaryOp<"mul", Ten_NumericTensor, "product", [Commutative]> {
  let pythonName = "multiply";
}
def Ten_DivOp : Ten_BinaryOp<"div", Ten_NumericTensor,
    "quotient (integers: floor division, as NumPy's `//`)"> {
  let pythonName = "divide";
  let numpyTypeRule = "true_divide";
}
def Ten_PowOp : Ten_BinaryOp<"pow", Ten_NumericTensor,
    "power `lhs ** rhs`"> {
  let hasCanonicalizer = 1;
  let pythonName = "power";
}
// Complex numbers order lexicographically, as in NumPy.
def Ten_MaxOp : Ten_BinaryOp<"max", Ten_Tensor,
    "maximum (NaN-propagating, as NumPy's `maximum`)", [Commutative]> {
  let pythonName = "maximum";
}
def Ten_MinOp : Ten_BinaryOp<"min", Ten_Tensor,
    "minimum (NaN-propagating, as NumPy's `minimum`)", [Commutative]> {
  let pythonName = "minimum";
}

// Binary ops that nothing folds yet (their constants fold when lowered).
class Ten_PlainBinaryOp<string mnemonic, Type operandType, string what,
                        string python, list<Trait> traits = []>
    : Ten_BinaryOp<mnemonic, operandType, what, traits> {
  let hasFolder = 0;
  let pythonName = python;
}

// Division with NumPy's rounding. Integers: x // 0 and x % 0 are 0, and the
// most negative value // -1 wraps to itself, as NumPy gives them. Floats:
// the quotient is floor((x - x % y) / y), the remainder takes the divisor's
// sign (NumPy's divmod); x // 0 is x / 0 (an infinity or NaN), x % 0 NaN.
def Ten_FloorDivOp : Ten_PlainBinaryOp<"floordiv", Ten_RealTensor,
    "floor division `x // y`", "floor_divide">;
def Ten_RemOp : Ten_PlainBinaryOp<"rem", Ten_RealTensor,
    "remainder `x % y`, with the divisor's sign", "remainder">;
// C's fmod: the remainder of the quotient rounded toward zero, with the
// dividend's sign; integers by 0 give 0.
def Ten_FmodOp : Ten_PlainBinaryOp<"fmod", Ten_RealTensor,
    "remainder with the dividend's sign", "fmod">;
def Ten_Atan2Op : Ten_PlainBinaryOp<"atan2", Ten_FloatTensor,
    "angle of the point (`rhs`, `lhs`), `atan2(lhs, rhs)`", "arctan2"> {
  let numpyTypeRule = "arctan2";
}

// The greatest common divisor of the operands' magnitudes (a signed
// integer's read as unsigned, so the most negative value's is 2^(w-1),
// whose bits the result keeps, as NumPy's gcd wraps); 0 for two zeros. An
// elementwise loop of Euclid's steps, as many as the pair needs.
def Ten_GcdOp : Ten_PlainBinaryOp<"gcd", Ten_IntTensor,
    "greatest common divisor of the magnitudes", "gcd", [Commutative]>;

// Bits: of booleans, the logical operations.
def Ten_AndOp : Ten_PlainBinaryOp<"and", Ten_IntOrBoolTensor,
    "bitwise and `x & y`", "bitwise_and", [Commutative]>;
def Ten_OrOp : Ten_PlainBinaryOp<"or", Ten_IntOrBoolTensor,
    "bitwise or `x | y`", "bitwise_or", [Commutative]>;
def Ten_XorOp : Ten_PlainBinaryOp<"xor", Ten_IntOrBoolTensor,
    "bitwise exclusive or `x ^ y`", "bitwise_xor", [Commutative]>;
// Shifts by the bits of the amount read as unsigned, as NumPy does: a
// shift by the width or more (a negative amount included) gives 0, or -1
// for a negative signed integer shifted right (the sign fills it).
def Ten_ShlOp : Ten_PlainBinaryOp<"shl", Ten_IntTensor,
    "left shift `x << y`", "left_shift">;
def Ten_ShrOp : Ten_PlainBinaryOp<"shr", Ten_IntTensor,
    "right shift `x >> y` (arithmetic for signed integers)", "right_shift">;

def Ten_CmpOp : Ten_BroadcastingOp<"cmp"> {
  let summary = "Elementwise comparison, broadcasting by NumPy's rules";
  let description = [{
    Compares `lhs` and `rhs` elementwise with `predicate` (`eq`, `ne`, `lt`,
    `le`, `gt`, `ge`) and yields `i1`. The operands broadcast by NumPy's rules
    and share one element type. Comparisons with NaN are false, except `ne`.
    Complex numbers order lexicographically, as NumPy orders them: by their
    real parts, then by their imaginary parts.

    ```mlir
    %p = ten.cmp gt, %x, %t : (tensor<1000x1000xf32>, tensor<f32>) -> tensor<1000x1000xi1>
    ```
  }];
  let arguments = (ins Ten_CmpPredicateAttr:$predicate, Ten_Tensor:$lhs,
                       Ten_Tensor:$rhs);
  let results = (outs Ten_BoolTensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($predicate) `,` $lhs `,` $rhs attr-dict `:` functional-type(operands, results)
  }];
  let hasFolder = 1;
}

def Ten_ComplexOp : Ten_BroadcastingOp<"complex"> {
  let summary = "Complex numbers from their parts, broadcasting by NumPy's rules";
  let description = [{
    Yields the complex numbers whose real parts are `real` and imaginary
    parts `imag` (as `torch.complex` and `jax.lax.complex`). The operands
    broadcast by NumPy's rules and share one element type, f32 or f64; the
    result's is the complex type of it. Unlike NumPy's `real + 1j * imag`,
    an infinite part leaves the other part as it is (NumPy's product makes
    it NaN).

    ```mlir
    %z = ten.complex %re, %im : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4x4xcomplex<f32>>
    ```
  }];
  let arguments = (ins Ten_ComplexPartTensor:$real,
                       Ten_ComplexPartTensor:$imag);
  let results = (outs Ten_ComplexTensor:$result);
  let assemblyFormat = [{
    $real `,` $imag attr-dict `:` functional-type(operands, results)
  }];
}

def Ten_SelectOp : Ten_BroadcastingOp<"select"> {
  let summary = "Elementwise choice between two tensors (NumPy's `where`)";
  let description = [{
    Yields `true_value` where `condition` holds and `false_value` elsewhere.
    All three operands broadcast together by NumPy's rules; the two values
    share one element type, which is the result's.

    ```mlir
    %w = ten.select %p, %a, %b
           : (tensor<1000x1000xi1>, tensor<1000x1000xf32>, tensor<1000x1000xf32>) -> tensor<1000x1000xf32>
    ```
  }];
  let arguments = (ins Ten_BoolTensor:$condition, Ten_Tensor:$true_value,
                       Ten_Tensor:$false_value);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:`
    functional-type(operands, results)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise unary ops
//===----------------------------------------------------------------------===//

// `toReal`: the result of a complex input is real (its element type is the
// complex type's part), inferred; other inputs keep their type.
class Ten_UnaryOp<string mnemonic, Type type, string what,
                  list<Trait> traits = [], bit toReal = 0, bit toBool = 0>
    : Ten_Op<mnemonic, !listconcat(traits,
                                   [Pure, Elementwise],
                                   !if(!or(toReal, toBool),
                                       [SameOperandsAndResultShape,
                                        InferTypeOpAdaptor],
                                       [SameOperandsAndResultType]))> {
  let summary = "Elementwise " # what;
  // The op catalogue (ten-tblgen -gen-op-catalogue): the Python package's
  // NumPy-named function, and the NumPy ufunc whose result dtype it takes.
  string pythonName = mnemonic;
  string numpyTypeRule = pythonName;
  let description = [{
    Computes the }] # what # [{ of every element of `input`; the result has
    the input's }] # !if(toBool, [{shape and the element type `i1`}],
    [{type}] # !if(toReal, [{, except that the result of complex
    numbers is real (`complex<f32>` gives `f32`)}], "")) # [{.

    ```mlir
    %y = ten.}] # mnemonic # [{ %x : tensor<4096x4096xf32>
    ```
  }];
  let arguments = (ins type:$input);
  let results = (outs !if(toBool, Ten_BoolTensor, type):$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let extraClassDefinition = !if(toReal, [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *, std::optional<::mlir::Location>,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &results) {
      results.push_back(getRealType(adaptor.getInput().getType()));
      return ::mlir::success();
    }
  }], !if(toBool, [{
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *context, std::optional<::mlir::Location>,
        Adaptor adaptor, ::llvm::SmallVectorImpl<::mlir::Type> &results) {
      results.push_back(::llvm::cast<::mlir::RankedTensorType>(
          adaptor.getInput().getType()).clone(
              ::mlir::IntegerType::get(context, 1)));
      return ::mlir::success();
    }
  }], ""));
}

def Ten_NegOp : Ten_UnaryOp<"neg", Ten_NumericTensor, "negation `-x`"> {
  let hasFolder = 1;
  let pythonName = "negative";
}
def Ten_AbsOp : Ten_UnaryOp<"abs", Ten_NumericTensor, "absolute value `|x|`",
                            [], /*toReal=*/1> {
  let hasFolder = 1;
  let numpyTypeRule = "absolute";
}
def Ten_ReluOp : Ten_UnaryOp<"relu", Ten_RealTensor, "rectified linear unit `max(x, 0)`"> {
  let numpyTypeRule = "maximum";
}
def Ten_ExpOp : Ten_UnaryOp<"exp", Ten_InexactTensor, "exponential `e ** x`">;
def Ten_LogOp : Ten_UnaryOp<"log", Ten_InexactTensor, "natural logarithm">;
def Ten_SqrtOp : Ten_UnaryOp<"sqrt", Ten_InexactTensor, "square root">;
def Ten_RsqrtOp : Ten_UnaryOp<"rsqrt", Ten_FloatTensor,
    "reciprocal square root `1 / sqrt(x)`"> {
  let numpyTypeRule = "sqrt";
}
def Ten_TanhOp : Ten_UnaryOp<"tanh", Ten_InexactTensor,
    "hyperbolic tangent">;
def Ten_SigmoidOp : Ten_UnaryOp<"sigmoid", Ten_FloatTensor,
    "logistic sigmoid `1 / (1 + exp(-x))`"> {
  let numpyTypeRule = "exp";
}
def Ten_SinOp : Ten_UnaryOp<"sin", Ten_InexactTensor, "sine">;
def Ten_CosOp : Ten_UnaryOp<"cos", Ten_InexactTensor, "cosine">;
def Ten_ErfOp : Ten_UnaryOp<"erf", Ten_FloatTensor, "error function"> {
  let numpyTypeRule = "exp";
}
def Ten_ErfcOp : Ten_UnaryOp<"erfc", Ten_FloatTensor,
    "complementary error function `1 - erf(x)`"> {
  let numpyTypeRule = "exp";
}

// Complex numbers' parts. Real numbers are their own real part, with an
// imaginary part of 0 and an angle of 0 (pi if negative), as in NumPy.
// As NumPy's, real and imag take booleans too (the value, false).
def Ten_RealOp : Ten_UnaryOp<"real", Ten_Tensor, "real part",
                             [], /*toReal=*/1>;
def Ten_ImagOp : Ten_UnaryOp<"imag", Ten_Tensor, "imaginary part",
                             [], /*toReal=*/1>;
def Ten_ConjOp : Ten_UnaryOp<"conj", Ten_NumericTensor, "complex conjugate"> {
  let pythonName = "conjugate";
}
def Ten_AngleOp : Ten_UnaryOp<"angle", Ten_InexactTensor,
    "angle in radians, in (-pi, pi] (`atan2(imag, real)`)", [], /*toReal=*/1>;

// Rounding to integral values. Integers and booleans are their own
// rounding, as in NumPy 2 (which keeps their dtype).
def Ten_FloorOp : Ten_UnaryOp<"floor", Ten_RealOrBoolTensor,
    "largest integral value not above `x`">;
def Ten_CeilOp : Ten_UnaryOp<"ceil", Ten_RealOrBoolTensor,
    "smallest integral value not below `x`">;
def Ten_TruncOp : Ten_UnaryOp<"trunc", Ten_RealOrBoolTensor,
    "integral part (rounding toward zero)">;
// NumPy's rint and round(x): halves round to even; each part of a complex
// number rounds.
def Ten_RoundOp : Ten_UnaryOp<"round", Ten_NumericTensor,
    "nearest integral value, halves to even"> {
  let pythonName = "rint";
}
// NumPy 2's sign: -1, 0 or 1 (NaN for NaN); z / |z| for complex z != 0,
// the unit along an infinite part beside a finite or NaN one. Complex
// inputs of every function here keep C99's special values (Annex G), as
// NumPy's do (lib/Conversion/TenToLinalg/ComplexMath.cpp).
def Ten_SignOp : Ten_UnaryOp<"sign", Ten_NumericTensor, "sign">;
def Ten_SquareOp : Ten_UnaryOp<"square", Ten_NumericTensor, "square `x * x`">;
// Integers: 1 / x rounded toward zero, as NumPy computes it (1 and -1 keep
// their value, every other nonzero x gives 0); 1 / 0 gives NumPy's value on
// x86-64, the most negative value for signed integers of 32 and 64 bits and
// 0 otherwise. Complex numbers: NumPy's (Smith's) quotient, NaN in both
// parts for 0.
def Ten_ReciprocalOp : Ten_UnaryOp<"reciprocal", Ten_NumericTensor,
    "reciprocal `1 / x`">;

// Transcendental functions of the standard library.
def Ten_Log1pOp : Ten_UnaryOp<"log1p", Ten_InexactTensor,
    "natural logarithm of `1 + x`, exact for small `x`">;
def Ten_Expm1Op : Ten_UnaryOp<"expm1", Ten_InexactTensor,
    "`e ** x - 1`, exact for small `x`">;
def Ten_Log2Op : Ten_UnaryOp<"log2", Ten_InexactTensor, "base-2 logarithm">;
def Ten_Log10Op : Ten_UnaryOp<"log10", Ten_InexactTensor,
    "base-10 logarithm">;
def Ten_Exp2Op : Ten_UnaryOp<"exp2", Ten_InexactTensor, "power `2 ** x`">;
def Ten_CbrtOp : Ten_UnaryOp<"cbrt", Ten_FloatTensor,
    "real cube root (negative for negative numbers)">;
def Ten_TanOp : Ten_UnaryOp<"tan", Ten_InexactTensor, "tangent">;
def Ten_AsinOp : Ten_UnaryOp<"asin", Ten_InexactTensor, "inverse sine"> {
  let pythonName = "arcsin";
}
def Ten_AcosOp : Ten_UnaryOp<"acos", Ten_InexactTensor, "inverse cosine"> {
  let pythonName = "arccos";
}
def Ten_AtanOp : Ten_UnaryOp<"atan", Ten_InexactTensor, "inverse tangent"> {
  let pythonName = "arctan";
}
def Ten_SinhOp : Ten_UnaryOp<"sinh", Ten_InexactTensor, "hyperbolic sine">;
def Ten_CoshOp : Ten_UnaryOp<"cosh", Ten_InexactTensor, "hyperbolic cosine">;
def Ten_AsinhOp : Ten_UnaryOp<"asinh", Ten_InexactTensor,
    "inverse hyperbolic sine"> {
  let pythonName = "arcsinh";
}
def Ten_AcoshOp : Ten_UnaryOp<"acosh", Ten_InexactTensor,
    "inverse hyperbolic cosine"> {
  let pythonName = "arccosh";
}
def Ten_AtanhOp : Ten_UnaryOp<"atanh", Ten_InexactTensor,
    "inverse hyperbolic tangent"> {
  let pythonName = "arctanh";
}

// Classification: integers and booleans are finite numbers.
def Ten_IsNanOp : Ten_UnaryOp<"isnan", Ten_Tensor,
    "test for NaN (a complex number with a NaN part)", [], 0, /*toBool=*/1>;
def Ten_IsInfOp : Ten_UnaryOp<"isinf", Ten_Tensor,
    "test for an infinity (a complex number with an infinite part)",
    [], 0, /*toBool=*/1>;
def Ten_IsFiniteOp : Ten_UnaryOp<"isfinite", Ten_Tensor,
    "test for a finite number (both parts, for complex numbers)",
    [], 0, /*toBool=*/1>;

// Bits. The complement of a boolean is its negation.
def Ten_NotOp : Ten_UnaryOp<"not", Ten_IntOrBoolTensor,
    "bitwise complement `~x`"> {
  let pythonName = "invert";
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

def Ten_ReduceOp : Ten_InferringOp<"reduce"> {
  let summary = "Reduction over some dimensions";
  let description = [{
    Reduces `input` over the dimensions `dims` (distinct, each in
    `[0, rank)`) with `kind`:

    | kind | input | result element |
    |---|---|---|
    | `sum`, `prod` | numbers (not `i1`) | the input's |
    | `mean` | floats | the input's |
    | `max`, `min` | any | the input's (NaN propagates) |
    | `argmax`, `argmin` | any; exactly one dim | `i64`, the first index among ties |
    | `any`, `all` | any (non-zero is true) | `i1` |

    Without `keepdim` the reduced dimensions are dropped; with it they stay,
    with size 1, as NumPy's `keepdims=True`. `max`, `min`, `argmax` and
    `argmin` have no identity and reject a dimension of static size 0.
    Low-precision floats (`f16`, `bf16`) are accumulated in `f32`.

    ```mlir
    %s = ten.reduce sum %x dims [1] : tensor<4096x4096xf32> -> tensor<4096xf32>
    %k = ten.reduce max %x dims [2] keepdim : tensor<64x512x512xf32> -> tensor<64x512x1xf32>
    %i = ten.reduce argmax %x dims [0] : tensor<10x3xf32> -> tensor<3xi64>
    ```
  }];
  let arguments = (ins Ten_ReduceKindAttr:$kind, Ten_Tensor:$input,
                       DenseI64ArrayAttr:$dims, UnitAttr:$keepdim);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $input `dims` $dims (`keepdim` $keepdim^)? attr-dict `:`
    type($input) `->` type($result)
  }];
  let hasFolder = 1;
}

def Ten_ScanOp : Ten_Op<"scan", [Pure, SameOperandsAndResultType]> {
  let summary = "Inclusive scan along one dimension";
  let description = [{
    Element `i` along `dim` of the result combines elements `0..i` along
    `dim` of `input` with `kind`, in order: NumPy's `cumsum` and `cumprod`
    (`sum`, `prod`) and `np.maximum.accumulate`/`np.minimum.accumulate`
    (`max`, `min`: a NaN, or a complex number with a NaN part, propagates
    from where it appears; complex numbers order lexicographically). The
    result has the input's type: each step rounds to it, as NumPy's
    accumulation in the result's dtype does (cast the input first to
    accumulate in a wider type, as NumPy's integer `cumsum` does in
    `int64`). `sum` and `prod` reject `i1`.

    The CPU target scans each line in order, but for few long lines on
    several threads (at least 2^16 elements along the last dimension): each
    is cut in blocks, whose totals are reduced and scanned, then the blocks
    are scanned at once, each from the total of those before. The CUDA
    target scans lines of
    more than 1024 elements (or of a size known only when the program runs)
    in blocks of 32, each block in order on a thread of its own, the
    blocks' totals in blocks again: sums and products of floats then
    associate differently from NumPy's order (within rounding of the exact
    result); integers, maxima and minima are the same.

    ```mlir
    %c = ten.scan sum %x dim 1 : tensor<4x5xf32>
    %m = ten.scan max %x dim 0 : tensor<?x3xi64>
    ```
  }];
  let arguments = (ins Ten_ScanKindAttr:$kind, Ten_Tensor:$input,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $input `dim` $dim attr-dict `:` type($input)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Ten_FftOp : Ten_Op<"fft", [Pure]> {
  let summary = "Discrete Fourier transform along one dimension";
  let description = [{
    The discrete Fourier transform of every line of `input` along `dim`,
    unnormalized (FFTW's and cuFFT's convention; NumPy's `norm` is a scale
    around it). For a line `x` of `n` elements, with `kind`:

    | kind | input | result along `dim` |
    |---|---|---|
    | `forward` | complex, `n` | `X[k] = sum_j x[j] exp(-2 pi i j k / n)` |
    | `inverse` | complex, `n` | `sum_j x[j] exp(+2 pi i j k / n)` (NumPy's `ifft` times `n`) |
    | `real_forward` | `f32`/`f64`, `n` | `forward`'s first `n / 2 + 1` (NumPy's `rfft`) |
    | `real_inverse` | complex, `n / 2 + 1` | `n` reals: `inverse` of the Hermitian line these begin (NumPy's `irfft` times `n`) |

    `real_inverse` takes its length `n` from the result type: `n / 2 + 1`
    input elements may be `2m` or `2m + 1` reals. As NumPy's, it ignores
    the imaginary part of the first element and, for an even `n`, of the
    last. The other dimensions are the input's; the element types share one
    precision.

    The CPU target calls the host runtime (`tenrtFft`, `tenrtRfft`,
    `tenrtIrfft`), which transforms each line in cache, the lines spread
    over the threads: mixed-radix Stockham stages (radices 4, 2, 3, 5, 7,
    11 and 13) and, for a larger prime factor, Bluestein's convolution (the
    chirp z-transform) by power-of-two transforms of at least `2n - 1`
    elements; an even real line is packed as `n / 2` complex numbers. The
    CUDA target lowers it to data-parallel stages that each are one
    elementwise `linalg.generic` over every line at once, the same
    algorithms; a length known only at run time takes radix-2 stages where
    it is a power of two and Bluestein's convolution otherwise, chosen
    then. A real transform's lines have at least one element: a length
    known only at run time is checked then.

    ```mlir
    %f = ten.fft forward %x dim 1 : tensor<4x8xcomplex<f32>> -> tensor<4x8xcomplex<f32>>
    %r = ten.fft real_forward %y dim 0 : tensor<10xf64> -> tensor<6xcomplex<f64>>
    %s = ten.fft real_inverse %r dim 0 : tensor<6xcomplex<f64>> -> tensor<11xf64>
    ```
  }];
  let arguments = (ins Ten_FftKindAttr:$kind,
                       RankedTensorOf<[F32, F64, Complex<F32>, Complex<F64>]>:$input,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs RankedTensorOf<[F32, F64, Complex<F32>, Complex<F64>]>:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $input `dim` $dim attr-dict `:` type($input)
    `->` type($result)
  }];
  let hasVerifier = 1;
}

def Ten_SortOp : Ten_Op<"sort", [Pure]> {
  let summary = "Stable sort along one dimension";
  let description = [{
    Sorts every line of `input` along `dim`: `values` holds the elements in
    order, `indices` their positions along `dim` in the input (NumPy's
    `sort` and stable `argsort`; PyTorch's `sort`). The order is NumPy's:
    NaN after every number, `-0` equal to `+0`, complex numbers by their
    real parts then their imaginary parts, a NaN part placing a number
    after those without. Equal elements keep their order. With
    `descending`, the largest come first and NaN before every number
    (PyTorch's `descending=True`), equal elements still in order.

    The CPU target sorts with the host runtime's radix sort (`tenrtSort`),
    which leaves a result that nothing uses uncomputed: lines spread over
    the pipeline's threads, and a long line with fewer lines than threads
    shared by all of them (each pass, every thread moves a part of the
    keys to the slots that the digit counts of all parts give it); it
    orders positions as 32-bit integers, so `indices` of a line longer than
    `2^32 - 1` elements is an error of the run there. The CUDA target sorts with
    a bitonic sorting network, `ceil(log2 n) (ceil(log2 n) + 1) / 2` kernels
    over all the lines at once, each element meeting one other per kernel.

    ```mlir
    %v, %i = ten.sort %x dim 1 : tensor<4x5xf32> -> tensor<4x5xf32>, tensor<4x5xi64>
    %w, %j = ten.sort %y dim 0 descending : tensor<?xi32> -> tensor<?xi32>, tensor<?xi64>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim,
                       UnitAttr:$descending);
  let results = (outs Ten_Tensor:$values, RankedTensorOf<[I64]>:$indices);
  let assemblyFormat = [{
    $input `dim` $dim (`descending` $descending^)? attr-dict `:` type($input)
    `->` type($values) `,` type($indices)
  }];
  let hasVerifier = 1;
}

def Ten_PartitionOp : Ten_Op<"partition", [Pure]> {
  let summary = "Partial sort about given positions along one dimension";
  let description = [{
    Partitions every line of `input` along `dim` about the positions `kth`
    (NumPy's `partition` and `argpartition`): `values` holds the line's
    elements, the one that a stable sort puts at each `kth` position there,
    none before it after it in `ten.sort`'s order and none after it before
    it; `indices` holds their positions along `dim` in the input. The order
    is `ten.sort`'s: NaN after every number, `-0` equal to `+0`, complex
    numbers by their real parts then their imaginary parts; with
    `descending`, its reverse (the largest first, NaN first), equal
    elements still in order. Between the positions, the elements take an
    order that the op does not define (on the CPU, equal elements keep
    theirs).

    `kth` ascends without repeats, each position less than the length of
    the line: the verifier checks a static length, the run a dynamic one.
    An empty `kth` asks for no position in place.

    The CPU target partitions with the host runtime's radix select
    (`tenrtPartition`): each line's elements are scattered by their top
    digit into runs, and only the runs that hold a position go on to the
    next digit, about one pass of a radix sort for random data where a
    sort makes one per digit; lines spread over the pipeline's threads. A
    long line about positions close together (a single `kth`, an even
    median's two; the line's last position beside them is the largest
    element above the band) is first split about a band of elements from
    a sample:
    one pass counts the elements below and in it, a second sends those
    below and above to their ends of the result, on every thread for a
    single line, and only the band, a few percent of the line, goes
    through the radix select. The
    CUDA target sorts the lines (`ten.sort`'s sorting network): a sorted
    line is partitioned about every position.

    ```mlir
    %v, %i = ten.partition %x dim 1 kth [2, 4] : tensor<4x9xf32> -> tensor<4x9xf32>, tensor<4x9xi64>
    %w, %j = ten.partition %y dim 0 kth [0] descending : tensor<?xi32> -> tensor<?xi32>, tensor<?xi64>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim,
                       DenseI64ArrayAttr:$kth,
                       UnitAttr:$descending);
  let results = (outs Ten_Tensor:$values, RankedTensorOf<[I64]>:$indices);
  let assemblyFormat = [{
    $input `dim` $dim `kth` $kth (`descending` $descending^)? attr-dict `:`
    type($input) `->` type($values) `,` type($indices)
  }];
  let hasVerifier = 1;
}

def Ten_TakeOp : Ten_InferringOp<"take", [AllElementTypesMatch<["input", "result"]>]> {
  let summary = "Elements at given indices along one dimension";
  let description = [{
    NumPy's `take(input, indices, axis=dim, mode=mode)`: the result has the
    input's dimensions before `dim`, then the dimensions of `indices`, then
    the input's dimensions after `dim`; each element is the input's at the
    index `indices` holds, along `dim`. A negative index counts from the
    end. An index out of range (below `-n` or from `n` on, for a dimension
    of `n` elements) is, by `mode`:

    | mode | an index out of range |
    |---|---|
    | `raise` | an error of the run (checked when the program runs) |
    | `wrap` | wraps around: `i mod n` (negative ones too) |
    | `clip` | the nearest end: negative indices give 0, large ones `n - 1` |

    Taking from a dimension of size 0 is an error of the run unless
    `indices` is empty, in every mode. The check of `raise` is a reduction
    of the indices to a flag, which the host reads (on the CUDA target, a
    copy of it from the device).

    ```mlir
    %y = ten.take raise %x, %i dim 1 : (tensor<4x5xf32>, tensor<3xi64>) -> tensor<4x3xf32>
    %z = ten.take clip %x, %j dim 0 : (tensor<4x5xf32>, tensor<2x2xi64>) -> tensor<2x2x5xf32>
    ```
  }];
  let arguments = (ins Ten_TakeModeAttr:$mode, Ten_Tensor:$input,
                       RankedTensorOf<[I64]>:$indices,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($mode) $input `,` $indices `dim` $dim attr-dict `:`
    `(` type($input) `,` type($indices) `)` `->` type($result)
  }];
}

def Ten_ScatterOp : Ten_Op<"scatter",
    [Pure, AllTypesMatch<["dest", "result"]>,
     AllElementTypesMatch<["dest", "updates"]>]> {
  let summary = "Elements written at given indices along one dimension";
  let description = [{
    The inverse of `ten.take`: the result is `dest` with, for every element
    of `updates`, the element of `dest` at the index `indices` holds along
    `dim` (at the same positions along the other dimensions) combined with
    it. `updates` has the shape of `ten.take`'s result: `dest`'s dimensions
    before `dim`, then those of `indices`, then `dest`'s after `dim`. A
    negative index counts from the end; an index out of range (below `-n`
    or from `n` on) is an error of the run, as NumPy raises `IndexError`.

    | kind | the element becomes | NumPy |
    |---|---|---|
    | `assign` | the update; where an index repeats, the last in row-major order of `indices` | `a[..., i, ...] = u` |
    | `add` | the sum of the element and every update at its index | `np.add.at` |
    | `mul` | the product | `np.multiply.at` |
    | `max` | the maximum (NaN wins) | `np.maximum.at` |
    | `min` | the minimum (NaN wins) | `np.minimum.at` |

    On `i1`, `add` is a logical or and `mul` a logical and, as NumPy's
    ufuncs are on booleans. Updates combine one at a time in row-major order
    of `updates`, each rounded to the element type. The CPU target runs the
    updates in that order on one thread. The CUDA target runs them in
    parallel: accumulations as atomic read-modify-writes (sums of floats
    then add in an order that varies from run to run, as every GPU
    library's do), an assignment by finding the last update to each element
    first, so that it writes what NumPy writes; accumulations that have no
    atomic form (of `i1` or complex elements, products of floats) run in
    order in a kernel of one thread.

    ```mlir
    %r = ten.scatter add %dest, %i, %u dim 0 : (tensor<5x3xf32>, tensor<4xi64>, tensor<4x3xf32>) -> tensor<5x3xf32>
    ```
  }];
  let arguments = (ins Ten_ScatterKindAttr:$kind, Ten_Tensor:$dest,
                       RankedTensorOf<[I64]>:$indices, Ten_Tensor:$updates,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$dim);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($kind) $dest `,` $indices `,` $updates `dim` $dim
    attr-dict `:` `(` type($dest) `,` type($indices) `,` type($updates) `)`
    `->` type($result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Ten_SearchSortedOp : Ten_InferringOp<"searchsorted",
    [AllElementTypesMatch<["sorted", "values"]>]> {
  let summary = "Where values would go in a sorted vector";
  let description = [{
    NumPy's `searchsorted(sorted, values, side)`: for each element of
    `values`, the index in the 1-d `sorted` (ascending, NaN last, as
    `ten.sort` leaves it; complex numbers in `ten.sort`'s lexicographic
    order) before which it would be inserted to keep the order: before the
    first equal element (`left`) or after the last (`right`). The result has the shape of `values`. A binary search per
    element; on a `sorted` that is not sorted, the index is one the search
    finds, as NumPy's is.

    ```mlir
    %i = ten.searchsorted left %edges, %x : (tensor<11xf32>, tensor<1000xf32>) -> tensor<1000xi64>
    ```
  }];
  let arguments = (ins Ten_SearchSideAttr:$side, Ten_Tensor:$sorted,
                       Ten_Tensor:$values);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = [{
    custom<EnumKeyword>($side) $sorted `,` $values attr-dict `:`
    `(` type($sorted) `,` type($values) `)` `->` type($result)
  }];
}

def Ten_NonzeroOp : Ten_InferringOp<"nonzero"> {
  let summary = "Positions of the elements that are not zero";
  let description = [{
    NumPy's `flatnonzero`: the row-major (flat) positions, in increasing
    order, of the elements of `input` that are not zero, as `ten.cast` to
    `i1` tells them (NaN is not zero, -0.0 is; a complex number is zero when
    both parts are). How many there are depends on the data: the result's
    one dimension is dynamic. NumPy's `nonzero` and `argwhere` are its
    positions unravelled over the input's shape; a read through a boolean
    mask is a `ten.take` at them.

    The count is a reduction that the host reads (on the CUDA target, a copy
    of it from the device), which sizes the result. The CPU target writes
    it in one pass over the input in order; the CUDA target in parallel,
    each position at its slot, which a scan of the input's nonzero flags
    gives.

    ```mlir
    %p = ten.nonzero %mask : tensor<4x5xi1>   // tensor<?xi64>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input);
  let results = (outs RankedTensorOf<[I64]>:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// constant, cast, transpose, reshape
//===----------------------------------------------------------------------===//

def Ten_ConstantOp : Ten_Op<"constant",
    [ConstantLike, Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "A constant tensor";
  let description = [{
    Yields the constant `value`, a tensor attribute whose type is the result's:
    `dense<...>` elements, or `dense_resource<...>` whose blob the module
    holds (in its `dialect_resources`) with one element's bytes per element.

    ```mlir
    %c = ten.constant dense<3.0> : tensor<f32>
    %v = ten.constant dense<[1, 2, 3]> : tensor<3xi32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def Ten_IotaOp : Ten_Op<"iota", [Pure]> {
  let summary = "Each element's index along one dimension";
  let description = [{
    Yields the tensor whose every element is its index along `dimension`,
    converted to the result's element type as `ten.cast` converts an `i64`.
    NumPy's `arange`, `linspace` and `eye` are arithmetic on it: they fuse
    with their consumers instead of reading a constant from memory. The
    result's sizes are static.

    ```mlir
    %i = ten.iota 1 : tensor<2x3xf32>   // [[0, 1, 2], [0, 1, 2]]
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntNonNegative]>:$dimension);
  let results = (outs Ten_RealTensor:$result);
  let assemblyFormat = "$dimension attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Ten_CastOp : Ten_Op<"cast", [Pure]> {
  let summary = "Element type conversion";
  let description = [{
    Converts every element of `input` to the result's element type, keeping
    the shape, as NumPy's `astype`: floats to integers truncate toward zero,
    integers and floats to `i1` test for non-zero, `i1` becomes 0 or 1, float
    widths round to nearest even.

    ```mlir
    %h = ten.cast %x : tensor<8x8xf32> -> tensor<8x8xbf16>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Ten_BitcastOp : Ten_Op<"bitcast", [Pure]> {
  let summary = "Reinterpretation of each element's bits";
  let description = [{
    Reads the bits of every element of `input` as an element of the result's
    element type, keeping the shape, as NumPy's `view` between dtypes of one
    item size and JAX's `lax.bitcast_convert_type` do. The two element types
    hold the same number of bits: integers, floats and the fp8 formats of
    one width, and `complex<f32>` with the 64-bit types (the real part in
    the low 32 bits, as it comes first in memory). Booleans are bytes here:
    `i1` becomes the 8-bit 0 or 1, and an 8-bit element becomes `i1` true
    where any of its bits is set.

    ```mlir
    %bits = ten.bitcast %x : tensor<8xf32> -> tensor<8xui32>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Ten_TransposeOp : Ten_InferringOp<"transpose"> {
  let summary = "Permutation of dimensions";
  let description = [{
    Permutes the dimensions of `input`: dimension `i` of the result is
    dimension `permutation[i]` of the input, as NumPy's `transpose(axes)`.

    ```mlir
    %t = ten.transpose %x [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    $input $permutation attr-dict `:` type($input) `->` type($result)
  }];
  let hasFolder = 1;
}

def Ten_ReshapeOp : Ten_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Change of shape in row-major order";
  let description = [{
    Yields the elements of `input`, in row-major (C) order, in the shape of
    the result, as NumPy's `reshape`. The element counts must agree. The
    result may have one dynamic dimension, whose size follows from the input's
    element count as NumPy's `-1` does; where the input has dynamic
    dimensions, the counts are checked at run time.

    ```mlir
    %r = ten.reshape %x : tensor<3x4xf32> -> tensor<12xf32>
    %f = ten.reshape %y : tensor<?x4xf32> -> tensor<?xf32>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Random numbers
//===----------------------------------------------------------------------===//

def Ten_RandomBitsOp : Ten_Op<"random_bits", [Pure]> {
  let summary = "Counter-based random bits: Philox-4x32-10 of each position";
  let description = [{
    Yields, for the element at row-major position `i` of the result, the
    Philox-4x32-10 block (Salmon et al., "Parallel random numbers: as easy as
    1, 2, 3", SC 2011) of the counter `(i mod 2^32, i div 2^32, stream, 0)`
    under the 64-bit key `key[0], key[1]`: its first word for `ui32`
    elements, its first two (the first in the low half) for `ui64` ones. A
    key, a stream and a position determine the value, whatever the target,
    thread count or fusion. Generators (uniform, normal, integers) are
    arithmetic on these bits; new keys are bits of an old one in a stream of
    their own, so that they differ from any bits drawn with it.

    ```mlir
    %b = ten.random_bits %key : tensor<2xui32> -> tensor<1000x2xui32>
    %k = ten.random_bits %key stream 1 : tensor<2xui32> -> tensor<2x2xui32>
    ```
  }];
  let arguments = (ins RankedTensorOf<[UI32]>:$key,
                   DefaultValuedAttr<ConfinedAttr<I64Attr, [IntNonNegative,
                       IntMaxValue<4294967295>]>, "0">:$stream);
  let results = (outs RankedTensorOf<[UI32, UI64]>:$result);
  let assemblyFormat = [{
    $key (`stream` $stream^)? attr-dict `:` type($key) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Run-time checks
//===----------------------------------------------------------------------===//

def Ten_AssertOp : Ten_Op<"assert", [MemoryEffects<[MemWrite]>]> {
  let summary = "Stops the program where a condition does not hold";
  let description = [{
    Stops the run, with no result written, unless every element of
    `condition` is true (an empty one holds); the run fails with `message`
    and the op's location. The op writes nothing else, but is kept where
    nothing reads a value after it: it is the program's check of its
    inputs (PyTorch's `_assert_async`, `torch._check`), which a compiler
    may not drop. A condition known to hold at compile time folds away.

    ```mlir
    ten.assert %in_range, "class values must be smaller than num_classes" : tensor<3xi1>
    ```
  }];
  let arguments = (ins Ten_BoolTensor:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

//===----------------------------------------------------------------------===//
// Slicing and joining
//===----------------------------------------------------------------------===//

def Ten_SliceOp : Ten_InferringOp<"slice",
    [AttrSizedOperandSegments, AllElementTypesMatch<["input", "result"]>]> {
  let summary = "NumPy's basic slicing: a start, stop and step per dimension";
  let description = [{
    Selects, along every dimension of `input`, the elements NumPy's slice
    `start:stop:step` selects: negative starts and stops count from the end,
    both are clamped to the dimension, and a negative step walks backwards
    (`::-1` reverses). A bound left out takes NumPy's default for the step's
    sign. The rank is kept: NumPy's integer indices and `None` are a slice and
    a `ten.reshape`. Where a dimension is dynamic, its slice is worked out at
    run time, as NumPy works it out for any size.

    A start or stop may be a value known only when the program runs (a 0-d
    `i64` tensor, `%i` below), with the same meaning: NumPy's `x[i:i + 4]`
    for a computed `i`. Such a dimension of the result is dynamic (NumPy's
    clamping makes its size depend on the value). Steps are attributes. In
    the attributes, a dynamic bound is `ShapedType::kDynamic` (the least
    `i64`), which no static bound is: the default stop of a backward slice
    is one above it.

    ```mlir
    %s = ten.slice %x [1:7:2, :, ::-1] : tensor<8x4x3xf32> -> tensor<3x4x3xf32>
    %t = ten.slice %y [-2:] : tensor<?xf32> -> tensor<?xf32>
    %w = ten.slice %x [%i:%j, :2] : tensor<8x4x3xf32> -> tensor<?x2x3xf32>
    ```
  }];
  let arguments = (ins Ten_Tensor:$input,
                   Variadic<0DTensorOf<[I64]>>:$dynamic_starts,
                   Variadic<0DTensorOf<[I64]>>:$dynamic_stops,
                   DenseI64ArrayAttr:$starts, DenseI64ArrayAttr:$stops,
                   DenseI64ArrayAttr:$steps);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    $input custom<SliceRanges>($dynamic_starts, type($dynamic_starts),
                               $dynamic_stops, type($dynamic_stops),
                               $starts, $stops, $steps)
    attr-dict `:` type($input) `->` type($result)
  }];
  let builders = [
    // A slice whose bounds are all static.
    OpBuilder<(ins "Value":$input, "ArrayRef<int64_t>":$starts,
                   "ArrayRef<int64_t>":$stops, "ArrayRef<int64_t>":$steps)>
  ];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Ten_InsertSliceOp : Ten_Op<"insert_slice",
    [Pure, AttrSizedOperandSegments,
     AllElementTypesMatch<["source", "dest", "result"]>,
     AllTypesMatch<["dest", "result"]>]> {
  let summary = "A tensor with a slice replaced: NumPy's `x[slices] = v`";
  let description = [{
    Yields `dest` with the elements that `ten.slice` with the same ranges
    would select replaced by `source`, whose shape is that slice's: NumPy's
    assignment to basic indexing, as a value (`dest` itself is not changed).
    Where a step is negative the elements are replaced in the slice's order.
    Starts and stops may be values known only at run time, as `ten.slice`'s;
    the source must then have the slice's size when the program runs.

    ```mlir
    %y = ten.insert_slice %v into %x [1:7:2, ::-1] : tensor<3x4xf32> into tensor<8x4xf32>
    %z = ten.insert_slice %w into %x [%i:, :] : tensor<?x4xf32> into tensor<8x4xf32>
    ```
  }];
  let arguments = (ins Ten_Tensor:$source, Ten_Tensor:$dest,
                   Variadic<0DTensorOf<[I64]>>:$dynamic_starts,
                   Variadic<0DTensorOf<[I64]>>:$dynamic_stops,
                   DenseI64ArrayAttr:$starts, DenseI64ArrayAttr:$stops,
                   DenseI64ArrayAttr:$steps);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    $source `into` $dest
    custom<SliceRanges>($dynamic_starts, type($dynamic_starts),
                        $dynamic_stops, type($dynamic_stops),
                        $starts, $stops, $steps)
    attr-dict `:` type($source) `into` type($dest)
  }];
  let builders = [
    // An insertion whose bounds are all static.
    OpBuilder<(ins "Value":$source, "Value":$dest, "ArrayRef<int64_t>":$starts,
                   "ArrayRef<int64_t>":$stops, "ArrayRef<int64_t>":$steps)>
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Ten_ConcatOp : Ten_InferringOp<"concat", [SameOperandsAndResultElementType]> {
  let summary = "Join along an existing dimension";
  let description = [{
    Joins `inputs`, in order, along dimension `axis`, as NumPy's
    `concatenate`: every input has the same rank and element type, and the
    same sizes along every other dimension (checked at run time where they are
    dynamic). NumPy's `stack`, `hstack` and `vstack` are reshapes and a concat.

    ```mlir
    %c = ten.concat %a, %b along 0 : tensor<2x3xf32>, tensor<4x3xf32> -> tensor<6x3xf32>
    ```
  }];
  let arguments = (ins Variadic<Ten_Tensor>:$inputs,
                   ConfinedAttr<I64Attr, [IntNonNegative]>:$axis);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = [{
    $inputs `along` $axis attr-dict `:` type($inputs) `->` type($result)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Sharding
//===----------------------------------------------------------------------===//

def Ten_ShardOp : Ten_Op<"shard", [Pure, SameOperandsAndResultType]> {
  let summary = "A value's layout over the module's grid of processes";
  let description = [{
    Yields `input` unchanged and says how it is laid out over the grid of
    processes that the module runs on (its `ten.grid` attribute), as an
    argument's `ten.sharding` attribute does for an argument: per dimension,
    the grid axis it is split over, or -1 where every process holds all of
    it. The partitioner lays the value out so and moves data between
    processes where its producer or its users lay it out otherwise: an
    all_to_all where the split moves from one dimension to another, an
    all_gather where a split dimension becomes whole, a slice where a whole
    one becomes split. Without a grid, or on a grid of one process, it is
    its input.

    ```mlir
    %y = ten.shard %x [-1, 0] : tensor<8x6xf32>
    ```

    The grid checks what the op alone cannot: each axis must be one of the
    grid's, and a split dimension's size static and a multiple of the
    processes along its axis.
  }];
  let arguments = (ins Ten_Tensor:$input, DenseI64ArrayAttr:$axes);
  let results = (outs Ten_Tensor:$result);
  let assemblyFormat = "$input $axes attr-dict `:` type($result)";
  let hasVerifier = 1;
}

include "ten/Dialect/Ten/IR/TenLinalgOps.td"

#endif // TEN_DIALECT_TEN_IR_TENOPS_TD
