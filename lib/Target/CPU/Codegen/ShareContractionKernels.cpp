//===- ShareContractionKernels.cpp - ten-share-contraction-kernels pass ---===//
//
// Moves the contractions that ten-contraction-kernel would compile several
// times over, one kernel per site of the same shapes and layout, into one
// private function per group that every site calls; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "KernelContractions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSHARECONTRACTIONKERNELSPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// `type` with a dynamic offset and its strides spelled out: the kernel
/// reads an operand's shape and strides, never its offset, so sites that
/// differ only there (a thread's part of a buffer, the whole buffer) share
/// a kernel.
Type withDynamicOffset(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!memref || failed(memref.getStridesAndOffset(strides, offset)))
    return type;
  auto layout = StridedLayoutAttr::get(memref.getContext(),
                                       ShapedType::kDynamic, strides);
  return MemRefType::get(memref.getShape(), memref.getElementType(), layout,
                         memref.getMemorySpace());
}

/// A contraction that the kernel takes, with the fill that it folds.
struct Site {
  linalg::LinalgOp op;
  linalg::FillOp fill;
  /// The operands' types with dynamic offsets: the shared kernel's.
  SmallVector<Type> operandTypes;
  /// The fill's value where it is a constant, which the shared kernel
  /// holds; a fill of any other value passes it.
  Attribute fillConstant;
};

/// Whether the sites' ops are the same op up to their operands, whose
/// types the caller compares: the same name, attributes and body. (The
/// operands themselves are not compared: OperationEquivalence would also
/// compare their types, which differ between sites by their offsets.)
bool isSameOp(Operation *lhs, Operation *rhs) {
  if (lhs->getName() != rhs->getName() ||
      lhs->getNumOperands() != rhs->getNumOperands() ||
      lhs->getResultTypes() != rhs->getResultTypes() ||
      lhs->getRawDictionaryAttrs() != rhs->getRawDictionaryAttrs() ||
      lhs->getPropertiesAsAttribute() != rhs->getPropertiesAsAttribute() ||
      lhs->getNumRegions() != rhs->getNumRegions())
    return false;
  return llvm::all_of_zip(
      lhs->getRegions(), rhs->getRegions(), [](Region &lhs, Region &rhs) {
        return OperationEquivalence::isRegionEquivalentTo(
            &lhs, &rhs, OperationEquivalence::IgnoreLocations);
      });
}

/// Whether one kernel serves both sites.
bool isSameKernel(Site &lhs, Site &rhs) {
  if (lhs.operandTypes != rhs.operandTypes || !lhs.fill != !rhs.fill ||
      lhs.fillConstant != rhs.fillConstant)
    return false;
  if (lhs.fill && !lhs.fillConstant &&
      lhs.fill.getInputs().front().getType() !=
          rhs.fill.getInputs().front().getType())
    return false;
  return isSameOp(lhs.op, rhs.op);
}

/// The private function that runs `site`'s fill and op on its arguments:
/// the op's operands, in order, then the fill's value where it is not a
/// constant.
func::FuncOp createKernelFunction(Site &site, SymbolTable &symbols,
                                  OpBuilder &builder) {
  Location loc = site.op.getLoc();
  SmallVector<Type> argumentTypes = site.operandTypes;
  bool passesFillValue = site.fill && !site.fillConstant;
  if (passesFillValue)
    argumentTypes.push_back(site.fill.getInputs().front().getType());
  auto function =
      func::FuncOp::create(loc, "ten_contraction_kernel",
                           builder.getFunctionType(argumentTypes, {}));
  function.setPrivate();
  symbols.insert(function);

  Block *body = function.addEntryBlock();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(body);
  if (site.fill) {
    Value value = site.fill.getInputs().front();
    // The fill writes the op's result operand, which findInitializingFill
    // checked: the argument at that operand's position.
    IRMapping fillOperands;
    fillOperands.map(value,
                     passesFillValue
                         ? Value(body->getArguments().back())
                         : builder.clone(*value.getDefiningOp())->getResult(0));
    fillOperands.map(
        site.fill.getOutputs().front(),
        body->getArgument(site.op.getDpsInitOperand(0)->getOperandNumber()));
    builder.clone(*site.fill, fillOperands);
  }
  // Each operand its own argument, even where a value is several operands
  // (`x @ x.T`): the kernel serves every site of the group.
  Operation *op = builder.clone(*site.op);
  for (auto [index, operand] : llvm::enumerate(op->getOpOperands()))
    operand.set(body->getArgument(index));
  func::ReturnOp::create(builder, loc);
  return function;
}

/// Replaces `site`'s fill and op by a call of `kernel`.
void callKernel(Site &site, func::FuncOp kernel, OpBuilder &builder) {
  builder.setInsertionPoint(site.op);
  Location loc = site.op.getLoc();
  SmallVector<Value> arguments;
  DenseMap<Value, Value> casts;
  for (auto [operand, type] :
       llvm::zip(site.op->getOperands(), site.operandTypes)) {
    Value &cast = casts[operand];
    if (!cast)
      cast =
          operand.getType() == type
              ? operand
              : memref::CastOp::create(builder, loc, type, operand).getResult();
    arguments.push_back(cast);
  }
  if (site.fill && !site.fillConstant)
    arguments.push_back(site.fill.getInputs().front());
  func::CallOp::create(builder, loc, kernel, arguments);
  site.op->erase();
  if (site.fill)
    site.fill->erase();
}

struct TenShareContractionKernelsPass
    : ten::impl::TenShareContractionKernelsPassBase<
          TenShareContractionKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Groups of sites that one kernel serves, in program order.
    SmallVector<SmallVector<Site>> groups;
    module.walk([&](linalg::LinalgOp op) {
      if (!linalg::isaContractionOpInterface(op) ||
          op->getParentOfType<func::FuncOp>() == nullptr)
        return;
      std::string reason;
      FailureOr<GemmView> view = matchKernelContraction(op, reason);
      if (failed(view))
        return;
      // A body that reads values from outside it would need them passed.
      SetVector<Value> captured;
      getUsedValuesDefinedAbove(op->getRegions(), captured);
      if (!captured.empty())
        return;
      Site site{op, findInitializingFill(op, *view), {}, {}};
      for (Type type : op->getOperandTypes())
        site.operandTypes.push_back(withDynamicOffset(type));
      if (site.fill)
        matchPattern(site.fill.getInputs().front(),
                     m_Constant(&site.fillConstant));
      for (SmallVector<Site> &group : groups) {
        if (isSameKernel(group.front(), site)) {
          group.push_back(site);
          return;
        }
      }
      groups.push_back({site});
    });

    SymbolTable symbols(module);
    OpBuilder builder(&getContext());
    for (SmallVector<Site> &group : groups) {
      if (group.size() < 2)
        continue;
      func::FuncOp kernel =
          createKernelFunction(group.front(), symbols, builder);
      for (Site &site : group) {
        if (explain)
          site.op->emitRemark()
              << "contraction calls @" << kernel.getSymName()
              << ", the one kernel of the " << group.size()
              << " contractions of the same shapes and layout";
        callKernel(site, kernel, builder);
      }
    }
  }
};

} // namespace
