//===- StridedCopiesToLinalg.cpp - the ten-strided-copies-to-linalg pass --===//
//
// Copies that involve a strided view as loops; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSTRIDEDCOPIESTOLINALGPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether a buffer of `type` is one block of memory, at an offset where
/// `allowOffset` (the LLVM lowering's test, which sends every other copy to a
/// runtime function), else a whole row-major buffer.
bool isContiguous(Type type, bool allowOffset) {
  auto memrefType = dyn_cast<MemRefType>(type);
  if (!memrefType)
    return false;
  if (memrefType.getLayout().isIdentity())
    return true;
  return allowOffset && memrefType.hasStaticShape() &&
         memrefType.getNumElements() > 0 &&
         memref::isStaticShapeAndContiguousRowMajor(memrefType);
}

struct TenStridedCopiesToLinalgPass
    : ten::impl::TenStridedCopiesToLinalgPassBase<
          TenStridedCopiesToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) {
      if (!isContiguous(copy.getSource().getType(), contiguousViews) ||
          !isContiguous(copy.getTarget().getType(), contiguousViews))
        copies.push_back(copy);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
