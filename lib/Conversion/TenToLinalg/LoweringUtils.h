//===- LoweringUtils.h - helpers of the ten-to-linalg patterns --*- C++ -*-===//
//
// Shapes, broadcasting, run-time checks and scalar conversions that several
// op families' lowerings share.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_CONVERSION_TENTOLINALG_LOWERINGUTILS_H
#define TEN_LIB_CONVERSION_TENTOLINALG_LOWERINGUTILS_H

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Transforms/DialectConversion.h"

#include <algorithm>

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace ten {
namespace lowering {

/// The conversion pattern of an op whose lowering on a target whose host
/// reads buffers (a call of the host runtime, a serial loop) differs from
/// its lowering for a device of many threads (`hostReadsBuffers` false);
/// `threads`, how many threads the host splits work over.
template <typename OpTy>
struct HostReadingPattern : OpConversionPattern<OpTy> {
  HostReadingPattern(TypeConverter &typeConverter, MLIRContext *context,
                     bool hostReadsBuffers, int64_t threads = 1)
      : OpConversionPattern<OpTy>(typeConverter, context),
        hostReadsBuffers(hostReadsBuffers),
        threads(std::max<int64_t>(threads, 1)) {}

protected:
  bool hostReadsBuffers;
  int64_t threads;
};

/// Emits a run-time check that `condition` holds; when it does not, the
/// program stops with `message`, prefixed with the op's name and location.
void emitRuntimeCheck(OpBuilder &builder, Operation *op, Value condition,
                      const Twine &message);

/// Emits a run-time check that `size`, the size of dimension `dim` of operand
/// `operand`, equals `expected`, unless both are known to be equal.
void checkSizeEquals(OpBuilder &builder, Operation *op, OpFoldResult size,
                     OpFoldResult expected, unsigned operand, int64_t dim);

/// The suffix of the host runtime's entry points for the dialect's element
/// type `type` ("F32", "U8", "C64", "Bool": SortKeys.def, LinalgTypes.def
/// take their subsets); empty for a type the runtime has none for.
StringRef getRuntimeTypeSuffix(Type type);

/// The declaration of the host runtime's function `name`, taking
/// `argumentTypes` and returning nothing, added to `module` if it has none.
/// It is called by its C interface name (`_mlir_ciface_<name>`), with each
/// memref by pointer, as every target's host code calls the runtime.
func::FuncOp getOrDeclareRuntimeFunction(OpBuilder &builder, ModuleOp module,
                                         StringRef name,
                                         TypeRange argumentTypes);

/// The size of dimension `dim` of the tensor `value`.
OpFoldResult getDimSize(OpBuilder &builder, Location loc, Value value,
                        int64_t dim);

/// The sizes of the result of `op`, whose `operands` broadcast by NumPy's
/// rules to `resultType`. Checks at run time that each dynamic operand
/// dimension equals the size it meets: dynamic dimensions do not stretch.
SmallVector<OpFoldResult> getBroadcastSizes(OpBuilder &builder, Operation *op,
                                            ValueRange operands,
                                            RankedTensorType resultType);

/// The indexing map that reads a tensor of `operandType` inside a loop nest
/// over the dimensions of `resultType`, broadcasting by NumPy's rules: shapes
/// align on the right and a static size of 1 is read at index 0.
AffineMap getBroadcastMap(MLIRContext *context, RankedTensorType operandType,
                          RankedTensorType resultType);

/// `value` as a tensor of `op`'s result type, which may state sizes that
/// `value`'s type leaves dynamic: checked at run time, then a `tensor.cast`.
Value castToResultType(OpBuilder &builder, Operation *op, Value value);

/// A `tensor.empty` of the given sizes.
Value createEmptyTensor(OpBuilder &builder, Location loc,
                        ArrayRef<OpFoldResult> sizes, Type elementType);

/// `type` (an element type or a ranked tensor of them) as the lowered code
/// holds it: unsigned integers as the signless integers of their width
/// (`arith`, `linalg` and everything after them compute on signless
/// integers, the ops that care choosing signedness themselves), and the fp8
/// formats as i8, their bits (no target computes in them: casts convert
/// them, see convertFromFp8 and convertToFp8).
Type getLoweredType(Type type);

/// `bits`, an i8 holding an element of the fp8 type `format`, as an f32
/// (exact: every fp8 value is an f32 value).
Value convertFromFp8(OpBuilder &builder, Location loc, Value bits,
                     FloatType format);

/// `value`, an f32 or f64, as the i8 bits of the fp8 type `format`, rounded
/// to nearest even as ml_dtypes rounds: magnitudes beyond the largest finite
/// value after rounding give NaN in f8E4M3FN (which has no infinities) and
/// infinity in f8E5M2; NaN gives NaN; signs are kept. (convertScalar
/// converts f64 to f32 first, as ml_dtypes does.)
Value convertToFp8(OpBuilder &builder, Location loc, Value value,
                   FloatType format);

/// The type arithmetic on `elementType` is done in: f32 for f16 and bf16,
/// which accumulate and compute in f32 as NumPy computes half floats.
Type getComputeType(Type elementType);

/// Converts a scalar of the dialect's element type `from` to `to` as
/// `ten.cast` defines it. `value` and the result have the signless types of
/// `from` and `to`.
Value convertScalar(OpBuilder &builder, Location loc, Value value, Type from,
                    Type to);

/// Reads the bits of a scalar of the dialect's element type `from` as one
/// of `to`, of the same storage width, as `ten.bitcast` defines it. `value`
/// and the result have the lowered types of `from` and `to`.
Value reinterpretScalar(OpBuilder &builder, Location loc, Value value,
                        Type from, Type to);

/// Converts a scalar between signless element types (i1 read as unsigned,
/// other integers as signed) as `ten.cast` defines it.
Value convertScalar(OpBuilder &builder, Location loc, Value value, Type to);

/// A buffer of `tensor`'s elements for code that reads it where
/// bufferization cannot see (a call of the runtime, a loop over buffers):
/// the tensor's own buffer where nothing writes it (a function's argument);
/// a fresh buffer that the op computing it writes, where nothing else
/// reads it and that op is in destination style on an empty tensor; else a
/// copy made here. A bufferization.to_buffer of any other tensor would be a
/// read of it here alone: CSE merges two of one tensor, and a later write
/// may then reuse its buffer before the call that reads it.
Value getBufferToRead(OpBuilder &builder, Location loc, Value tensor);

/// The sizes of every dimension of the tensor `value`.
SmallVector<OpFoldResult> getDimSizes(OpBuilder &builder, Location loc,
                                      Value value);

/// A tensor of `value`'s shape whose elements are `fn` of `value`'s, as
/// `elementType`: one elementwise linalg.generic that reads `value` as its
/// input (never as its init, which fusion would not treat as a function of
/// the inputs).
Value mapElements(OpBuilder &builder, Location loc, Value value,
                  Type elementType,
                  function_ref<Value(OpBuilder &, Location, Value)> fn);

/// `value` with every element converted to `elementType` as `ten.cast`
/// converts it. `from` is the dialect's element type of `value`, which may
/// be unsigned where `value`'s own type is signless; by default, `value`'s.
Value convertElements(OpBuilder &builder, Location loc, Value value,
                      Type elementType, Type from = {});

/// A scalar constant of type `type` with value `value` (integers take it
/// truncated toward zero; i1 takes `value != 0`).
Value createScalarConstant(OpBuilder &builder, Location loc, Type type,
                           double value);

/// NumPy's `lhs // rhs` of integers (Division.cpp): the quotient rounded
/// toward negative infinity; x // 0 is 0 and x // -1 is -x (wrapping), where
/// hardware would trap.
Value buildIntegerFloorDivision(OpBuilder &b, Location loc, Value lhs,
                                Value rhs, bool isUnsigned);

/// The identity of `kind` in `type` (signless; its integers unsigned if
/// `isUnsigned`): what an empty reduction yields (Reduce.cpp).
Value getReductionIdentity(OpBuilder &b, Location loc, ReduceKind kind,
                           Type type, bool isUnsigned);

/// Whether the element `lhs` comes strictly before `rhs` in ten.sort's order
/// (SortOrder.cpp); `elementType` is their dialect element type (signedness,
/// fp8 formats), the values have its lowered type.
Value comesBeforeInSortOrder(OpBuilder &b, Location loc, Value lhs, Value rhs,
                             Type elementType);

/// Sorts the lines of `input` (lowered; of the dialect element type
/// `elementType`) along `dim` as ten.sort does, with a bitonic sorting
/// network of elementwise generics (SortingNetwork.cpp), for targets whose
/// host cannot read buffers. Returns the values and the indices.
SmallVector<Value> buildSortingNetwork(OpBuilder &builder, Location loc,
                                       Value input, Type elementType,
                                       int64_t dim, bool descending);

/// A call of the host runtime's `entryPoint`<Suffix> (Sort.h, Partition.h)
/// that orders the lines of `input` (`op`'s first operand, lowered) along
/// `dim`: on the input's buffer, fresh buffers for `op`'s two results (the
/// values, the indices), `extraBuffers`, then `dim`, the flags (descending,
/// and which of `op`'s results are used) and `threads`; with a run-time
/// check that the line's positions fit the runtime's 32 bits where the
/// indices are used. Returns the results' tensors, or nothing where the
/// runtime has no entry point for the element type.
std::optional<SmallVector<Value>>
buildHostLineSortCall(OpBuilder &builder, Operation *op, StringRef entryPoint,
                      Value input, int64_t dim, bool descending,
                      ValueRange extraBuffers, int64_t threads);

/// The remainder of integers: NumPy's `%` (the divisor's sign) when
/// `floored`, else C's fmod (the dividend's sign); 0 for a divisor of 0.
Value buildIntegerRemainder(OpBuilder &b, Location loc, Value lhs, Value rhs,
                            bool isUnsigned, bool floored);

/// NumPy's divmod of floats: the quotient `lhs // rhs` (`wantQuotient`) or
/// the remainder `lhs % rhs`, which takes the divisor's sign. x // 0 is
/// x / 0 and x % 0 is NaN, as in NumPy.
Value buildFloatDivmod(OpBuilder &b, Location loc, Value lhs, Value rhs,
                       bool wantQuotient);

/// Complex functions the complex dialect lacks or computes without C99's
/// (and NumPy's) special values of infinite, NaN and zero parts
/// (ComplexMath.cpp): |z|, e^z, sinh or cosh, sin or cos, tanh or tan,
/// NumPy's sign z / |z|, 1 / z and e^z - 1, and the inverse trigonometric
/// and hyperbolic functions, of the complex number `z`.
Value buildComplexAbs(OpBuilder &b, Location loc, Value z);
Value buildComplexExp(OpBuilder &b, Location loc, Value z);
Value buildComplexHyperbolic(bool isSinh, OpBuilder &b, Location loc, Value z);
Value buildComplexCircular(bool isSin, OpBuilder &b, Location loc, Value z);
Value buildComplexTanh(bool isTan, OpBuilder &b, Location loc, Value z);
Value buildComplexSign(OpBuilder &b, Location loc, Value z);
Value buildComplexReciprocal(OpBuilder &b, Location loc, Value z);
/// NumPy's quotient `lhs / rhs` of complex numbers.
Value buildComplexDivide(OpBuilder &b, Location loc, Value lhs, Value rhs);
/// NumPy's power `base ** exponent` of complex numbers.
Value buildComplexPower(OpBuilder &b, Location loc, Value base, Value exponent);
Value buildComplexExpm1(OpBuilder &b, Location loc, Value z);
/// e^x - 1 of a real x, exact to a few ulps for small x (Elementwise.cpp;
/// the complex expm1's real part builds on it).
Value buildRealExpm1(OpBuilder &b, Location loc, Value x);
Value buildComplexAsinh(OpBuilder &b, Location loc, Value z);
/// The principal square root and log(1 + z) of the complex number `z`, with
/// NumPy's signs of zero parts.
Value buildComplexSqrt(OpBuilder &b, Location loc, Value z);
Value buildComplexLog1p(OpBuilder &b, Location loc, Value z);
/// The principal logarithm of `z`, accurate where |z| is near 1.
Value buildComplexLog(OpBuilder &b, Location loc, Value z);
Value buildComplexAcosh(OpBuilder &b, Location loc, Value z);
Value buildComplexAtanh(OpBuilder &b, Location loc, Value z);
Value buildComplexAsin(OpBuilder &b, Location loc, Value z);
Value buildComplexAcos(OpBuilder &b, Location loc, Value z);
Value buildComplexAtan(OpBuilder &b, Location loc, Value z);

// The pattern families, one per file.
/// A comparison of complex numbers, as NumPy's: equality of both parts;
/// orders lexicographically, the real parts first, where a NaN imaginary
/// part makes a strict order of the real parts false.
Value compareComplex(CmpPredicate predicate, OpBuilder &b, Location loc,
                     Value lhs, Value rhs);

/// NumPy's maximum (`isMax`) or minimum of complex numbers: the first one
/// where it orders first, or has a NaN part, else the second.
Value selectComplexExtremum(bool isMax, OpBuilder &b, Location loc, Value lhs,
                            Value rhs);

/// Whether the complex number `value` has a NaN part.
Value hasComplexNaN(OpBuilder &b, Location loc, Value value);

/// Combines a reduction's accumulator with one element (signless; integers
/// unsigned if `isUnsigned`): `kind` is one of sum, mean, prod, max, min,
/// any and all. Float combiners may be reassociated if `reassociate`, as
/// NumPy's pairwise summation reassociates; scans and scatters, which apply
/// one step at a time, do not. Max and min keep the first NaN.
Value combineReduction(OpBuilder &builder, Location loc, ReduceKind kind,
                       Value acc, Value element, bool isUnsigned,
                       bool reassociate = true);

/// Whether `predicate` holds for every element of `tensor`: an i1 scalar
/// read from a reduction over all of its elements (true where it has
/// none).
Value allElements(OpBuilder &builder, Location loc, Value tensor,
                  function_ref<Value(OpBuilder &, Location, Value)> predicate);

/// Emits a run-time check that every element of `indices` (an i64 tensor)
/// is in [-extent, extent), the indices NumPy accepts along dimension `dim`
/// of `extent` elements.
void emitIndexRangeCheck(OpBuilder &builder, Operation *op, Value indices,
                         Value extent, int64_t dim);

/// `index` (i64) clamped into [0, extent), negative ones first counted
/// from the end if `countFromEnd`: where an index was checked to be in
/// range, the clamp keeps an access in its buffer whatever the data.
Value clampIndex(OpBuilder &builder, Location loc, Value index, Value extent,
                 bool countFromEnd);

void populateElementwiseLoweringPatterns(TypeConverter &typeConverter,
                                         RewritePatternSet &patterns);
void populateEinsumLoweringPatterns(TypeConverter &typeConverter,
                                    RewritePatternSet &patterns);
void populateReduceLoweringPatterns(TypeConverter &typeConverter,
                                    RewritePatternSet &patterns);
void populateLayoutLoweringPatterns(TypeConverter &typeConverter,
                                    RewritePatternSet &patterns);
void populateSlicingLoweringPatterns(TypeConverter &typeConverter,
                                     RewritePatternSet &patterns);
void populateRandomLoweringPatterns(TypeConverter &typeConverter,
                                    RewritePatternSet &patterns);
void populateAssertLoweringPatterns(TypeConverter &typeConverter,
                                    RewritePatternSet &patterns);
void populateSearchSortedLoweringPatterns(TypeConverter &typeConverter,
                                          RewritePatternSet &patterns);
/// ten.scan as a linalg.generic running each line in order; unless
/// `hostReadsBuffers`, in blocks for long lines; with `threads` above 1, in
/// blocks that the threads scan at once for few long lines (Scan.cpp).
void populateScanLoweringPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  bool hostReadsBuffers, int64_t threads);
/// ten.sort as a call of the host runtime's sort, or, unless
/// `hostReadsBuffers`, a sorting network of elementwise generics.
/// ten.fft (Fft.cpp): a call of the host runtime where the host reads
/// buffers, with `threads`; data-parallel stages elsewhere.
void populateFftLoweringPatterns(TypeConverter &typeConverter,
                                 RewritePatternSet &patterns,
                                 bool hostReadsBuffers, int64_t threads);
void populateSortLoweringPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns,
                                  bool hostReadsBuffers, int64_t threads);
/// ten.partition as a call of the host runtime's partition, or, unless
/// `hostReadsBuffers`, the sorting network of ten.sort.
void populatePartitionLoweringPatterns(TypeConverter &typeConverter,
                                       RewritePatternSet &patterns,
                                       bool hostReadsBuffers, int64_t threads);
/// The ten.linalg ops as calls of the host runtime's LAPACK entry points
/// (batches over up to `threads` threads), ten.linalg.det from slogdet;
/// unless `hostReadsBuffers`, an error at the op.
void populateLinearAlgebraLoweringPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           bool hostReadsBuffers,
                                           int64_t threads);
/// ten.take as a generic reading the input at the indices.
void populateTakeLoweringPatterns(TypeConverter &typeConverter,
                                  RewritePatternSet &patterns);
/// ten.nonzero as a count and a compacting loop, or, unless
/// `hostReadsBuffers`, a count and a scan that place the positions.
void populateNonzeroLoweringPatterns(TypeConverter &typeConverter,
                                     RewritePatternSet &patterns,
                                     bool hostReadsBuffers);
/// ten.scatter as a loop nest over the updates, or, unless
/// `hostReadsBuffers`, parallel updates where the element type allows.
void populateScatterLoweringPatterns(TypeConverter &typeConverter,
                                     RewritePatternSet &patterns,
                                     bool hostReadsBuffers);

} // namespace lowering
} // namespace ten
} // namespace mlir

#endif // TEN_LIB_CONVERSION_TENTOLINALG_LOWERINGUTILS_H
