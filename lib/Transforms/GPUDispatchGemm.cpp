//===- GPUDispatchGemm.cpp - the ten-gpu-dispatch-gemm pass ---------------===//
//
// GEMM-like contractions on GPU buffers become calls to the CUDA runtime's
// strided-batched GEMM (cuBLAS). A transposed operand is an op flag and its
// leading dimension, a batch is a stride: no operand is ever copied.
//
//===----------------------------------------------------------------------===//

#include "ten/Transforms/Passes.h"

#include "CudaStream.h"
#include "GemmView.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUDISPATCHGEMMPASS
#include "ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

/// The runtime's entry point (lib/Runtime/CUDA: row-major operands, as the
/// arguments below describe them).
static constexpr StringLiteral kGemmFunction = "tenCudaGemmStridedBatched";

/// One operand of the call: the loop whose stride is its leading dimension,
/// and whether it is stored transposed.
struct GemmOperand {
  OpOperand *operand;
  unsigned leadingLoop;
  bool transposed;
};

/// How `operand`, indexed by `rows` x `cols` after the batch loops, is
/// stored: contiguous along `cols` (as is) or along `rows` (transposed). The
/// batch loops must lead its dimensions in the order of `batch`, all of
/// them or none (a broadcast), and several of them only in a contiguous
/// buffer, where they make one batch with the stride of the last.
static std::optional<GemmOperand> matchOperand(linalg::LinalgOp op,
                                               OpOperand *operand,
                                               unsigned rows, unsigned cols,
                                               ArrayRef<unsigned> batch) {
  AffineMap map = op.getMatchingIndexingMap(operand);
  unsigned batchResults = map.getNumResults() - 2;
  if (map.getNumResults() < 2 ||
      (batchResults != 0 && batchResults != batch.size()))
    return std::nullopt;
  for (unsigned result = 0; result < batchResults; ++result)
    if (cast<AffineDimExpr>(map.getResult(result)).getPosition() !=
        batch[result])
      return std::nullopt;
  if (batchResults > 1 &&
      !cast<MemRefType>(operand->get().getType()).getLayout().isIdentity())
    return std::nullopt;
  if (!resultPosition(map, rows) || !resultPosition(map, cols) ||
      !hasUnitInnerStride(operand->get()))
    return std::nullopt;
  unsigned innermost =
      cast<AffineDimExpr>(map.getResults().back()).getPosition();
  if (innermost == cols)
    return GemmOperand{operand, rows, false};
  if (innermost == rows)
    return GemmOperand{operand, cols, true};
  return std::nullopt;
}

/// The call's operands for `op`, or the reason it cannot be one call.
struct GemmCall {
  GemmOperand a, b, c;
  unsigned m, n, k;
  /// The loops around the GEMM, as the result's dimensions order them.
  SmallVector<unsigned> batch;
  /// The fill of C right before the op, if any.
  linalg::FillOp fill;
};
static FailureOr<GemmCall> matchGemmCall(linalg::LinalgOp op,
                                         std::string &reason) {
  FailureOr<GemmView> view = matchGemm(op, reason);
  if (failed(view))
    return failure();
  GemmCall call;
  AffineMap outMap = op.getMatchingIndexingMap(view->out);
  for (AffineExpr expr : outMap.getResults()) {
    unsigned loop = cast<AffineDimExpr>(expr).getPosition();
    if (llvm::is_contained(view->outerLoops, loop))
      call.batch.push_back(loop);
  }
  if (call.batch.size() != view->outerLoops.size()) {
    reason = "a loop around the GEMM is not a batch of the result";
    return failure();
  }
  std::optional<GemmOperand> a =
      matchOperand(op, view->lhs, view->m, view->k, call.batch);
  std::optional<GemmOperand> b =
      matchOperand(op, view->rhs, view->k, view->n, call.batch);
  std::optional<GemmOperand> c =
      matchOperand(op, view->out, view->m, view->n, call.batch);
  if (!a || !b || !c || c->transposed) {
    reason = "an operand is not a (batch of) matrices contiguous along one "
             "of its GEMM dimensions";
    return failure();
  }
  call.a = *a;
  call.b = *b;
  call.c = *c;
  call.m = view->m;
  call.n = view->n;
  call.k = view->k;
  call.fill = findInitializingFill(op, *view);
  return call;
}

/// Declares the runtime's GEMM in `module` once.
static func::FuncOp declareGemm(OpBuilder &b, ModuleOp module) {
  if (auto existing = module.lookupSymbol<func::FuncOp>(kGemmFunction))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  Type i32 = b.getI32Type(), index = b.getIndexType();
  Type stream = LLVM::LLVMPointerType::get(b.getContext());
  // dtype, transA, transB, m, n, k, batch, then address, leading dimension
  // and batch stride (elements) of A, B and C, then whether C accumulates,
  // then the stream it is enqueued on.
  SmallVector<Type> inputs = {i32,   i32,   i32,   index, index, index,
                              index, index, index, index, index, index,
                              index, index, index, index, i32,   stream};
  auto function =
      func::FuncOp::create(b, module.getLoc(), kGemmFunction,
                           b.getFunctionType(inputs, /*results=*/{}));
  function.setPrivate();
  return function;
}

/// Rewrites `op` into the runtime call.
static void dispatchGemm(RewriterBase &rewriter, func::FuncOp gemm,
                         linalg::LinalgOp op, const GemmCall &call) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Type elementType = getElementTypeOrSelf(call.c.operand->get());
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  auto loopSize = [&](unsigned loop) {
    return getValueOrCreateConstantIndexOp(rewriter, loc, ranges[loop].size);
  };
  auto i32 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, value, 32);
  };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value bytes = arith::ConstantIndexOp::create(rewriter, loc, elementBytes);

  // Address, leading dimension and batch stride of one operand, from its
  // strided metadata: any layout whose innermost stride is 1.
  auto describe = [&](const GemmOperand &operand,
                      SmallVectorImpl<Value> &args) {
    Value buffer = operand.operand->get();
    AffineMap map = op.getMatchingIndexingMap(operand.operand);
    auto metadata =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, buffer);
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, buffer);
    Value offsetBytes =
        arith::MulIOp::create(rewriter, loc, metadata.getOffset(), bytes);
    args.push_back(arith::AddIOp::create(rewriter, loc, base, offsetBytes));
    args.push_back(
        metadata.getStrides()[*resultPosition(map, operand.leadingLoop)]);
    std::optional<unsigned> batchPosition =
        call.batch.empty() ? std::nullopt
                           : resultPosition(map, call.batch.back());
    args.push_back(batchPosition ? metadata.getStrides()[*batchPosition]
                                 : zero);
  };

  Value batchCount = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (unsigned loop : call.batch)
    batchCount =
        rewriter.createOrFold<arith::MulIOp>(loc, batchCount, loopSize(loop));
  linalg::FillOp fill = call.fill;
  bool startsFromZero =
      fill && matchPattern(fill.getInputs().front(), m_AnyZeroFloat());

  SmallVector<Value> args = {i32(elementType.isF64() ? 1 : 0),
                             i32(call.a.transposed),
                             i32(call.b.transposed),
                             loopSize(call.m),
                             loopSize(call.n),
                             loopSize(call.k),
                             batchCount};
  describe(call.a, args);
  describe(call.b, args);
  describe(call.c, args);
  args.push_back(i32(startsFromZero ? 0 : 1));
  // On the stream of the kernels around it (ten-gpu-one-stream).
  args.push_back(ten::createCurrentStreamCall(rewriter, loc, gemm));
  func::CallOp::create(rewriter, loc, gemm, args);
  rewriter.eraseOp(op);
  // The GEMM overwrites every element of C: a zero fill before it is dead.
  if (startsFromZero)
    rewriter.eraseOp(fill);
}

namespace {
struct TenGPUDispatchGemmPass
    : public ten::impl::TenGPUDispatchGemmPassBase<TenGPUDispatchGemmPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<linalg::LinalgOp, GemmCall>> gemms;
    module.walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<func::FuncOp>() ||
          !linalg::isaContractionOpInterface(op))
        return;
      std::string reason;
      FailureOr<GemmCall> call = matchGemmCall(op, reason);
      if (succeeded(call))
        gemms.emplace_back(op, *call);
    });
    if (gemms.empty())
      return;
    IRRewriter rewriter(&getContext());
    func::FuncOp gemm = declareGemm(rewriter, module);
    for (auto &[op, call] : gemms)
      dispatchGemm(rewriter, gemm, op, call);
  }
};
} // namespace
