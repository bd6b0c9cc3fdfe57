//===- CpuExecutable.cpp - a ten module compiled for the host CPU ---------===//

#include "ten/Execution/CpuExecutable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/TargetSelect.h"

#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::ten;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string TensorSignature::str() const {
  std::string text = "tensor<";
  for (int64_t size : shape)
    text += (ShapedType::isDynamic(size) ? "?" : std::to_string(size)) + "x";
  return text + getElementKindName(kind).str() + ">";
}

static std::optional<TensorSignature> getSignature(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return std::nullopt;
  std::string name;
  llvm::raw_string_ostream os(name);
  os << tensorType.getElementType();
  std::optional<ElementKind> kind = parseElementKind(name);
  if (!kind)
    return std::nullopt;
  return TensorSignature{*kind, llvm::to_vector(tensorType.getShape())};
}

//===----------------------------------------------------------------------===//
// Run-time check failures
//===----------------------------------------------------------------------===//

// A failed cf.assert in the generated code prints its message with `puts`
// and calls `abort`. The JIT resolves both to these functions, which record
// the message and return to CpuExecutable::run instead of ending the process.
namespace {
struct RunState {
  std::jmp_buf returnPoint;
  std::string failure;
};
thread_local RunState *currentRun = nullptr;
} // namespace

extern "C" int tenrtRecordCheckMessage(const char *message) {
  if (currentRun)
    currentRun->failure = message;
  return 0;
}

extern "C" void tenrtFailRun() {
  if (currentRun)
    std::longjmp(currentRun->returnPoint, 1);
  std::abort();
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

CpuExecutable::~CpuExecutable() = default;

llvm::Expected<std::unique_ptr<CpuExecutable>>
CpuExecutable::compile(ModuleOp module, const Options &options) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });

  auto function = module.lookupSymbol<func::FuncOp>(options.entry);
  if (!function || function.isDeclaration()) {
    std::string names;
    module.walk([&](func::FuncOp f) {
      if (!f.isDeclaration())
        names += (names.empty() ? "" : ", ") + f.getSymName().str();
    });
    return error("no function '" + options.entry + "' in the module" +
                 (names.empty() ? "" : " (it has " + names + ")"));
  }

  auto executable = std::unique_ptr<CpuExecutable>(new CpuExecutable());
  executable->entry = options.entry;
  FunctionType type = function.getFunctionType();
  for (auto [index, input] : llvm::enumerate(type.getInputs())) {
    std::optional<TensorSignature> signature = getSignature(input);
    if (!signature)
      return error("argument " + llvm::Twine(index) + " of '" + options.entry +
                   "' is not a ranked tensor of a ten "
                   "element type");
    executable->arguments.push_back(*signature);
  }
  for (auto [index, output] : llvm::enumerate(type.getResults())) {
    std::optional<TensorSignature> signature = getSignature(output);
    if (!signature)
      return error("result " + llvm::Twine(index) + " of '" + options.entry +
                   "' is not a ranked tensor of a ten element type");
    executable->results.push_back(*signature);
  }

  MLIRContext *context = module.getContext();
  PassManager pm(context);
  if (options.printAfterAll) {
    context->disableMultithreading();
    pm.enableIRPrinting(
        /*shouldPrintBeforePass=*/[](Pass *, Operation *) { return false; },
        /*shouldPrintAfterPass=*/[](Pass *, Operation *) { return true; },
        /*printModuleScope=*/true, /*printAfterOnlyOnChange=*/false,
        /*printAfterOnlyOnFailure=*/false, *options.printAfterAll);
  }
  buildTenCPUPipeline(pm, TenCPUPipelineOptions());
  if (failed(pm.run(module)))
    return error("compilation failed");
  if (options.printFinal)
    module.print(*options.printFinal);

  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  context->appendDialectRegistry(registry);

  ExecutionEngineOptions engineOptions;
  auto transformer = makeOptimizingTransformer(options.optLevel,
                                               /*sizeLevel=*/0,
                                               /*targetMachine=*/nullptr);
  engineOptions.transformer = transformer;
  auto engine = ExecutionEngine::create(module, engineOptions);
  if (!engine)
    return error("JIT compilation failed: " +
                 llvm::toString(engine.takeError()));
  (*engine)->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap symbols;
    symbols[interner("puts")] = {
        llvm::orc::ExecutorAddr::fromPtr(&tenrtRecordCheckMessage),
        llvm::JITSymbolFlags::Exported};
    symbols[interner("abort")] = {
        llvm::orc::ExecutorAddr::fromPtr(&tenrtFailRun),
        llvm::JITSymbolFlags::Exported};
    return symbols;
  });
  executable->engine = std::move(*engine);
  return executable;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

namespace {
/// A memref descriptor as the C interface lays it out: allocated and aligned
/// pointers, offset, sizes, strides, all 8 bytes wide.
struct Descriptor {
  std::vector<int64_t> words;

  Descriptor(int64_t rank) : words(3 + 2 * rank, 0) {}
  int64_t getRank() const { return (words.size() - 3) / 2; }
  void *getAllocated() const { return reinterpret_cast<void *>(words[0]); }
  char *getAligned() const { return reinterpret_cast<char *>(words[1]); }
  int64_t getOffset() const { return words[2]; }
  int64_t getSize(int64_t dim) const { return words[3 + dim]; }
  int64_t getStride(int64_t dim) const { return words[3 + getRank() + dim]; }
};
} // namespace

llvm::Expected<std::vector<HostTensor>>
CpuExecutable::run(ArrayRef<const HostTensor *> inputs) {
  if (inputs.size() != arguments.size())
    return error("'" + entry + "' takes " + llvm::Twine(arguments.size()) +
                 " argument(s) but " + llvm::Twine(inputs.size()) +
                 " input(s) were given");

  // One descriptor per argument, pointing at the caller's data.
  std::vector<Descriptor> argDescriptors;
  for (auto [index, input] : llvm::enumerate(inputs)) {
    const TensorSignature &signature = arguments[index];
    if (input->kind != signature.kind)
      return error("input " + llvm::Twine(index) + " has element type " +
                   getElementKindName(input->kind) + " but argument " +
                   llvm::Twine(index) + " is " + signature.str());
    bool shapeMatches = input->shape.size() == signature.shape.size();
    for (size_t dim = 0; shapeMatches && dim < input->shape.size(); ++dim)
      shapeMatches = ShapedType::isDynamic(signature.shape[dim]) ||
                     signature.shape[dim] == input->shape[dim];
    if (!shapeMatches) {
      std::string shape;
      for (int64_t size : input->shape)
        shape += (shape.empty() ? "" : "x") + std::to_string(size);
      return error("input " + llvm::Twine(index) + " has shape [" + shape +
                   "] but argument " + llvm::Twine(index) + " is " +
                   signature.str());
    }
    Descriptor descriptor(input->shape.size());
    // The generated code only reads its arguments.
    auto *data = const_cast<char *>(input->bytes.data());
    descriptor.words[0] = reinterpret_cast<int64_t>(data);
    descriptor.words[1] = reinterpret_cast<int64_t>(data);
    int64_t stride = 1;
    for (int64_t dim = input->shape.size() - 1; dim >= 0; --dim) {
      descriptor.words[3 + dim] = input->shape[dim];
      descriptor.words[3 + input->shape.size() + dim] = stride;
      stride *= input->shape[dim];
    }
    argDescriptors.push_back(std::move(descriptor));
  }

  // The results come back in one buffer of consecutive descriptors.
  size_t resultWords = 0;
  for (const TensorSignature &result : results)
    resultWords += 3 + 2 * result.shape.size();
  std::vector<int64_t> resultStorage(std::max<size_t>(resultWords, 1), 0);
  void *resultPointer = resultStorage.data();
  std::vector<void *> argPointers;
  std::vector<void *> packedArgs;
  for (Descriptor &descriptor : argDescriptors)
    argPointers.push_back(descriptor.words.data());
  if (!results.empty())
    packedArgs.push_back(&resultPointer);
  for (void *&pointer : argPointers)
    packedArgs.push_back(&pointer);

  RunState state;
  RunState *previous = currentRun;
  currentRun = &state;
  llvm::Error invokeError = llvm::Error::success();
  if (setjmp(state.returnPoint) == 0) {
    invokeError = engine->invokePacked("_mlir_ciface_" + entry, packedArgs);
  } else {
    currentRun = previous;
    return error("run-time check failed: " + state.failure);
  }
  currentRun = previous;
  if (invokeError)
    return std::move(invokeError);

  // Copy each result out of its buffer, which the caller owns.
  std::vector<HostTensor> outputs;
  llvm::SmallPtrSet<void *, 4> allocations;
  size_t at = 0;
  for (const TensorSignature &result : results) {
    int64_t rank = result.shape.size();
    Descriptor descriptor(rank);
    std::copy_n(resultStorage.begin() + at, 3 + 2 * rank,
                descriptor.words.begin());
    at += 3 + 2 * rank;
    SmallVector<int64_t> shape;
    for (int64_t dim = 0; dim < rank; ++dim)
      shape.push_back(descriptor.getSize(dim));
    HostTensor tensor(result.kind, shape);
    size_t elementSize = getElementSize(result.kind);
    bool contiguous = true;
    for (int64_t dim = rank - 1, stride = 1; dim >= 0; --dim) {
      contiguous &= shape[dim] == 1 || descriptor.getStride(dim) == stride;
      stride *= shape[dim];
    }
    int64_t count = contiguous ? 0 : tensor.getNumElements();
    if (contiguous && !tensor.bytes.empty())
      std::memcpy(tensor.bytes.data(),
                  descriptor.getAligned() +
                      descriptor.getOffset() * elementSize,
                  tensor.bytes.size());
    SmallVector<int64_t> index(rank, 0);
    for (int64_t linear = 0; linear < count; ++linear) {
      int64_t offset = descriptor.getOffset();
      for (int64_t dim = 0; dim < rank; ++dim)
        offset += index[dim] * descriptor.getStride(dim);
      std::memcpy(tensor.bytes.data() + linear * elementSize,
                  descriptor.getAligned() + offset * elementSize, elementSize);
      for (int64_t dim = rank - 1; dim >= 0; --dim) {
        if (++index[dim] < shape[dim])
          break;
        index[dim] = 0;
      }
    }
    allocations.insert(descriptor.getAllocated());
    outputs.push_back(std::move(tensor));
  }
  // Results may share a buffer (a value returned twice): free each once,
  // after every result is copied.
  for (void *allocation : allocations)
    std::free(allocation);
  return outputs;
}
