//===- HostLaunches.cpp - the ten-gpu-launch-host-kernels pass ------------===//
//
// Makes the kernels that ten-gpu-kernels-to-host compiled for the host part
// of the host module, and turns each launch of one into a call of the
// runtime's tenCudaLaunchHostKernel, with the arguments packed as
// cuLaunchKernel packs them (an array of pointers to their values) and a
// wrapper of the kernel that unpacks them (a TenHostKernel). The launches
// keep their stream, grid and block; the host code around them is left as
// it is.
//
//===----------------------------------------------------------------------===//

#include "ten/Conversion/Passes.h"
#include "ten/Runtime/CUDA/EntryPoints.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPULAUNCHHOSTKERNELSPASS
#include "ten/Conversion/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// `base`, or `base_N` for the first N that neither a symbol of `module`
/// nor `taken` has; added to `taken`.
static std::string getUniqueName(ModuleOp module, StringRef base,
                                 llvm::StringSet<> &taken) {
  std::string name = base.str();
  for (unsigned suffix = 1; module.lookupSymbol(name) || taken.contains(name);
       ++suffix)
    name = (base + "_" + Twine(suffix)).str();
  taken.insert(name);
  return name;
}

/// Whether `op` declares a symbol that something else defines.
static bool isDeclaration(Operation &op) {
  if (auto function = dyn_cast<FunctionOpInterface>(op))
    return function.isExternal();
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  return symbol && symbol.isDeclaration();
}

/// Moves `kernels`' functions and globals into `module`, each definition
/// named after its module ("M_f"), each declaration merged with the host's
/// one of that name. Returns the new name of each kernel.
static FailureOr<DenseMap<StringAttr, StringAttr>>
moveIntoHost(gpu::GPUModuleOp kernels, ModuleOp module) {
  MLIRContext *context = module.getContext();
  DenseMap<StringAttr, StringAttr> newNames;
  // No new name is an old one either: renaming @a to @k_a must not meet a
  // @k_a that is itself being renamed.
  llvm::StringSet<> taken;
  for (auto symbol : kernels.getBody()->getOps<SymbolOpInterface>())
    taken.insert(symbol.getName());
  for (Operation &op : kernels.getBody()->getOperations()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol || isDeclaration(op))
      continue;
    StringAttr name = symbol.getNameAttr();
    newNames[name] = StringAttr::get(
        context,
        getUniqueName(module, (kernels.getName() + "_" + name.getValue()).str(),
                      taken));
  }
  for (auto [name, newName] : newNames)
    if (failed(SymbolTable::replaceAllSymbolUses(name, newName, kernels)))
      return kernels.emitOpError("could not rename the uses of ") << name;

  Block *hostBody = module.getBody();
  for (Operation &op :
       llvm::make_early_inc_range(kernels.getBody()->getOperations())) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (symbol && isDeclaration(op)) {
      Operation *existing = module.lookupSymbol(symbol.getNameAttr());
      if (existing) {
        auto declared = dyn_cast<LLVM::LLVMFuncOp>(op);
        auto hosts = dyn_cast<LLVM::LLVMFuncOp>(existing);
        if (!declared || !hosts ||
            declared.getFunctionType() != hosts.getFunctionType())
          return op.emitOpError("declares ")
                 << symbol.getNameAttr()
                 << " unlike the host module's symbol of that name";
        op.erase();
        continue;
      }
    } else if (symbol) {
      SymbolTable::setSymbolName(symbol, newNames.lookup(symbol.getNameAttr()));
    }
    op.moveBefore(hostBody, hostBody->end());
  }
  return newNames;
}

/// `void name(ptr params, ptr thread)`: loads each argument of `kernel`
/// through params and calls it with the thread.
static LLVM::LLVMFuncOp buildWrapper(OpBuilder &b, LLVM::LLVMFuncOp kernel,
                                     StringRef name) {
  MLIRContext *context = b.getContext();
  Location loc = kernel.getLoc();
  auto pointer = LLVM::LLVMPointerType::get(context);
  auto type = LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                          {pointer, pointer});
  auto wrapper = LLVM::LLVMFuncOp::create(b, loc, name, type);
  OpBuilder::InsertionGuard guard(b);
  Block *entry = wrapper.addEntryBlock(b);
  b.setInsertionPointToStart(entry);
  Value params = entry->getArgument(0);
  LLVM::LLVMFunctionType kernelType = kernel.getFunctionType();
  SmallVector<Value> arguments;
  for (unsigned index = 0; index + 1 < kernelType.getNumParams(); ++index) {
    Value slot = LLVM::GEPOp::create(
        b, loc, pointer, pointer, params,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    Value address = LLVM::LoadOp::create(b, loc, pointer, slot);
    arguments.push_back(
        LLVM::LoadOp::create(b, loc, kernelType.getParamType(index), address));
  }
  arguments.push_back(entry->getArgument(1));
  LLVM::CallOp::create(b, loc, kernel, arguments);
  LLVM::ReturnOp::create(b, loc, ValueRange());
  return wrapper;
}

/// The launch function's declaration, added to `module` if missing.
static LLVM::LLVMFuncOp getLaunchFunction(ModuleOp module) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(
          ten::cuda_entry::tenCudaLaunchHostKernel))
    return existing;
  MLIRContext *context = module.getContext();
  auto pointer = LLVM::LLVMPointerType::get(context);
  auto i64 = IntegerType::get(context, 64);
  auto i32 = IntegerType::get(context, 32);
  // (kernel, name, grid x y z, block x y z, shared bytes, stream, params)
  auto type = LLVM::LLVMFunctionType::get(
      LLVM::LLVMVoidType::get(context),
      {pointer, pointer, i64, i64, i64, i64, i64, i64, i32, pointer, pointer});
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  return LLVM::LLVMFuncOp::create(
      b, module.getLoc(), ten::cuda_entry::tenCudaLaunchHostKernel, type);
}

/// A launch of `wrapper` in place of `launch`.
static LogicalResult replaceLaunch(gpu::LaunchFuncOp launch,
                                   LLVM::LLVMFuncOp wrapper,
                                   LLVM::GlobalOp kernelName,
                                   LLVM::LLVMFuncOp launchFunction) {
  auto host = launch->getParentOfType<LLVM::LLVMFuncOp>();
  if (!host)
    return launch.emitOpError(
        "must be in an LLVM function: lower the host code first "
        "(gpu-to-llvm)");
  if (!launch.getAsyncDependencies().empty() ||
      (launch.getAsyncToken() && !launch.getAsyncToken().use_empty()))
    return launch.emitOpError(
        "has async tokens: lower the host code first (gpu-to-llvm)");
  if (launch.hasClusterSize())
    return launch.emitOpError("has a cluster size, which the host has not");
  for (Value operand : launch.getKernelOperands())
    if (!LLVM::isCompatibleType(operand.getType()))
      return launch.emitOpError("has a kernel operand of type ")
             << operand.getType()
             << ", not an LLVM type: lower the host code first (gpu-to-llvm)";

  MLIRContext *context = launch.getContext();
  Location loc = launch.getLoc();
  auto pointer = LLVM::LLVMPointerType::get(context);
  auto i64 = IntegerType::get(context, 64);
  auto i32 = IntegerType::get(context, 32);

  // The slots in the function's entry block, so that a launch in a loop
  // does not grow the stack.
  OpBuilder entry = OpBuilder::atBlockBegin(&host.getBody().front());
  Value one = LLVM::ConstantOp::create(entry, loc, i64, 1);
  ValueRange operands = launch.getKernelOperands();
  Value count = LLVM::ConstantOp::create(entry, loc, i64,
                                         std::max<int64_t>(1, operands.size()));
  Value params = LLVM::AllocaOp::create(entry, loc, pointer, pointer, count);
  SmallVector<Value> slots;
  for (Value operand : operands)
    slots.push_back(
        LLVM::AllocaOp::create(entry, loc, pointer, operand.getType(), one));

  OpBuilder b(launch);
  for (auto [index, operand, slot] : llvm::enumerate(operands, slots)) {
    LLVM::StoreOp::create(b, loc, operand, slot);
    Value param = LLVM::GEPOp::create(
        b, loc, pointer, pointer, params,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    LLVM::StoreOp::create(b, loc, slot, param);
  }
  auto asI64 = [&](Value size) -> Value {
    auto type = dyn_cast<IntegerType>(size.getType());
    if (!type || type.getWidth() == 64)
      return size;
    return type.getWidth() < 64
               ? Value(LLVM::ZExtOp::create(b, loc, i64, size))
               : Value(LLVM::TruncOp::create(b, loc, i64, size));
  };
  Value sharedBytes = launch.getDynamicSharedMemorySize();
  if (!sharedBytes)
    sharedBytes = LLVM::ConstantOp::create(b, loc, i32, 0);
  Value stream = launch.getAsyncObject();
  if (!stream)
    stream = LLVM::ZeroOp::create(b, loc, pointer);
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  SmallVector<Value> arguments = {LLVM::AddressOfOp::create(b, loc, wrapper),
                                  LLVM::AddressOfOp::create(b, loc, kernelName),
                                  asI64(grid.x),
                                  asI64(grid.y),
                                  asI64(grid.z),
                                  asI64(block.x),
                                  asI64(block.y),
                                  asI64(block.z),
                                  sharedBytes,
                                  stream,
                                  params};
  for (Value argument : arguments)
    if (!LLVM::isCompatibleType(argument.getType()))
      return launch.emitOpError("has a size of type ")
             << argument.getType()
             << ", not an LLVM type: lower the host code first (gpu-to-llvm)";
  LLVM::CallOp::create(b, loc, launchFunction, arguments);
  launch.erase();
  return success();
}

namespace {
struct TenGPULaunchHostKernelsPass
    : public ten::impl::TenGPULaunchHostKernelsPassBase<
          TenGPULaunchHostKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();

    // Every launch must be of a kernel compiled for the host.
    SmallVector<gpu::LaunchFuncOp> launches;
    WalkResult checked = module.walk([&](gpu::LaunchFuncOp launch) {
      auto kernels =
          module.lookupSymbol<gpu::GPUModuleOp>(launch.getKernelModuleName());
      if (!kernels || !kernels->hasAttr(ten::kHostKernelsAttrName)) {
        launch.emitOpError("launches ")
            << launch.getKernel()
            << ", which was not compiled for the host "
               "(ten-gpu-kernels-to-host)";
        return WalkResult::interrupt();
      }
      if (!kernels.lookupSymbol<LLVM::LLVMFuncOp>(launch.getKernelName())) {
        launch.emitOpError("launches ")
            << launch.getKernel()
            << ", which is not an LLVM function (ten-gpu-kernels-to-host "
               "lowers kernels to them)";
        return WalkResult::interrupt();
      }
      launches.push_back(launch);
      return WalkResult::advance();
    });
    if (checked.wasInterrupted())
      return signalPassFailure();

    // Each host kernel module's contents into the host; a wrapper and a
    // name for each kernel.
    DenseMap<SymbolRefAttr, std::pair<LLVM::LLVMFuncOp, LLVM::GlobalOp>>
        wrappers;
    SmallVector<gpu::GPUModuleOp> hostModules;
    for (auto kernels : module.getOps<gpu::GPUModuleOp>())
      if (kernels->hasAttr(ten::kHostKernelsAttrName))
        hostModules.push_back(kernels);
    for (gpu::GPUModuleOp kernels : hostModules) {
      SmallVector<std::pair<StringAttr, LLVM::LLVMFuncOp>> moduleKernels;
      for (auto function : kernels.getOps<LLVM::LLVMFuncOp>())
        if (function->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()))
          moduleKernels.push_back({function.getSymNameAttr(), function});
      FailureOr<DenseMap<StringAttr, StringAttr>> newNames =
          moveIntoHost(kernels, module);
      if (failed(newNames))
        return signalPassFailure();
      OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
      llvm::StringSet<> taken;
      for (auto [name, kernel] : moduleKernels) {
        StringRef newName = newNames->lookup(name).getValue();
        LLVM::LLVMFuncOp wrapper = buildWrapper(
            b, kernel, getUniqueName(module, (newName + "_host").str(), taken));
        std::string text = name.getValue().str();
        text.push_back('\0');
        auto kernelName = LLVM::GlobalOp::create(
            b, kernel.getLoc(),
            LLVM::LLVMArrayType::get(IntegerType::get(context, 8), text.size()),
            /*isConstant=*/true, LLVM::Linkage::Internal,
            getUniqueName(module, (newName + "_name").str(), taken),
            b.getStringAttr(text));
        auto reference = SymbolRefAttr::get(kernels.getNameAttr(),
                                            {FlatSymbolRefAttr::get(name)});
        wrappers[reference] = {wrapper, kernelName};
      }
      kernels.erase();
    }

    LLVM::LLVMFuncOp launchFunction;
    if (!launches.empty())
      launchFunction = getLaunchFunction(module);
    for (gpu::LaunchFuncOp launch : launches) {
      auto [wrapper, kernelName] = wrappers.lookup(launch.getKernel());
      if (failed(replaceLaunch(launch, wrapper, kernelName, launchFunction)))
        return signalPassFailure();
    }
    // Nothing left for the GPU: the module is an ordinary host module.
    if (module.getOps<gpu::GPUModuleOp>().empty() &&
        module.getOps<gpu::BinaryOp>().empty())
      module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
  }
};
} // namespace
