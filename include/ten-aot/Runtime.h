/*===- ten-aot/Runtime.h - running ahead-of-time compiled code ----*- C -*-===*\
|*                                                                            *|
|* tensor-compile turns an entry function into an object file and a header    *|
|* that declares it with plain C types; the header's functions call tenAotRun *|
|* below (tenAotCudaRun for the CUDA target), which libTenAotRuntime          *|
|* implements with no MLIR, LLVM or JIT. Arguments are row-major elements     *|
|* with their sizes; each result comes back in a row-major buffer of the      *|
|* runtime that the caller frees with tenAotFree.                             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_AOT_RUNTIME_H
#define TEN_AOT_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The type of an argument or a result: bytes per element, and `rank`
/// sizes (-1 where run time gives the size).
typedef struct tenAotTensorType {
  int32_t elementBytes;
  int32_t rank;
  const int64_t *shape;
} tenAotTensorType;

/// An entry function as tensor-compile emitted it.
typedef struct tenAotSignature {
  /// The function's name in the module.
  const char *name;
  /// Its packed form in the object: a pointer to the results' descriptors,
  /// then a pointer to each argument's descriptor.
  void (*packed)(void **);
  int32_t numArguments;
  const tenAotTensorType *arguments;
  int32_t numResults;
  const tenAotTensorType *results;
} tenAotSignature;

/// Runs `signature`'s function on `inputs[i]`, row-major elements of sizes
/// `inputSizes[i]` (NULL: the argument's static sizes), which it only
/// reads. On success returns 0 and sets each `results[i]` to a row-major
/// buffer that the caller frees with tenAotFree, and, where
/// `resultSizes[i]` is not NULL, writes its sizes there. On failure (sizes
/// that do not match the signature, a failed run-time check of the program,
/// memory that cannot be had) returns -1, sets no result and leaves nothing
/// allocated; tenAotLastError says why.
int tenAotRun(const tenAotSignature *signature, const void *const *inputs,
              const int64_t *const *inputSizes, void **results,
              int64_t *const *resultSizes);

/// tenAotRun for objects compiled for the CUDA target: the inputs are
/// copied to the first GPU, the function runs there on this thread's
/// stream, and the results come back in host buffers as tenAotRun's do.
/// The CUDA driver (libcuda.so.1, or the library $TEN_CUDA_DRIVER names) is
/// loaded when the program starts, to load the object's kernels; a failure
/// to load them or to run is a failed call, with tenAotLastError naming the
/// CUDA call. Only in a libTenAotRuntime built with the CUDA target.
int tenAotCudaRun(const tenAotSignature *signature, const void *const *inputs,
                  const int64_t *const *inputSizes, void **results,
                  int64_t *const *resultSizes);

/// Frees a result of tenAotRun or tenAotCudaRun; NULL is ignored.
void tenAotFree(void *buffer);

/// Why the calling thread's last tenAotRun failed ("" if it did not); valid
/// until the thread's next tenAotRun.
const char *tenAotLastError(void);

#ifdef __cplusplus
}
#endif

#endif /* TEN_AOT_RUNTIME_H */
