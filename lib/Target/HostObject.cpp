//===- HostObject.cpp - host code as an object file -----------------------===//
//
// LLVM IR with a packed wrapper as the one global symbol, LLVM's optimizer
// for the host CPU, then the calls of the runtime's functions renamed (the
// C library's allocator, puts and abort to the project's runtime, the
// implementation names of HostRuntime.def; the CUDA device allocator to the
// one whose buffers a failed run frees), and LLVM's code generator.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/HostObject.h"
#include "ten/Target/HostOptimizer.h"

#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <mutex>

using namespace mlir;
using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Calls of the functions that the runtime implements under other names go
/// to those names.
static void renameRuntimeCalls(llvm::Module &module,
                               ArrayRef<RuntimeRename> renames) {
  for (auto [name, implementation] : renames)
    if (llvm::Function *function = module.getFunction(name))
      if (function->isDeclaration())
        function->setName(implementation);
}

/// Defines `symbol(void **arguments)`, which calls `entry`'s C interface
/// with the values that `arguments[i]` point to (ExecutionEngine's packed
/// convention, which tenAotRun calls).
static llvm::Error addPackedWrapper(llvm::Module &module, llvm::StringRef entry,
                                    llvm::StringRef symbol) {
  llvm::Function *interface =
      module.getFunction(("_mlir_ciface_" + entry).str());
  if (!interface || !interface->getReturnType()->isVoidTy())
    return error("'" + entry + "' has no C interface to call");
  if (module.getNamedValue(symbol))
    return error("the symbol '" + symbol + "' is taken in the module");
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *pointer = llvm::PointerType::get(context, 0);
  auto *packed = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(context), {pointer}, false),
      llvm::GlobalValue::ExternalLinkage, symbol, module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", packed));
  llvm::SmallVector<llvm::Value *> values;
  for (llvm::Argument &parameter : interface->args()) {
    llvm::Value *slot =
        b.CreateConstGEP1_64(pointer, packed->getArg(0), parameter.getArgNo());
    llvm::Value *address = b.CreateLoad(pointer, slot);
    values.push_back(b.CreateLoad(parameter.getType(), address));
  }
  b.CreateCall(interface, values);
  b.CreateRetVoid();
  return llvm::Error::success();
}

llvm::Expected<std::string>
mlir::ten::emitHostObject(ModuleOp module, const TargetOptions &options,
                          llvm::StringRef symbol,
                          ArrayRef<RuntimeRename> renames) {
  initializeNativeCodeGen();

  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule)
    return error("translation to LLVM IR failed");
  std::string machineError;
  std::unique_ptr<llvm::TargetMachine> machine =
      createHostTargetMachine(machineError);
  if (!machine)
    return error("cannot create a target machine for the host CPU: " +
                 machineError);
  llvmModule->setDataLayout(machine->createDataLayout());
  llvmModule->setTargetTriple(machine->getTargetTriple());

  if (llvm::Error err = addPackedWrapper(*llvmModule, options.entry, symbol))
    return std::move(err);
  // Everything else is the object's own: two objects link side by side,
  // and the optimizer may inline and drop what only the wrapper reaches.
  // LLVM's own globals (the constructors that load embedded kernels) stay.
  for (llvm::GlobalValue &global : llvmModule->global_values())
    if (!global.isDeclaration() && global.getName() != symbol &&
        !global.getName().starts_with("llvm."))
      global.setLinkage(llvm::GlobalValue::InternalLinkage);

  setTargetAttributes(*llvmModule, *machine);
  if (llvm::Error err =
          optimizeForHost(*llvmModule, options.optLevel, machine.get()))
    return std::move(err);
  // After the optimizer, which knows the C library's allocator by its names
  // (a buffer freed in the function it is allocated in goes on the stack),
  // as it does when the JIT binds the names.
  renameRuntimeCalls(*llvmModule, renames);
  if (options.printOptimizedLLVM)
    llvmModule->print(*options.printOptimizedLLVM, /*AAW=*/nullptr);

  llvm::SmallString<0> object;
  llvm::raw_svector_ostream stream(object);
  llvm::legacy::PassManager codeGen;
  if (machine->addPassesToEmitFile(codeGen, stream, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return error("LLVM cannot emit an object file for the host CPU");
  codeGen.run(*llvmModule);
  return std::string(object.str());
}
