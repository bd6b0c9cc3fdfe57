//===- Executable.cpp - compiled programs and their runs ------------------===//

#include "ten-c/Executable.h"

#include "Internal.h"

#include "ten/Support/ByteCount.h"
#include "ten/Target/Target.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cstring>

using namespace mlir;
using namespace mlir::ten;

struct tenTensor {
  ResultBuffer buffer;
  SmallVector<int64_t> byteStrides;
};

void tenCompileOptionsInit(tenCompileOptions *options) {
  if (!options)
    return;
  options->entry = "main";
  options->target = "cpu";
  options->threads = 0;
  options->optLevel = 3;
  options->explain = false;
  options->pipelineOptions = nullptr;
}

/// The target named `name` (NULL: "cpu").
static llvm::Expected<const Target *> findTarget(const char *name) {
  registerAllTargets();
  return lookupTarget(name ? name : "cpu");
}

tenError *tenTargetCheckAvailable(const char *target) {
  llvm::Expected<const Target *> found = findTarget(target);
  if (!found)
    return capi::makeError(llvm::toString(found.takeError()));
  if (llvm::Error err = (*found)->checkAvailable())
    return capi::makeError(llvm::toString(std::move(err)));
  return nullptr;
}

tenError *tenCompile(const tenModule *module, const tenCompileOptions *options,
                     tenExecutable **executable) {
  if (!module || !executable)
    return capi::makeError("tenCompile: a null argument");
  *executable = nullptr;
  tenCompileOptions defaults;
  tenCompileOptionsInit(&defaults);
  if (!options)
    options = &defaults;
  llvm::Expected<const Target *> target = findTarget(options->target);
  if (!target)
    return capi::makeError(llvm::toString(target.takeError()));
  // `threads` is the pipeline's option of that name, given where it is not
  // the default; the options' text wins.
  TargetOptions targetOptions;
  targetOptions.entry = options->entry ? options->entry : "main";
  targetOptions.optLevel = options->optLevel;
  targetOptions.explain = options->explain;
  if (options->threads) {
    targetOptions.pipelineOptions =
        "threads=" + std::to_string(options->threads);
    if (llvm::Error err =
            (*target)->validatePipelineOptions(targetOptions.pipelineOptions))
      return capi::makeError("threads: " + llvm::toString(std::move(err)) +
                             " (target '" + (*target)->getName() + "')");
  }
  if (options->pipelineOptions && *options->pipelineOptions)
    targetOptions.pipelineOptions +=
        (targetOptions.pipelineOptions.empty() ? "" : " ") +
        std::string(options->pipelineOptions);

  // The pipeline rewrites the module it compiles: it compiles a copy.
  ModuleOp original = module->module.get();
  capi::DiagnosticCollector diagnostics(original.getContext());
  OwningOpRef<ModuleOp> copy(original.clone());
  llvm::Expected<std::unique_ptr<Executable>> compiled =
      (*target)->compile(*copy, targetOptions);
  if (!compiled)
    return diagnostics.takeError(llvm::toString(compiled.takeError()));
  *executable =
      new tenExecutable{std::move(*compiled), diagnostics.getRemarks()};
  return nullptr;
}

void tenExecutableDestroy(tenExecutable *executable) { delete executable; }

size_t tenExecutableGetNumArguments(const tenExecutable *executable) {
  return executable ? executable->executable->getArguments().size() : 0;
}

size_t tenExecutableGetNumResults(const tenExecutable *executable) {
  return executable ? executable->executable->getResults().size() : 0;
}

static bool getSignature(ArrayRef<TensorSignature> signatures, size_t index,
                         tenDType *dtype, size_t *rank, const int64_t **shape) {
  if (index >= signatures.size())
    return false;
  const TensorSignature &signature = signatures[index];
  if (dtype)
    *dtype = capi::toDType(signature.kind);
  if (rank)
    *rank = signature.shape.size();
  static_assert(ShapedType::kDynamic == TEN_DYNAMIC,
                "dynamic sizes are spelled alike");
  if (shape)
    *shape = signature.shape.data();
  return true;
}

bool tenExecutableGetArgument(const tenExecutable *executable, size_t index,
                              tenDType *dtype, size_t *rank,
                              const int64_t **shape) {
  return executable && getSignature(executable->executable->getArguments(),
                                    index, dtype, rank, shape);
}

bool tenExecutableGetResult(const tenExecutable *executable, size_t index,
                            tenDType *dtype, size_t *rank,
                            const int64_t **shape) {
  return executable && getSignature(executable->executable->getResults(), index,
                                    dtype, rank, shape);
}

const char *tenExecutableGetExplanation(const tenExecutable *executable) {
  return executable ? executable->explanation.c_str() : "";
}

/// Copies the elements of a view that is not row-major into `storage`, in
/// row-major order.
static void packRowMajor(const tenTensorView &view, size_t elementSize,
                         HostBytes &storage) {
  int64_t count = 1;
  for (size_t dim = 0; dim < view.rank; ++dim)
    count *= view.shape[dim];
  storage.resize(count * elementSize);
  SmallVector<int64_t> index(view.rank, 0);
  const char *base = static_cast<const char *>(view.data);
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t offset = 0;
    for (size_t dim = 0; dim < view.rank; ++dim)
      offset += index[dim] * view.strides[dim];
    std::memcpy(storage.data() + linear * elementSize, base + offset,
                elementSize);
    for (int64_t dim = view.rank - 1; dim >= 0; --dim) {
      if (++index[dim] < view.shape[dim])
        break;
      index[dim] = 0;
    }
  }
}

/// Whether `view`'s strides are those of a row-major layout (sizes of 1 and
/// empty tensors have any stride).
static bool isRowMajor(const tenTensorView &view, size_t elementSize) {
  if (!view.strides)
    return true;
  int64_t expected = elementSize;
  bool empty = false;
  for (size_t dim = 0; dim < view.rank; ++dim)
    empty |= view.shape[dim] == 0;
  if (empty)
    return true;
  for (int64_t dim = view.rank - 1; dim >= 0; --dim) {
    if (view.shape[dim] != 1 && view.strides[dim] != expected)
      return false;
    expected *= view.shape[dim];
  }
  return true;
}

/// Runs `executable` on `inputs` (in device memory where `inputMemory` says
/// so) into `results`, leaving them on the device with `onDevice`; `caller`
/// names the entry point in errors.
static tenError *runExecutable(const char *caller, tenExecutable *executable,
                               size_t numInputs, const tenTensorView *inputs,
                               const tenMemory *inputMemory, size_t numResults,
                               tenTensor **results, bool onDevice) {
  if (!executable || (numInputs && !inputs) || (numResults && !results))
    return capi::makeError(llvm::Twine(caller) + ": a null argument");
  size_t expectedResults = executable->executable->getResults().size();
  if (numResults != expectedResults)
    return capi::makeError(llvm::Twine(caller) + ": room for " +
                           llvm::Twine(numResults) +
                           " result(s) but the entry function returns " +
                           llvm::Twine(expectedResults));
  std::vector<std::vector<int64_t>> shapes(numInputs);
  std::vector<HostBytes> packed(numInputs);
  SmallVector<TensorRef> refs;
  for (size_t i = 0; i < numInputs; ++i) {
    const tenTensorView &view = inputs[i];
    std::optional<ElementKind> kind = capi::toElementKind(view.dtype);
    if (!kind)
      return capi::makeError("input " + llvm::Twine(i) + ": " +
                             llvm::Twine(static_cast<int>(view.dtype)) +
                             " is not a tenDType");
    // Read as the integer it is: a caller's value outside the enumeration
    // may not be loaded as one.
    int memory = TEN_MEMORY_HOST;
    static_assert(sizeof(memory) == sizeof(tenMemory));
    if (inputMemory)
      std::memcpy(&memory, &inputMemory[i], sizeof(memory));
    if (memory != TEN_MEMORY_HOST && memory != TEN_MEMORY_DEVICE)
      return capi::makeError("input " + llvm::Twine(i) + ": " +
                             llvm::Twine(memory) + " is not a tenMemory");
    bool inDeviceMemory = memory == TEN_MEMORY_DEVICE;
    if (view.rank && !view.shape)
      return capi::makeError("input " + llvm::Twine(i) + ": a null shape");
    bool empty = false;
    for (size_t dim = 0; dim < view.rank; ++dim) {
      if (view.shape[dim] < 0)
        return capi::makeError("input " + llvm::Twine(i) + ": size " +
                               llvm::Twine(view.shape[dim]) + " of dimension " +
                               llvm::Twine(dim) + " is negative");
      empty |= view.shape[dim] == 0;
    }
    if (!view.data && !empty)
      return capi::makeError("input " + llvm::Twine(i) + ": null data");
    shapes[i].assign(view.shape, view.shape + view.rank);
    size_t elementSize = getElementSize(*kind);
    std::optional<int64_t> bytes = getByteCount(shapes[i], elementSize);
    if (!bytes)
      return capi::makeError("input " + llvm::Twine(i) +
                             ": its sizes need more than 2^63 bytes");
    const void *data = view.data;
    if (!isRowMajor(view, elementSize)) {
      // The host cannot gather the elements of a device's memory.
      if (inDeviceMemory)
        return capi::makeError("input " + llvm::Twine(i) +
                               ": in device memory, it must be row-major "
                               "(contiguous)");
      try {
        packRowMajor(view, elementSize, packed[i]);
      } catch (const std::bad_alloc &) {
        return capi::makeError("input " + llvm::Twine(i) +
                               ": cannot allocate " + llvm::Twine(*bytes) +
                               " bytes for its row-major copy");
      }
      data = packed[i].data();
    }
    refs.emplace_back(*kind, shapes[i], data, inDeviceMemory);
  }
  Executable &compiled = *executable->executable;
  llvm::Expected<std::vector<ResultBuffer>> buffers =
      onDevice ? compiled.runOnDevice(refs) : compiled.runInPlace(refs);
  if (!buffers)
    return capi::makeError(llvm::toString(buffers.takeError()));
  for (size_t i = 0; i < numResults; ++i) {
    ResultBuffer &buffer = (*buffers)[i];
    SmallVector<int64_t> byteStrides;
    size_t elementSize = getElementSize(buffer.getKind());
    for (int64_t stride : buffer.getStrides())
      byteStrides.push_back(stride * static_cast<int64_t>(elementSize));
    results[i] = new tenTensor{std::move(buffer), std::move(byteStrides)};
  }
  return nullptr;
}

tenError *tenExecutableRun(tenExecutable *executable, size_t numInputs,
                           const tenTensorView *inputs, size_t numResults,
                           tenTensor **results) {
  return runExecutable("tenExecutableRun", executable, numInputs, inputs,
                       /*inputMemory=*/nullptr, numResults, results,
                       /*onDevice=*/false);
}

tenError *tenExecutableRunOnDevice(tenExecutable *executable, size_t numInputs,
                                   const tenTensorView *inputs,
                                   const tenMemory *inputMemory,
                                   size_t numResults, tenTensor **results) {
  return runExecutable("tenExecutableRunOnDevice", executable, numInputs,
                       inputs, inputMemory, numResults, results,
                       /*onDevice=*/true);
}

tenMemory tenTensorGetMemory(const tenTensor *tensor) {
  return tensor && tensor->buffer.isOnDevice() ? TEN_MEMORY_DEVICE
                                               : TEN_MEMORY_HOST;
}

tenTensorView tenTensorGetView(const tenTensor *tensor) {
  if (!tensor)
    return tenTensorView{TEN_F32, 0, nullptr, nullptr, nullptr};
  const ResultBuffer &buffer = tensor->buffer;
  return tenTensorView{capi::toDType(buffer.getKind()),
                       buffer.getShape().size(), buffer.getShape().data(),
                       tensor->byteStrides.data(), buffer.getData()};
}

void tenTensorDestroy(tenTensor *tensor) { delete tensor; }
