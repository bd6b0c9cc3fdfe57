//===- ReadOnlyArguments.cpp - the ten-read-only-arguments pass -----------===//
//
// Arguments that bufferization may read but not write; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENREADONLYARGUMENTSPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

struct TenReadOnlyArgumentsPass
    : ten::impl::TenReadOnlyArgumentsPassBase<TenReadOnlyArgumentsPass> {
  void runOnOperation() override {
    func::FuncOp function = getOperation();
    if (function.isExternal())
      return;
    auto readOnly = BoolAttr::get(&getContext(), false);
    for (BlockArgument argument : function.getArguments()) {
      unsigned index = argument.getArgNumber();
      if (!isa<TensorType>(argument.getType()) ||
          function.getArgAttr(
              index, bufferization::BufferizationDialect::kWritableAttrName))
        continue;
      function.setArgAttr(
          index, bufferization::BufferizationDialect::kWritableAttrName,
          readOnly);
    }
  }
};

} // namespace
