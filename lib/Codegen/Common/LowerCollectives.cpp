//===- LowerCollectives.cpp - the ten-lower-collectives pass --------------===//
//
// A partitioned program's collectives as calls of the host runtime
// (Collectives.h); see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "LegalizeCollectives.h"

#include "ten/Codegen/Common/Passes.h"
#include "ten/Runtime/Host/Collectives.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENLOWERCOLLECTIVESPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

namespace {

/// Which runtime the collectives call.
enum class Backend { MPI, NCCL };

/// The suffix of the runtimes' entry points for elements of `type`
/// (CollectiveTypes.def), and its TenrtCollectiveType; none for a type
/// neither runtime moves.
std::optional<std::pair<StringRef, int32_t>> getCollectiveType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1:
      return std::make_pair(StringRef("I1"), int32_t(TENRT_COLLECTIVE_I1));
    case 8:
      return isUnsigned
                 ? std::make_pair(StringRef("U8"), int32_t(TENRT_COLLECTIVE_U8))
                 : std::make_pair(StringRef("I8"),
                                  int32_t(TENRT_COLLECTIVE_I8));
    case 16:
      return isUnsigned ? std::make_pair(StringRef("U16"),
                                         int32_t(TENRT_COLLECTIVE_U16))
                        : std::make_pair(StringRef("I16"),
                                         int32_t(TENRT_COLLECTIVE_I16));
    case 32:
      return isUnsigned ? std::make_pair(StringRef("U32"),
                                         int32_t(TENRT_COLLECTIVE_U32))
                        : std::make_pair(StringRef("I32"),
                                         int32_t(TENRT_COLLECTIVE_I32));
    case 64:
      return isUnsigned ? std::make_pair(StringRef("U64"),
                                         int32_t(TENRT_COLLECTIVE_U64))
                        : std::make_pair(StringRef("I64"),
                                         int32_t(TENRT_COLLECTIVE_I64));
    default:
      return std::nullopt;
    }
  }
  if (type.isF32())
    return std::make_pair(StringRef("F32"), int32_t(TENRT_COLLECTIVE_F32));
  if (type.isF64())
    return std::make_pair(StringRef("F64"), int32_t(TENRT_COLLECTIVE_F64));
  if (type.isF16())
    return std::make_pair(StringRef("F16"), int32_t(TENRT_COLLECTIVE_F16));
  if (type.isBF16())
    return std::make_pair(StringRef("BF16"), int32_t(TENRT_COLLECTIVE_BF16));
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return std::make_pair(StringRef("C64"), int32_t(TENRT_COLLECTIVE_C64));
    if (complex.getElementType().isF64())
      return std::make_pair(StringRef("C128"), int32_t(TENRT_COLLECTIVE_C128));
  }
  return std::nullopt;
}

/// The declaration of the runtime's `name`, taking two unranked memrefs of
/// `elementType`, the grid's sizes (an unranked i64 memref), the axes mask
/// and `tail` more integers; called by its C interface name.
func::FuncOp getOrDeclareCollective(OpBuilder &builder, ModuleOp module,
                                    StringRef name, Type elementType,
                                    ArrayRef<Type> tail) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  SmallVector<Type> inputs = {
      UnrankedMemRefType::get(elementType, /*memorySpace=*/0),
      UnrankedMemRefType::get(elementType, /*memorySpace=*/0),
      UnrankedMemRefType::get(builder.getI64Type(), /*memorySpace=*/0),
      builder.getI64Type()};
  inputs.append(tail.begin(), tail.end());
  auto function = func::FuncOp::create(builder, module.getLoc(), name,
                                       builder.getFunctionType(inputs, {}));
  function.setPrivate();
  function->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                    builder.getUnitAttr());
  return function;
}

/// The bit mask of `axes`.
int64_t getAxesMask(ArrayRef<shard::GridAxis> axes) {
  int64_t mask = 0;
  for (shard::GridAxis axis : axes)
    mask |= int64_t(1) << axis;
  return mask;
}

/// Lowers a collective whose result is a new tensor to a call of the runtime
/// on the input's buffer and a new one: `tail` are the call's last
/// arguments, after the axes mask.
template <typename CollectiveOp>
LogicalResult lowerToCall(CollectiveOp op, PatternRewriter &rewriter,
                          StringRef entry, Backend backend,
                          ArrayRef<int64_t> grid,
                          function_ref<SmallVector<Value>(Location)> tail) {
  Location loc = op.getLoc();
  auto inputType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!inputType || !resultType)
    return rewriter.notifyMatchFailure(op, "not on ranked tensors");
  auto collectiveType = getCollectiveType(inputType.getElementType());
  // MPI has no 16-bit floats (its legalization rewrites their collectives).
  if (collectiveType && backend == Backend::MPI &&
      isa<Float16Type, BFloat16Type>(inputType.getElementType()))
    collectiveType.reset();
  if (!collectiveType ||
      resultType.getElementType() != inputType.getElementType())
    return op.emitError() << "the "
                          << (backend == Backend::MPI ? "MPI" : "NCCL")
                          << " collectives do not move elements of "
                          << inputType.getElementType();
  if (!inputType.hasStaticShape() || !resultType.hasStaticShape())
    return op.emitError("a collective of a tensor whose sizes are known only "
                        "when the program runs is not supported");
  // The runtime ranks a group's processes by their positions on its axes in
  // the grid's order.
  ArrayRef<shard::GridAxis> axes = op.getGridAxes();
  if (!llvm::is_sorted(axes) || llvm::adjacent_find(axes) != axes.end())
    return op.emitError("a collective over grid axes that are not in "
                        "increasing order is not supported");
  auto module = op->template getParentOfType<ModuleOp>();
  auto bufferType = [](RankedTensorType type) {
    return MemRefType::get(type.getShape(), type.getElementType());
  };
  Value input = bufferization::ToBufferOp::create(
      rewriter, loc, bufferType(inputType), op.getInput(), /*read_only=*/true);
  Value output = memref::AllocOp::create(rewriter, loc, bufferType(resultType));
  auto gridType = RankedTensorType::get({static_cast<int64_t>(grid.size())},
                                        rewriter.getI64Type());
  Value gridTensor = arith::ConstantOp::create(
      rewriter, loc, DenseIntElementsAttr::get(gridType, grid));
  Value gridBuffer = bufferization::ToBufferOp::create(
      rewriter, loc,
      MemRefType::get(gridType.getShape(), rewriter.getI64Type()), gridTensor,
      /*read_only=*/true);
  SmallVector<Value> tailValues = tail(loc);
  SmallVector<Type> tailTypes;
  for (Value value : tailValues)
    tailTypes.push_back(value.getType());
  std::string name = (entry + collectiveType->first).str();
  Type elementType = inputType.getElementType();
  func::FuncOp callee =
      getOrDeclareCollective(rewriter, module, name, elementType, tailTypes);
  auto unranked = [&](Value buffer, Type type) -> Value {
    return memref::CastOp::create(
        rewriter, loc, UnrankedMemRefType::get(type, /*memorySpace=*/0),
        buffer);
  };
  SmallVector<Value> arguments = {
      unranked(input, elementType), unranked(output, elementType),
      unranked(gridBuffer, rewriter.getI64Type()),
      arith::ConstantIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                   getAxesMask(op.getGridAxes()))};
  arguments.append(tailValues);
  func::CallOp::create(rewriter, loc, callee, arguments);
  rewriter.replaceOp(op, bufferization::ToTensorOp::create(
                             rewriter, loc, resultType, output,
                             /*restrict=*/true, /*writable=*/true));
  return success();
}

/// The sizes of the grid `name` of `op`'s module.
FailureOr<SmallVector<int64_t>> getGrid(Operation *op, StringRef name) {
  auto grid = SymbolTable::lookupNearestSymbolFrom<shard::GridOp>(
      op, FlatSymbolRefAttr::get(op->getContext(), name));
  if (!grid)
    return failure();
  return llvm::to_vector(grid.getShape());
}

/// The runtime's code of the reduction of `op`, or an error.
template <typename CollectiveOp>
FailureOr<int32_t> getReduction(CollectiveOp op) {
  switch (op.getReduction()) {
  case shard::ReductionKind::Sum:
    return int32_t(TENRT_REDUCE_SUM);
  case shard::ReductionKind::Product:
    return int32_t(TENRT_REDUCE_PRODUCT);
  case shard::ReductionKind::Max:
    return int32_t(TENRT_REDUCE_MAX);
  case shard::ReductionKind::Min:
    return int32_t(TENRT_REDUCE_MIN);
  default:
    return op.emitError() << "a reduction by "
                          << shard::stringifyReductionKind(op.getReduction())
                          << " is not supported";
  }
}

/// The runtime's code of the element type of `op`'s input (0 where it has
/// none: lowerToCall reports that).
int32_t getTypeCode(Operation *op) {
  auto type = getCollectiveType(
      cast<ShapedType>(op->getOperand(0).getType()).getElementType());
  return type ? type->second : 0;
}

/// An integer argument of a runtime call after the axes mask.
struct TailArgument {
  int64_t value;
  unsigned bits;
};

TailArgument i64(int64_t value) { return {value, 64}; }
TailArgument i32(int64_t value) { return {value, 32}; }

// The arguments of each collective's call after the axes mask, in the
// order of its entry point (Collectives.h); failure, with an error on the
// op, where the runtime cannot do it.
FailureOr<SmallVector<TailArgument>> getTail(shard::AllReduceOp op,
                                             ArrayRef<int64_t>) {
  FailureOr<int32_t> reduction = getReduction(op);
  if (failed(reduction))
    return failure();
  return SmallVector<TailArgument>{i32(getTypeCode(op)), i32(*reduction)};
}

FailureOr<SmallVector<TailArgument>> getTail(shard::AllGatherOp op,
                                             ArrayRef<int64_t>) {
  return SmallVector<TailArgument>{i64(op.getGatherAxis().getSExtValue()),
                                   i32(getTypeCode(op))};
}

FailureOr<SmallVector<TailArgument>> getTail(shard::ReduceScatterOp op,
                                             ArrayRef<int64_t>) {
  FailureOr<int32_t> reduction = getReduction(op);
  if (failed(reduction))
    return failure();
  return SmallVector<TailArgument>{i64(op.getScatterAxis().getSExtValue()),
                                   i32(getTypeCode(op)), i32(*reduction)};
}

FailureOr<SmallVector<TailArgument>> getTail(shard::AllToAllOp op,
                                             ArrayRef<int64_t>) {
  return SmallVector<TailArgument>{i64(op.getSplitAxis().getSExtValue()),
                                   i64(op.getConcatAxis().getSExtValue()),
                                   i32(getTypeCode(op))};
}

FailureOr<SmallVector<TailArgument>> getTail(shard::BroadcastOp op,
                                             ArrayRef<int64_t> grid) {
  if (!op.getRootDynamic().empty())
    return op.emitError("a broadcast from a root known only when the "
                        "program runs is not supported");
  // The root's position in its group, row-major over the group's axes (the
  // verifier checked that it is one inside the group).
  int64_t position = 0;
  for (auto [axis, at] : llvm::zip(op.getGridAxes(), op.getRoot()))
    position = position * grid[axis] + at;
  return SmallVector<TailArgument>{i64(position), i32(getTypeCode(op))};
}

FailureOr<SmallVector<TailArgument>> getTail(shard::ShiftOp op,
                                             ArrayRef<int64_t>) {
  return SmallVector<TailArgument>{i64(op.getShiftAxis().getSExtValue()),
                                   i64(op.getOffset()), i32(op.getRotate()),
                                   i32(getTypeCode(op))};
}

/// A collective lowered to a call of the runtime's `entry` (by element
/// type) on its input's buffer and a new one.
template <typename CollectiveOp>
struct CollectiveLowering : OpRewritePattern<CollectiveOp> {
  CollectiveLowering(MLIRContext *context, StringRef entry, Backend backend)
      : OpRewritePattern<CollectiveOp>(context), entry(entry),
        backend(backend) {}

  LogicalResult matchAndRewrite(CollectiveOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<int64_t>> grid = getGrid(op, op.getGrid());
    if (failed(grid))
      return failure();
    FailureOr<SmallVector<TailArgument>> tail = getTail(op, *grid);
    if (failed(tail))
      return failure();
    return lowerToCall(op, rewriter, entry, backend, *grid,
                       [&](Location loc) -> SmallVector<Value> {
                         SmallVector<Value> values;
                         for (TailArgument argument : *tail)
                           values.push_back(arith::ConstantIntOp::create(
                               rewriter, loc,
                               rewriter.getIntegerType(argument.bits),
                               argument.value));
                         return values;
                       });
  }

  std::string entry;
  Backend backend;
};

/// This process's linear index on the grid: its MPI rank.
struct ProcessLinearIndexLowering
    : OpRewritePattern<shard::ProcessLinearIndexOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shard::ProcessLinearIndexOp op,
                                PatternRewriter &rewriter) const override {
    auto module = op->getParentOfType<ModuleOp>();
    constexpr StringLiteral name = "tenrtProcessRank";
    auto callee = module.lookupSymbol<func::FuncOp>(name);
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      callee = func::FuncOp::create(
          rewriter, module.getLoc(), name,
          rewriter.getFunctionType({}, {rewriter.getI64Type()}));
      callee.setPrivate();
      // By its C interface name, as the runtime binds every entry point.
      callee->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      rewriter.getUnitAttr());
    }
    Value rank =
        func::CallOp::create(rewriter, op.getLoc(), callee, ValueRange{})
            .getResult(0);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(op, rewriter.getIndexType(),
                                                    rank);
    return success();
  }
};

/// The grid's sizes, as constants.
struct GridShapeLowering : OpRewritePattern<shard::GridShapeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(shard::GridShapeOp op,
                                PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<int64_t>> grid = getGrid(op, op.getGrid());
    if (failed(grid))
      return failure();
    SmallVector<Value> sizes;
    ArrayRef<shard::GridAxis> axes = op.getAxes();
    for (size_t i = 0; i < op.getNumResults(); ++i) {
      int64_t axis = axes.empty() ? static_cast<int64_t>(i) : axes[i];
      sizes.push_back(
          arith::ConstantIndexOp::create(rewriter, op.getLoc(), (*grid)[axis]));
    }
    rewriter.replaceOp(op, sizes);
    return success();
  }
};

struct TenLowerCollectivesPass
    : ten::impl::TenLowerCollectivesPassBase<TenLowerCollectivesPass> {
  using TenLowerCollectivesPassBase::TenLowerCollectivesPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (module.getOps<shard::GridOp>().empty())
      return;
    if (backend != "mpi" && backend != "nccl") {
      module.emitError() << "ten-lower-collectives: unknown backend '"
                         << backend << "' (mpi or nccl)";
      return signalPassFailure();
    }
    Backend runtime = backend == "mpi" ? Backend::MPI : Backend::NCCL;
    MLIRContext *context = &getContext();
    // What the backend cannot run as it is asked, rewritten first.
    RewritePatternSet rewrites(context);
    if (runtime == Backend::NCCL)
      populateNcclLegalizationPatterns(rewrites);
    else
      populateMpiLegalizationPatterns(rewrites);
    if (failed(applyPatternsGreedily(module, std::move(rewrites))))
      return signalPassFailure();
    SymbolTableCollection symbols;
    RewritePatternSet patterns(context);
    shard::populateAllSliceOpLoweringPatterns(patterns, symbols);
    shard::populateProcessMultiIndexOpLoweringPatterns(patterns, symbols);
    std::string prefix = runtime == Backend::MPI ? "tenrt" : "tenCuda";
    patterns.add<CollectiveLowering<shard::AllReduceOp>>(
        context, prefix + "AllReduce", runtime);
    patterns.add<CollectiveLowering<shard::AllGatherOp>>(
        context, prefix + "AllGather", runtime);
    patterns.add<CollectiveLowering<shard::ReduceScatterOp>>(
        context, prefix + "ReduceScatter", runtime);
    patterns.add<CollectiveLowering<shard::AllToAllOp>>(
        context, prefix + "AllToAll", runtime);
    patterns.add<CollectiveLowering<shard::BroadcastOp>>(
        context, prefix + "Broadcast", runtime);
    patterns.add<CollectiveLowering<shard::ShiftOp>>(context, prefix + "Shift",
                                                     runtime);
    patterns.add<ProcessLinearIndexLowering, GridShapeLowering>(context);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    // What is left of the dialect: dead shardings go, any other op is a
    // collective the runtime does not have.
    bool unsupported = false;
    module.walk([&](Operation *op) {
      Dialect *dialect = op->getDialect();
      if (!dialect || !isa<shard::ShardDialect>(dialect) ||
          isa<shard::GridOp>(op))
        return;
      if (isa<shard::ShardingOp>(op) && op->use_empty()) {
        op->erase();
        return;
      }
      // A collective with a pattern that is left has had its error there.
      if (!isa<shard::AllReduceOp, shard::AllGatherOp, shard::ReduceScatterOp,
               shard::AllToAllOp, shard::BroadcastOp, shard::ShiftOp>(op))
        op->emitError() << "'" << op->getName()
                        << "' is not supported in a sharded program yet";
      unsupported = true;
    });
    if (unsupported)
      return signalPassFailure();
    for (auto grid : llvm::make_early_inc_range(module.getOps<shard::GridOp>()))
      grid.erase();
  }
};

} // namespace
