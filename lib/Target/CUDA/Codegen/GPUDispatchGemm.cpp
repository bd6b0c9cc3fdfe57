//===- GPUDispatchGemm.cpp - the ten-gpu-dispatch-gemm pass ---------------===//
//
// GEMM-like contractions on GPU buffers become calls to the CUDA runtime's
// strided-batched GEMM (cuBLAS), or its GEMM with a bias (and ReLU)
// epilogue (cuBLASLt) when the op after the contraction adds a bias to the
// product. A transposed operand is an op flag and its leading dimension, a
// batch is a stride: no operand is ever copied.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/EntryPoints.h"
#include "ten/Target/CUDA/Passes.h"

#include "CudaStream.h"
#include "GemmEpilogue.h"
#include "ten/Codegen/Common/GemmView.h"

#include "ten/Runtime/CUDA/Cublas.h"

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
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;
using namespace mlir::ten;

/// The runtime's entry points (lib/Runtime/CUDA: row-major operands, as
/// the arguments below describe them), the second with an epilogue.
static constexpr StringLiteral kGemmFunction =
    cuda_entry::tenCudaGemmStridedBatched;
static constexpr StringLiteral kGemmEpilogueFunction =
    cuda_entry::tenCudaGemmEpilogue;

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
  /// Where the product goes: C's buffer, or the f16/bf16 buffer of the
  /// elementwise truncation that is C's only reader (the GEMM rounds its
  /// f32 sums into it itself).
  Value result;
  linalg::GenericOp truncation;
  /// The bias (and ReLU) after the product, applied by the GEMM; or why the
  /// op after it that reads the product is not, if there is one.
  std::optional<GemmEpilogueMatch> epilogue;
  std::string epilogueReason;
};

/// The body `yield truncf(in)` of an elementwise op.
static bool isTruncation(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 2)
    return false;
  auto truncf = dyn_cast<arith::TruncFOp>(body.front());
  return truncf && truncf.getIn() == body.getArgument(0) &&
         body.getTerminator()->getOperand(0) == truncf.getResult();
}

/// Whether `value` is available before `op`: a block argument or the result
/// of an op before it in its block.
static bool isDefinedBefore(Value value, Operation *op) {
  Operation *definition = value.getDefiningOp();
  return !definition || (definition->getBlock() == op->getBlock() &&
                         definition->isBeforeInBlock(op));
}

/// The elementwise op that truncates C, a zero-filled f32 buffer that only
/// the fill, `op`, the truncation right after `op` and deallocations touch,
/// into an f16 or bf16 buffer of the same shape and identity layout: cuBLAS
/// then writes the narrow result itself, the same rounding of the same f32
/// sums. The narrow buffer exists before `op`, or is allocated between the
/// two from sizes known before `op` (the allocation then moves up).
static linalg::GenericOp findTruncation(linalg::LinalgOp op, Value c) {
  auto alloc = c.getDefiningOp<memref::AllocOp>();
  Operation *next = op->getNextNode();
  auto narrowAlloc = dyn_cast_or_null<memref::AllocOp>(next);
  if (narrowAlloc)
    next = next->getNextNode();
  auto truncation = dyn_cast_or_null<linalg::GenericOp>(next);
  if (!alloc || !truncation || truncation.getNumDpsInputs() != 1 ||
      truncation.getNumDpsInits() != 1 ||
      truncation.getDpsInputOperand(0)->get() != c ||
      truncation.getNumLoops() != truncation.getNumParallelLoops() ||
      !llvm::all_of(truncation.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }) ||
      !isTruncation(truncation))
    return {};
  for (Operation *user : c.getUsers())
    if (user != op && user != truncation &&
        !isa<linalg::FillOp, memref::DeallocOp>(user))
      return {};
  Value narrow = truncation.getDpsInitOperand(0)->get();
  auto narrowType = cast<MemRefType>(narrow.getType());
  if (narrowType.getShape() != cast<MemRefType>(c.getType()).getShape() ||
      !narrowType.getLayout().isIdentity())
    return {};
  if (narrowAlloc && narrow == narrowAlloc.getResult())
    return llvm::all_of(narrowAlloc->getOperands(),
                        [&](Value size) { return isDefinedBefore(size, op); })
               ? truncation
               : linalg::GenericOp();
  return !narrowAlloc && isDefinedBefore(narrow, op) ? truncation
                                                     : linalg::GenericOp();
}

/// Whether `value` is a zero of its type: a float zero, or a complex number
/// whose parts are zeros.
static bool isZero(Value value) {
  if (matchPattern(value, m_AnyZeroFloat()))
    return true;
  ArrayAttr parts;
  return matchPattern(value, m_Constant(&parts)) && parts.size() == 2 &&
         llvm::all_of(parts, [](Attribute part) {
           auto value = dyn_cast<FloatAttr>(part);
           return value && value.getValue().isZero();
         });
}

/// The bytes of one element of `type`.
static int64_t getElementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  return type.getIntOrFloatBitWidth() / 8;
}

static FailureOr<GemmCall> matchGemmCall(linalg::LinalgOp op, bool fastRelu,
                                         std::string &reason) {
  // The types cuBLAS multiplies: f32, f64, complex<f32> and complex<f64>;
  // f16 and bf16 (summed in f32) into their own type or into f32.
  auto isCublasType = [](Type input, Type output) {
    if (input.isF16() || input.isBF16())
      return output == input || output.isF32();
    if (output != input)
      return false;
    if (auto complex = dyn_cast<ComplexType>(input))
      input = complex.getElementType();
    return input.isF32() || input.isF64();
  };
  FailureOr<GemmView> view =
      matchGemm(op, isCublasType,
                "f32, f64, complex<f32>, complex<f64>, or f16 or bf16 into "
                "itself or f32",
                reason);
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
  call.result = view->out->get();
  Type outputType = getElementTypeOrSelf(call.result);
  if (outputType.isF32() &&
      outputType != getElementTypeOrSelf(view->lhs->get()) && call.fill &&
      matchPattern(call.fill.getInputs().front(), m_AnyZeroFloat()))
    if ((call.truncation = findTruncation(op, call.result)))
      call.result = call.truncation.getDpsInitOperand(0)->get();
  // An epilogue starts from the product alone: C must not accumulate.
  // cuBLASLt's bias epilogues are for f32, f16 and bf16.
  Type inputType = getElementTypeOrSelf(view->lhs->get());
  if (!call.truncation && call.fill && isZero(call.fill.getInputs().front()) &&
      !inputType.isF64() && !isa<ComplexType>(inputType))
    if ((call.epilogue = matchGemmEpilogue(op, call.result, call.fill, fastRelu,
                                           call.epilogueReason)))
      call.result = call.epilogue->result;
  return call;
}

using ::ten::cuda::GemmType;

/// The runtime's GEMM type for `call`: its element types, and for f32
/// whether tf32 is allowed.
static GemmType getGemmType(const GemmCall &call, bool allowTF32) {
  Type input = getElementTypeOrSelf(call.a.operand->get());
  bool intoF32 = getElementTypeOrSelf(call.result).isF32();
  if (auto complex = dyn_cast<ComplexType>(input))
    return complex.getElementType().isF64() ? GemmType::C128 : GemmType::C64;
  if (input.isF64())
    return GemmType::F64;
  if (input.isF16())
    return intoF32 ? GemmType::F16IntoF32 : GemmType::F16;
  if (input.isBF16())
    return intoF32 ? GemmType::BF16IntoF32 : GemmType::BF16;
  return allowTF32 ? GemmType::F32ViaTF32 : GemmType::F32;
}

/// What --explain says of a contraction that becomes a cuBLAS call.
static std::string describeCall(const GemmCall &call, bool allowTF32) {
  Type input = getElementTypeOrSelf(call.a.operand->get());
  Type output = getElementTypeOrSelf(call.result);
  GemmType type = getGemmType(call, allowTF32);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (call.epilogue)
    os << "contraction runs on cuBLASLt: cublasLtMatmul with the bias"
       << (call.epilogue->kind == ::ten::cuda::GemmEpilogue::BiasRelu
               ? " and ReLU"
               : "")
       << " epilogue";
  else
    os << "contraction runs on cuBLAS: " << ::ten::cuda::getCublasCall(type);
  os << ", " << input << " into " << output;
  if (type == GemmType::F32ViaTF32)
    os << " on tf32 tensor cores";
  if (call.truncation)
    os << " (the rounding of its f32 sums folded in)";
  if (call.a.transposed)
    os << ", A transposed";
  if (call.b.transposed)
    os << ", B transposed";
  if (!call.batch.empty())
    os << ", " << call.batch.size() << " batch loop"
       << (call.batch.size() > 1 ? "s" : "");
  if (!call.epilogueReason.empty())
    os << "; the op after it runs as a kernel: " << call.epilogueReason;
  return text;
}

/// Declares the runtime's GEMM, or with `withEpilogue` its GEMM with an
/// epilogue, in `module` once.
static func::FuncOp declareGemm(OpBuilder &b, ModuleOp module,
                                bool withEpilogue) {
  StringRef name = withEpilogue ? kGemmEpilogueFunction : kGemmFunction;
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  Type i32 = b.getI32Type(), index = b.getIndexType();
  Type stream = LLVM::LLVMPointerType::get(b.getContext());
  // dtype, transA, transB, m, n, k, batch, then address, leading dimension
  // and batch stride (elements) of A, B and C, then whether C accumulates
  // (or the epilogue and the bias's address), then the stream it is
  // enqueued on.
  SmallVector<Type> inputs = {i32,   i32,   i32,   index, index, index,
                              index, index, index, index, index, index,
                              index, index, index, index, i32};
  if (withEpilogue)
    inputs.push_back(index);
  inputs.push_back(stream);
  auto function = func::FuncOp::create(
      b, module.getLoc(), name, b.getFunctionType(inputs, /*results=*/{}));
  function.setPrivate();
  return function;
}

/// Rewrites `op` into the runtime call.
static void dispatchGemm(RewriterBase &rewriter, func::FuncOp gemm,
                         linalg::LinalgOp op, const GemmCall &call,
                         bool allowTF32) {
  Location loc = op.getLoc();
  Value product = call.c.operand->get();
  // The narrow result, when allocated after the GEMM, is needed before it.
  if (Operation *narrowAlloc = call.result.getDefiningOp();
      call.truncation && narrowAlloc &&
      narrowAlloc->getBlock() == op->getBlock() &&
      op->isBeforeInBlock(narrowAlloc))
    rewriter.moveOpBefore(narrowAlloc, op);
  rewriter.setInsertionPoint(op);
  SmallVector<Range> ranges = op.createLoopRanges(rewriter, loc);
  auto loopSize = [&](unsigned loop) {
    return getValueOrCreateConstantIndexOp(rewriter, loc, ranges[loop].size);
  };
  auto i32 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, value, 32);
  };
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);

  // The address of a buffer's first element, from its strided metadata.
  auto getAddress = [&](Value buffer,
                        memref::ExtractStridedMetadataOp metadata) -> Value {
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, buffer);
    Value bytes = arith::ConstantIndexOp::create(
        rewriter, loc, getElementBytes(getElementTypeOrSelf(buffer)));
    Value offsetBytes =
        arith::MulIOp::create(rewriter, loc, metadata.getOffset(), bytes);
    return arith::AddIOp::create(rewriter, loc, base, offsetBytes);
  };
  // Address, leading dimension and batch stride of one operand: any layout
  // whose innermost stride is 1.
  auto describe = [&](const GemmOperand &operand, Value buffer,
                      SmallVectorImpl<Value> &args) {
    AffineMap map = op.getMatchingIndexingMap(operand.operand);
    auto metadata =
        memref::ExtractStridedMetadataOp::create(rewriter, loc, buffer);
    args.push_back(getAddress(buffer, metadata));
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
  bool startsFromZero = fill && isZero(fill.getInputs().front());

  GemmType type = getGemmType(call, allowTF32);
  SmallVector<Value> args = {i32(static_cast<int32_t>(type)),
                             i32(call.a.transposed),
                             i32(call.b.transposed),
                             loopSize(call.m),
                             loopSize(call.n),
                             loopSize(call.k),
                             batchCount};
  describe(call.a, call.a.operand->get(), args);
  describe(call.b, call.b.operand->get(), args);
  describe(call.c, call.result, args);
  if (call.epilogue) {
    Value bias = call.epilogue->bias->get();
    args.push_back(i32(static_cast<int32_t>(call.epilogue->kind)));
    args.push_back(getAddress(
        bias, memref::ExtractStridedMetadataOp::create(rewriter, loc, bias)));
  } else {
    args.push_back(i32(startsFromZero ? 0 : 1));
  }
  // On the stream of the kernels around it (ten-gpu-one-stream).
  args.push_back(mlir::ten::createCurrentStreamCall(rewriter, loc, gemm));
  func::CallOp::create(rewriter, loc, gemm, args);
  rewriter.eraseOp(op);
  // The GEMM overwrites every element of C: a zero fill before it is dead.
  if (startsFromZero)
    rewriter.eraseOp(fill);
  // With the truncation or the epilogue folded, a product buffer other than
  // the result has no use but its frees.
  linalg::GenericOp folded =
      call.truncation ? call.truncation
                      : (call.epilogue ? call.epilogue->op : nullptr);
  if (folded) {
    rewriter.eraseOp(folded);
    if (product != call.result) {
      for (Operation *user : llvm::make_early_inc_range(product.getUsers()))
        rewriter.eraseOp(user);
      rewriter.eraseOp(product.getDefiningOp());
    }
  }
}

namespace {
struct TenGPUDispatchGemmPass
    : public mlir::ten::impl::TenGPUDispatchGemmPassBase<
          TenGPUDispatchGemmPass> {
  using TenGPUDispatchGemmPassBase::TenGPUDispatchGemmPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<linalg::LinalgOp, GemmCall>> gemms;
    module.walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<func::FuncOp>() ||
          !linalg::isaContractionOpInterface(op))
        return;
      std::string reason;
      FailureOr<GemmCall> call = matchGemmCall(op, fastRelu, reason);
      if (succeeded(call))
        gemms.emplace_back(op, *call);
      else if (explain)
        op->emitRemark() << "contraction left to a generated kernel: "
                         << reason;
    });
    if (gemms.empty())
      return;
    IRRewriter rewriter(&getContext());
    for (auto &[op, call] : gemms) {
      if (explain)
        op->emitRemark() << describeCall(call, allowTF32);
      func::FuncOp gemm =
          declareGemm(rewriter, module, call.epilogue.has_value());
      dispatchGemm(rewriter, gemm, op, call, allowTF32);
    }
  }
};
} // namespace
