//===- KernelsToHost.cpp - the ten-gpu-kernels-to-host pass ---------------===//
//
// Compiles a gpu.module's kernels for the host CPU instead of the GPU, so
// that the kernels the GPU pipeline generates can run, and be checked
// against NumPy, on a machine without a GPU. Each kernel becomes an LLVM
// function with one more argument, the TenHostThread of the GPU thread it
// runs as (ten/Runtime/CUDA/HostKernel.h): thread and block ids are loads
// from it, barriers and shuffles calls through it into whatever runs the
// threads. Workgroup memory is a global of the module: a runner runs one
// block at a time.
//
//===----------------------------------------------------------------------===//

#include "ten/Conversion/Passes.h"
#include "ten/Runtime/CUDA/HostKernel.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUKERNELSTOHOSTPASS
#include "ten/Conversion/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// TenHostThread as an LLVM struct: four arrays of three ids, the lane, the
/// barrier and shuffle functions and the runner's state.
static LLVM::LLVMStructType getHostThreadType(MLIRContext *context) {
  auto i64 = IntegerType::get(context, 64);
  auto ids = LLVM::LLVMArrayType::get(i64, 3);
  auto pointer = LLVM::LLVMPointerType::get(context);
  return LLVM::LLVMStructType::getLiteral(
      context, {ids, ids, ids, ids, i64, pointer, pointer, pointer});
}

namespace {
/// Rewrites the GPU ops of one kernel's body into accesses of its thread.
class ThreadAccess {
public:
  ThreadAccess(Value thread)
      : thread(thread), type(getHostThreadType(thread.getContext())) {}

  /// Field `field`, element `dimension` (or the field itself: -1), as i64.
  Value loadId(OpBuilder &b, Location loc, int field, int dimension) {
    SmallVector<LLVM::GEPArg> indices = {0, field};
    if (dimension >= 0)
      indices.push_back(dimension);
    Value address =
        LLVM::GEPOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                            type, thread, indices);
    return LLVM::LoadOp::create(b, loc, b.getI64Type(), address);
  }

  Value loadIndex(OpBuilder &b, Location loc, int field, gpu::Dimension dim) {
    Value id = loadId(b, loc, field, static_cast<int>(dim));
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), id);
  }

  /// Calls the function in field `field` with the thread and `arguments`.
  Value call(OpBuilder &b, Location loc, int field, Type result,
             ValueRange arguments) {
    auto pointer = LLVM::LLVMPointerType::get(b.getContext());
    Value address = LLVM::GEPOp::create(b, loc, pointer, type, thread,
                                        ArrayRef<LLVM::GEPArg>{0, field});
    Value function = LLVM::LoadOp::create(b, loc, pointer, address);
    SmallVector<Type> argumentTypes = {pointer};
    SmallVector<Value> operands = {function, thread};
    for (Value argument : arguments) {
      argumentTypes.push_back(argument.getType());
      operands.push_back(argument);
    }
    auto functionType = LLVM::LLVMFunctionType::get(result, argumentTypes);
    auto callOp = LLVM::CallOp::create(b, loc, functionType, operands);
    return callOp.getNumResults() ? callOp.getResult() : Value();
  }

private:
  Value thread;
  LLVM::LLVMStructType type;
};
} // namespace

/// gpu.shuffle's mode as HostKernel.h numbers it.
static int getShuffleMode(gpu::ShuffleMode mode) {
  switch (mode) {
  case gpu::ShuffleMode::XOR:
    return kTenShuffleXor;
  case gpu::ShuffleMode::DOWN:
    return kTenShuffleDown;
  case gpu::ShuffleMode::UP:
    return kTenShuffleUp;
  case gpu::ShuffleMode::IDX:
    return kTenShuffleIndex;
  }
  llvm_unreachable("unknown shuffle mode");
}

/// A shuffle of a 32-bit value through the thread's shuffle function.
static LogicalResult rewriteShuffle(gpu::ShuffleOp shuffle,
                                    ThreadAccess &access,
                                    RewriterBase &rewriter) {
  Type type = shuffle.getValue().getType();
  if (!type.isInteger(32) && !type.isF32())
    return shuffle.emitOpError("of ")
           << type << " cannot run on the host (32-bit values only)";
  rewriter.setInsertionPoint(shuffle);
  Location loc = shuffle.getLoc();
  Type i32 = rewriter.getI32Type();
  Value value = shuffle.getValue();
  if (type.isF32())
    value = arith::BitcastOp::create(rewriter, loc, i32, value);
  Value mode = arith::ConstantIntOp::create(
      rewriter, loc, getShuffleMode(shuffle.getMode()), 32);
  Value packed =
      access.call(rewriter, loc, kTenHostShuffleField, rewriter.getI64Type(),
                  {value, shuffle.getOffset(), shuffle.getWidth(), mode});
  Value result = arith::TruncIOp::create(rewriter, loc, i32, packed);
  if (type.isF32())
    result = arith::BitcastOp::create(rewriter, loc, type, result);
  Value validBit = arith::ShRUIOp::create(
      rewriter, loc, packed,
      arith::ConstantIntOp::create(rewriter, loc, 32, 64));
  Value valid =
      arith::TruncIOp::create(rewriter, loc, rewriter.getI1Type(), validBit);
  rewriter.replaceOp(shuffle, {result, valid});
  return success();
}

/// The kernel as a func.func taking its thread last; its GPU ops rewritten.
static LogicalResult convertKernel(gpu::GPUFuncOp kernel,
                                   SymbolTable &symbols) {
  MLIRContext *context = kernel.getContext();
  if (!kernel.isKernel())
    return kernel.emitOpError(
        "is not a kernel: only kernels can be compiled for the host");
  IRRewriter rewriter(context);
  Location loc = kernel.getLoc();
  auto pointer = LLVM::LLVMPointerType::get(context);

  // The body moves to a func.func: the arguments, then the thread.
  rewriter.setInsertionPoint(kernel);
  SmallVector<Type> inputs(kernel.getArgumentTypes());
  inputs.push_back(pointer);
  auto function = func::FuncOp::create(rewriter, loc, kernel.getName(),
                                       rewriter.getFunctionType(inputs, {}));
  function->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
  Block &entry = kernel.getBody().front();
  ArrayRef<BlockArgument> workgroup = kernel.getWorkgroupAttributions();
  ArrayRef<BlockArgument> privates = kernel.getPrivateAttributions();
  unsigned numInputs = kernel.getFunctionType().getNumInputs();

  // Workgroup memory: a global per attribution, which each block's threads
  // share (the runner runs one block at a time). Private memory: a stack
  // allocation of each thread.
  rewriter.setInsertionPointToStart(&entry);
  for (auto [index, attribution] : llvm::enumerate(workgroup)) {
    auto type = cast<MemRefType>(attribution.getType());
    OpBuilder moduleBuilder(kernel);
    auto global = memref::GlobalOp::create(
        moduleBuilder, loc,
        (kernel.getName() + "_workgroup" + Twine(index)).str(),
        moduleBuilder.getStringAttr("private"), type, Attribute(),
        /*constant=*/false, moduleBuilder.getI64IntegerAttr(16));
    symbols.insert(global);
    Value memory =
        memref::GetGlobalOp::create(rewriter, loc, type, global.getSymName());
    rewriter.replaceAllUsesWith(attribution, memory);
  }
  for (BlockArgument attribution : privates) {
    auto type = cast<MemRefType>(attribution.getType());
    Value memory = memref::AllocaOp::create(rewriter, loc, type);
    rewriter.replaceAllUsesWith(attribution, memory);
  }
  entry.eraseArguments(numInputs, workgroup.size() + privates.size());
  Value thread = entry.addArgument(pointer, loc);
  function.getBody().takeBody(kernel.getBody());
  rewriter.eraseOp(kernel);

  ThreadAccess access(thread);
  SmallVector<Operation *> gpuOps;
  function.walk([&](Operation *op) {
    if (isa_and_nonnull<gpu::GPUDialect>(op->getDialect()))
      gpuOps.push_back(op);
  });
  // An id or size: the field's element of the op's dimension.
  auto replaceId = [&](auto op, int field) {
    rewriter.replaceOp(
        op, access.loadIndex(rewriter, op.getLoc(), field, op.getDimension()));
    return success();
  };
  for (Operation *op : gpuOps) {
    rewriter.setInsertionPoint(op);
    Location opLoc = op->getLoc();
    LogicalResult rewritten =
        TypeSwitch<Operation *, LogicalResult>(op)
            .Case([&](gpu::ThreadIdOp id) {
              return replaceId(id, kTenHostThreadIdField);
            })
            .Case([&](gpu::BlockIdOp id) {
              return replaceId(id, kTenHostBlockIdField);
            })
            .Case([&](gpu::BlockDimOp dim) {
              return replaceId(dim, kTenHostBlockDimField);
            })
            .Case([&](gpu::GridDimOp dim) {
              return replaceId(dim, kTenHostGridDimField);
            })
            .Case([&](gpu::LaneIdOp lane) {
              Value id =
                  access.loadId(rewriter, opLoc, kTenHostLaneIdField, -1);
              rewriter.replaceOpWithNewOp<arith::IndexCastOp>(
                  lane, rewriter.getIndexType(), id);
              return success();
            })
            .Case([&](gpu::BarrierOp barrier) {
              access.call(rewriter, opLoc, kTenHostBarrierField,
                          LLVM::LLVMVoidType::get(context), {});
              rewriter.eraseOp(barrier);
              return success();
            })
            .Case([&](gpu::ShuffleOp shuffle) {
              return rewriteShuffle(shuffle, access, rewriter);
            })
            .Case([&](gpu::ReturnOp ret) {
              rewriter.replaceOpWithNewOp<func::ReturnOp>(ret);
              return success();
            })
            .Default([&](Operation *other) {
              return other->emitOpError("cannot run on the host");
            });
    if (failed(rewritten))
      return failure();
  }
  return success();
}

namespace {
struct TenGPUKernelsToHostPass
    : public ten::impl::TenGPUKernelsToHostPassBase<TenGPUKernelsToHostPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    // What the NVVM lowering also rewrites first: block-wide reductions into
    // shuffles, barriers and workgroup memory, 64-bit shuffles into 32-bit
    // ones. Math functions become calls into the host's libm.
    // libm has no rsqrt: its expansion into a division by sqrt outranks
    // the libm call.
    {
      RewritePatternSet patterns(context);
      populateGpuRewritePatterns(patterns);
      math::populateExpansionPatterns(patterns, {"rsqrt"});
      populateMathToLibmConversionPatterns(patterns, /*benefit=*/0);
      if (failed(applyPatternsGreedily(module, std::move(patterns))))
        return signalPassFailure();
    }

    SymbolTable symbols(module);
    for (auto kernel :
         llvm::make_early_inc_range(module.getOps<gpu::GPUFuncOp>()))
      if (failed(convertKernel(kernel, symbols)))
        return signalPassFailure();

    // The rest to LLVM, every GPU memory space the host's only one.
    LowerToLLVMOptions options(context);
    LLVMTypeConverter converter(context, options);
    populateGpuMemorySpaceAttributeConversions(
        converter, [](gpu::AddressSpace) -> unsigned { return 0; });
    RewritePatternSet patterns(context);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);
    LLVMConversionTarget target(*context);
    target.addLegalOp<gpu::GPUModuleOp>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // Marks the module for ten-gpu-launch-host-kernels.
    module->setAttr(ten::kHostKernelsAttrName, UnitAttr::get(context));
  }
};
} // namespace
