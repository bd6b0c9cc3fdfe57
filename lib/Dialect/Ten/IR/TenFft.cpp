//===- TenFft.cpp - ten.fft: verification ---------------------------------===//
//
// The types of a discrete Fourier transform (TenOps.td): each kind's
// element types, one precision, and the sizes along the transformed
// dimension that the kind relates (a real transform's n / 2 + 1).
//
//===----------------------------------------------------------------------===//

#include "ten/Dialect/Ten/IR/TenOps.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::ten;

/// The number of elements along the transformed dimension that `kind`
/// gives for `size` input elements (`real_inverse`: takes for `size`
/// result elements); dynamic sizes give dynamic ones.
static int64_t getTransformedSize(FftKind kind, int64_t size) {
  if (ShapedType::isDynamic(size))
    return size;
  if (kind == FftKind::real_forward || kind == FftKind::real_inverse)
    return size / 2 + 1;
  return size;
}

LogicalResult FftOp::verify() {
  RankedTensorType inputType = getInput().getType();
  RankedTensorType resultType = getResult().getType();
  int64_t rank = inputType.getRank();
  uint64_t dim = getDim();
  if (dim >= static_cast<uint64_t>(rank))
    return emitOpError("dim ")
           << dim << " is not one of the input's " << rank << " dimensions";
  if (resultType.getRank() != rank)
    return emitOpError("the input has rank ")
           << rank << " and the result rank " << resultType.getRank()
           << ": they must be the same";
  Type inputElement = inputType.getElementType();
  Type resultElement = resultType.getElementType();
  FftKind kind = getKind();
  bool realIn = kind == FftKind::real_forward;
  bool realOut = kind == FftKind::real_inverse;
  auto complexIn = dyn_cast<ComplexType>(inputElement);
  auto complexOut = dyn_cast<ComplexType>(resultElement);
  Type inputPrecision = complexIn ? complexIn.getElementType() : inputElement;
  Type resultPrecision =
      complexOut ? complexOut.getElementType() : resultElement;
  if (realIn == static_cast<bool>(complexIn) ||
      realOut == static_cast<bool>(complexOut) ||
      inputPrecision != resultPrecision)
    return emitOpError() << stringifyFftKind(kind) << " takes "
                         << (realIn ? "real" : "complex") << " elements and "
                         << "gives " << (realOut ? "real" : "complex")
                         << " ones of the same precision, not " << inputElement
                         << " -> " << resultElement;
  // A real transform's lines have at least one element: n / 2 + 1 of none
  // would be one from nothing.
  bool real = kind == FftKind::real_forward || kind == FftKind::real_inverse;
  int64_t realLength = kind == FftKind::real_forward
                           ? inputType.getDimSize(dim)
                           : resultType.getDimSize(dim);
  if (real && realLength == 0)
    return emitOpError() << stringifyFftKind(kind)
                         << " needs lines of at least one real element";
  for (int64_t d = 0; d < rank; ++d) {
    int64_t in = inputType.getDimSize(d), out = resultType.getDimSize(d);
    if (ShapedType::isDynamic(in) || ShapedType::isDynamic(out))
      continue;
    if (d != static_cast<int64_t>(dim)) {
      if (in != out)
        return emitOpError("dimension ")
               << d << " has " << in << " elements in the input and " << out
               << " in the result: they must be the same";
      continue;
    }
    // real_inverse's length is the result's: its input has n / 2 + 1.
    bool fromResult = kind == FftKind::real_inverse;
    int64_t length = fromResult ? out : in;
    int64_t expected = getTransformedSize(kind, length);
    if ((fromResult ? in : out) != expected)
      return emitOpError("along dim ")
             << dim << ", " << stringifyFftKind(kind) << " of "
             << (fromResult ? "a result of " : "") << length << " elements "
             << (fromResult ? "takes " : "gives ") << expected << ", not "
             << (fromResult ? in : out);
  }
  return success();
}
