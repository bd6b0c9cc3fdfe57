//===- Executable.cpp - what every target's executables share -------------===//

#include "ten/Target/Executable.h"
#include "ten/Execution/Sharding.h"
#include "ten/Runtime/Host/Collectives.h"
#include "ten/Runtime/Host/HostAllocator.h"

#include <cassert>
#include <cstring>

using namespace mlir;
using namespace mlir::ten;

Executable::~Executable() = default;

llvm::Error Executable::readSignature(ModuleOp module, llvm::StringRef name) {
  entry = name.str();
  if (llvm::Error err = getEntrySignature(module, name, arguments, results))
    return err;
  globalArguments = arguments;
  globalResults = results;
  auto invalid = [&] {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + entry +
                                       "': the grid or a sharding is not "
                                       "valid (see the diagnostic)");
  };
  FailureOr<SmallVector<int64_t>> gridShape = getGridShape(module);
  if (failed(gridShape))
    return invalid();
  grid = *gridShape;
  if (getGridProcesses() == 1) {
    // Every argument and result whole on the one process.
    for (const TensorSignature &signature : arguments)
      argumentShardings.emplace_back(signature.shape.size(), -1);
    for (const TensorSignature &signature : results)
      resultShardings.emplace_back(signature.shape.size(), -1);
    return llvm::Error::success();
  }
  auto function = module.lookupSymbol<func::FuncOp>(name);
  FailureOr<FunctionShardings> shardings = getFunctionShardings(function, grid);
  if (failed(shardings))
    return invalid();
  argumentShardings = shardings->arguments;
  resultShardings = shardings->results;
  for (auto [signature, sharding] : llvm::zip(arguments, argumentShardings))
    signature.shape = getLocalShape(signature.shape, sharding, grid);
  for (auto [signature, sharding] : llvm::zip(results, resultShardings))
    signature.shape = getLocalShape(signature.shape, sharding, grid);
  return llvm::Error::success();
}

int64_t Executable::getGridProcesses() const { return countProcesses(grid); }

llvm::Error Executable::checkProcessGroup() const {
  int64_t processes = getGridProcesses();
  if (processes == 1)
    return llvm::Error::success();
  auto error = [&](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'" + entry + "' runs over a grid of " +
                                       llvm::Twine(processes) +
                                       " processes: " + message);
  };
  ProcessGroup group;
  std::string why;
  if (!isUnderMPILauncher() || !startCollectives(group, why))
    return error(why.empty()
                     ? "run it under mpirun -np " + llvm::Twine(processes)
                     : llvm::Twine(why));
  if (group.size != processes)
    return error("this job has " + llvm::Twine(group.size) +
                 ": run it under mpirun -np " + llvm::Twine(processes));
  return llvm::Error::success();
}

llvm::Expected<std::vector<ResultBuffer>>
Executable::runOnDevice(ArrayRef<TensorRef> /*inputs*/) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "'" + entry +
          "' runs on the host: its results cannot stay in a device's memory");
}

llvm::Expected<std::vector<HostTensor>>
Executable::run(ArrayRef<TensorRef> inputs) {
  llvm::Expected<std::vector<ResultBuffer>> buffers = runInPlace(inputs);
  if (!buffers)
    return buffers.takeError();
  std::vector<HostTensor> outputs;
  try {
    for (const ResultBuffer &buffer : *buffers)
      outputs.push_back(buffer.toHostTensor());
  } catch (const std::bad_alloc &) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "'" + entry + "': cannot allocate the copy of result " +
            llvm::Twine(outputs.size()) + ": out of memory");
  }
  return outputs;
}

ResultBuffer::ResultBuffer(ElementKind kind, SmallVector<int64_t> shape,
                           SmallVector<int64_t> strides, void *allocation,
                           char *data)
    : kind(kind), shape(std::move(shape)), strides(std::move(strides)),
      allocation(allocation), data(data) {}

ResultBuffer::ResultBuffer(HostTensor tensor)
    : kind(tensor.kind), shape(tensor.shape), tensor(std::move(tensor)) {
  int64_t rank = shape.size();
  strides.assign(rank, 1);
  for (int64_t dim = rank - 2; dim >= 0; --dim)
    strides[dim] = strides[dim + 1] * shape[dim + 1];
  data = this->tensor.bytes.data();
}

ResultBuffer::ResultBuffer(ElementKind kind, SmallVector<int64_t> shape,
                           void *allocation, char *data,
                           void (*freeDevice)(void *))
    : kind(kind), shape(std::move(shape)), allocation(allocation), data(data),
      onDevice(true), freeDevice(freeDevice) {
  int64_t rank = this->shape.size();
  strides.assign(rank, 1);
  for (int64_t dim = rank - 2; dim >= 0; --dim)
    strides[dim] = strides[dim + 1] * this->shape[dim + 1];
}

ResultBuffer::ResultBuffer(ResultBuffer &&other)
    : kind(other.kind), shape(std::move(other.shape)),
      strides(std::move(other.strides)), allocation(other.allocation),
      tensor(std::move(other.tensor)), data(other.data),
      onDevice(other.onDevice), freeDevice(other.freeDevice) {
  other.allocation = nullptr;
  other.data = nullptr;
}

ResultBuffer &ResultBuffer::operator=(ResultBuffer &&other) {
  if (this != &other) {
    release();
    kind = other.kind;
    shape = std::move(other.shape);
    strides = std::move(other.strides);
    allocation = other.allocation;
    tensor = std::move(other.tensor);
    data = other.data;
    onDevice = other.onDevice;
    freeDevice = other.freeDevice;
    other.allocation = nullptr;
    other.data = nullptr;
  }
  return *this;
}

void ResultBuffer::release() {
  if (onDevice) {
    if (allocation)
      freeDevice(allocation);
  } else {
    tenrtFree(allocation);
  }
  allocation = nullptr;
  tensor = HostTensor();
  data = nullptr;
}

HostTensor ResultBuffer::toHostTensor() const {
  assert(!onDevice && "a device's memory is not the host's");
  HostTensor copy(kind, shape);
  size_t elementSize = getElementSize(kind);
  int64_t rank = shape.size();
  bool contiguous = true;
  for (int64_t dim = rank - 1, stride = 1; dim >= 0; --dim) {
    contiguous &= shape[dim] == 1 || strides[dim] == stride;
    stride *= shape[dim];
  }
  if (copy.bytes.empty())
    return copy;
  if (contiguous) {
    std::memcpy(copy.bytes.data(), data, copy.bytes.size());
    return copy;
  }
  SmallVector<int64_t> index(rank, 0);
  for (int64_t linear = 0, e = copy.getNumElements(); linear < e; ++linear) {
    int64_t offset = 0;
    for (int64_t dim = 0; dim < rank; ++dim)
      offset += index[dim] * strides[dim];
    std::memcpy(copy.bytes.data() + linear * elementSize,
                data + offset * elementSize, elementSize);
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      if (++index[dim] < shape[dim])
        break;
      index[dim] = 0;
    }
  }
  return copy;
}
