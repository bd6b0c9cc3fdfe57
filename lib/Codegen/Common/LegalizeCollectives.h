//===- LegalizeCollectives.h - collectives as a backend runs them -*- C++
//-*-===//
//
// ten-lower-collectives rewrites, before lowering them to calls, the
// collectives that its backend cannot run as they are asked into ones it
// can, on tensors (the ops this adds are compiled with the rest):
//
// For NCCL (the CUDA target):
//  - parts along an inner dimension: NCCL gathers, scatters and exchanges
//    contiguous parts, one after the other. The dimension is moved to the
//    front (a transpose), the collective runs along it, and the result is
//    moved back.
//  - reductions of 16-bit integers, which NCCL lacks: widened to 32 bits
//    (sums and products wrap the same once truncated).
//  - float maxima and minima: NCCL's drop NaNs, NumPy's propagate them.
//    Each float becomes an integer key whose order is the float's (its bits,
//    the magnitude's flipped for negative numbers; a NaN made the largest key
//    for a maximum, the smallest for a minimum); NCCL reduces the keys, and
//    the result is decoded. f16 and bf16 are widened to f32 first.
//
// For MPI (the CPU target), which has no 16-bit floats:
//  - reductions of f16 and bf16: of their f32 extensions, rounded back.
//  - every other collective of them: moves their bits as i16.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_CODEGEN_COMMON_LEGALIZECOLLECTIVES_H
#define TEN_LIB_CODEGEN_COMMON_LEGALIZECOLLECTIVES_H

#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {

/// Adds the rewrites for NCCL above.
void populateNcclLegalizationPatterns(RewritePatternSet &patterns);

/// Adds the rewrites for MPI above.
void populateMpiLegalizationPatterns(RewritePatternSet &patterns);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_CODEGEN_COMMON_LEGALIZECOLLECTIVES_H
