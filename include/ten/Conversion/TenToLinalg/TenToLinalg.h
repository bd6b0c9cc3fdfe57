//===- TenToLinalg.h - lowering ten to linalg on tensors --------*- C++ -*-===//

#ifndef TEN_CONVERSION_TENTOLINALG_TENTOLINALG_H
#define TEN_CONVERSION_TENTOLINALG_TENTOLINALG_H

namespace mlir {
class RewritePatternSet;
class TypeConverter;

namespace ten {

/// Patterns that rewrite every `ten` op whose lowering is the same on every
/// target into linalg, tensor, arith and math ops on tensors (the pass adds
/// those of scans, sorts, takes, scatters and nonzero, which depend on
/// whether the host reads the buffers). `typeConverter` is the identity on
/// tensors.
void populateTenToLinalgConversionPatterns(TypeConverter &typeConverter,
                                           RewritePatternSet &patterns);

} // namespace ten
} // namespace mlir

#endif // TEN_CONVERSION_TENTOLINALG_TENTOLINALG_H
