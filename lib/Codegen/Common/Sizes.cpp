//===- Sizes.cpp - Saturating sizes of shapes and loop nests --------------===//

#include "ten/Codegen/Common/Sizes.h"

#include <cstdint>

using namespace mlir;

int64_t mlir::ten::saturatingProduct(ArrayRef<int64_t> sizes) {
  // A size of 0 empties the product, whatever the dynamic sizes are.
  if (llvm::is_contained(sizes, 0))
    return 0;
  if (llvm::any_of(sizes, ShapedType::isDynamic))
    return INT64_MAX;
  int64_t product = 1;
  for (int64_t size : sizes) {
    product = product > INT64_MAX / size ? INT64_MAX : product * size;
  }
  return product;
}

int64_t mlir::ten::saturatingElementCount(Type type) {
  auto shaped = dyn_cast<ShapedType>(type);
  return shaped ? saturatingProduct(shaped.getShape()) : 1;
}
