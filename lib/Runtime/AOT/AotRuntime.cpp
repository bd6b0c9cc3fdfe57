//===- AotRuntime.cpp - running ahead-of-time compiled code ---------------===//
//
// tenAotRun: the inputs described as memrefs, the packed entry called in a
// CheckedRun (a failed check or allocation returns here and frees what the
// run allocated), the results handed over as row-major buffers of the host
// allocator.
//
//===----------------------------------------------------------------------===//

#include "AotSupport.h"

#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/Collectives.h"
#include "ten/Runtime/Host/Fourier.h"
#include "ten/Runtime/Host/HostAllocator.h"
#include "ten/Runtime/Host/LinearAlgebra.h"
#include "ten/Runtime/Host/NarrowingConversions.h"
#include "ten/Runtime/Host/PackedCall.h"
#include "ten/Runtime/Host/Partition.h"
#include "ten/Runtime/Host/Sort.h"

#include <csetjmp>
#include <cstring>
#include <set>
#include <string>
#include <vector>

using namespace mlir::ten;
using namespace mlir::ten::aot;

/// Every function that objects compiled for the host call, by their
/// implementation names: referenced here, each is linked into the library
/// from the static host runtime, and exported.
extern "C" const void *const tenAotHostRuntimeFunctions[] = {
#define TEN_HOST_RUNTIME(name, implementation)                                 \
  reinterpret_cast<const void *>(&implementation),
#define TEN_HOST_ALLOCATOR(name, implementation)                               \
  reinterpret_cast<const void *>(&implementation),
#include "ten/Runtime/Host/HostRuntime.def"
};

static thread_local std::string lastError;

int mlir::ten::aot::failWith(std::string message) {
  lastError = std::move(message);
  return -1;
}

/// The sizes of a tensor of `type` given as `sizes` (NULL: static), or a
/// message saying why they do not fit the type.
static bool getSizes(const tenAotTensorType &type, const int64_t *sizes,
                     std::vector<int64_t> &shape, std::string &why) {
  shape.assign(type.shape, type.shape + type.rank);
  for (int32_t dim = 0; dim < type.rank; ++dim) {
    if (!sizes) {
      if (type.shape[dim] < 0) {
        why =
            "dimension " + std::to_string(dim) + " is dynamic: pass the sizes";
        return false;
      }
      continue;
    }
    if (sizes[dim] < 0 ||
        (type.shape[dim] >= 0 && sizes[dim] != type.shape[dim])) {
      why = "size " + std::to_string(sizes[dim]) + " of dimension " +
            std::to_string(dim) + " does not match " +
            (type.shape[dim] < 0 ? std::string("a dynamic size")
                                 : std::to_string(type.shape[dim]));
      return false;
    }
    shape[dim] = sizes[dim];
  }
  return true;
}

bool mlir::ten::aot::readArguments(const tenAotSignature *signature,
                                   const void *const *inputs,
                                   const int64_t *const *inputSizes,
                                   void **results,
                                   std::vector<std::vector<int64_t>> &shapes) {
  lastError.clear();
  if (!signature || (signature->numArguments && !inputs) ||
      (signature->numResults && !results)) {
    failWith("a null argument");
    return false;
  }
  std::string entry = signature->name;
  for (int32_t i = 0; i < signature->numArguments; ++i) {
    std::vector<int64_t> shape;
    std::string why;
    if (!getSizes(signature->arguments[i], inputSizes ? inputSizes[i] : nullptr,
                  shape, why)) {
      failWith("'" + entry + "': argument " + std::to_string(i) + ": " + why);
      return false;
    }
    bool empty = false;
    for (int64_t size : shape)
      empty |= size == 0;
    if (!inputs[i] && !empty) {
      failWith("'" + entry + "': argument " + std::to_string(i) +
               ": null data");
      return false;
    }
    shapes.push_back(std::move(shape));
  }
  return true;
}

/// The result in `descriptor` as a row-major buffer the caller owns: its own
/// buffer where it is one, else a copy.
static void *takeRowMajor(const Descriptor &descriptor, int32_t elementBytes,
                          std::set<void *> &handedOver, bool &copied) {
  int64_t rank = descriptor.getRank();
  int64_t elements = 1;
  bool rowMajor = descriptor.getOffset() == 0 &&
                  descriptor.getAligned() == descriptor.getAllocated();
  for (int64_t dim = rank - 1, stride = 1; dim >= 0; --dim) {
    rowMajor &=
        descriptor.getSize(dim) == 1 || descriptor.getStride(dim) == stride;
    stride *= descriptor.getSize(dim);
    elements *= descriptor.getSize(dim);
  }
  copied = !rowMajor || handedOver.count(descriptor.getAllocated());
  if (!copied) {
    handedOver.insert(descriptor.getAllocated());
    return descriptor.getAllocated();
  }
  char *copy = static_cast<char *>(tenrtMalloc(
      static_cast<size_t>(elements > 0 ? elements : 1) * elementBytes));
  if (!copy)
    return nullptr;
  std::vector<int64_t> index(rank, 0);
  const char *base =
      descriptor.getAligned() + descriptor.getOffset() * elementBytes;
  for (int64_t linear = 0; linear < elements; ++linear) {
    int64_t offset = 0;
    for (int64_t dim = 0; dim < rank; ++dim)
      offset += index[dim] * descriptor.getStride(dim);
    std::memcpy(copy + linear * elementBytes, base + offset * elementBytes,
                elementBytes);
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      if (++index[dim] < descriptor.getSize(dim))
        break;
      index[dim] = 0;
    }
  }
  return copy;
}

extern "C" int tenAotRun(const tenAotSignature *signature,
                         const void *const *inputs,
                         const int64_t *const *inputSizes, void **results,
                         int64_t *const *resultSizes) {
  std::vector<std::vector<int64_t>> shapes;
  if (!readArguments(signature, inputs, inputSizes, results, shapes))
    return -1;
  std::string entry = signature->name;
  std::vector<Descriptor> descriptors;
  for (int32_t i = 0; i < signature->numArguments; ++i)
    descriptors.push_back(Descriptor::rowMajor(
        const_cast<void *>(inputs[i]), shapes[i].data(), shapes[i].size()));
  std::vector<int64_t> resultRanks;
  for (int32_t i = 0; i < signature->numResults; ++i)
    resultRanks.push_back(signature->results[i].rank);
  std::vector<int64_t> resultStorage;
  PackedCall call(std::move(descriptors), resultRanks, resultStorage);

  CheckedRun run(entry);
  run.begin();
  if (setjmp(run.returnPoint) != 0) {
    run.end();
    freeRunBuffers(run);
    return failWith(run.describeFailure());
  }
  signature->packed(call.get());
  run.end();

  // Each result's buffer handed over, or copied where it is not row-major
  // or already another result's; the buffers left over are freed.
  std::vector<Descriptor> resultDescriptors;
  size_t at = 0;
  for (int64_t rank : resultRanks) {
    resultDescriptors.emplace_back(&resultStorage[at], rank);
    at += 3 + 2 * rank;
  }
  std::set<void *> handedOver;
  std::vector<void *> toFree;
  std::vector<void *> taken;
  bool outOfMemory = false;
  for (int32_t i = 0; i < signature->numResults; ++i) {
    bool copied = false;
    void *buffer =
        takeRowMajor(resultDescriptors[i], signature->results[i].elementBytes,
                     handedOver, copied);
    outOfMemory |= !buffer;
    taken.push_back(buffer);
    if (copied)
      toFree.push_back(resultDescriptors[i].getAllocated());
  }
  disownRunBuffers(run);
  std::set<void *> freed;
  for (void *allocation : toFree)
    if (!handedOver.count(allocation) && freed.insert(allocation).second)
      tenrtFree(allocation);
  if (outOfMemory) {
    for (void *buffer : taken)
      if (buffer && freed.insert(buffer).second)
        tenrtFree(buffer);
    return failWith("'" + entry + "': cannot allocate the copy of a result");
  }
  for (int32_t i = 0; i < signature->numResults; ++i) {
    results[i] = taken[i];
    if (resultSizes && resultSizes[i])
      for (int64_t dim = 0; dim < resultDescriptors[i].getRank(); ++dim)
        resultSizes[i][dim] = resultDescriptors[i].getSize(dim);
  }
  return 0;
}

extern "C" void tenAotFree(void *buffer) { tenrtFree(buffer); }

extern "C" const char *tenAotLastError(void) { return lastError.c_str(); }
