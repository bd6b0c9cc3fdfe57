/*===- ten-c/Executable.h - compiled programs and their runs ------*- C -*-===*\
|*                                                                            *|
|* An executable is a module compiled for a target: its entry function's     *|
|* signature can be queried and it runs on the caller's buffers. Results come *|
|* back in buffers that the caller then owns.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_C_EXECUTABLE_H
#define TEN_C_EXECUTABLE_H

#include "ten-c/Module.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tenExecutable tenExecutable;
typedef struct tenTensor tenTensor;

typedef struct tenCompileOptions {
  /// The function to run.
  const char *entry;
  /// The target by name: "cpu" (ten-cpu-pipeline) or "cuda" (ten-nvvm-
  /// pipeline, for the first GPU the CUDA driver sees; the results come
  /// back to host memory, or stay on the GPU: tenExecutableRunOnDevice).
  const char *target;
  /// Threads that large parallel ops are split over; 0: every core. The
  /// CPU pipeline's `threads`: another target refuses a value other than 0.
  unsigned threads;
  /// LLVM's optimization level, 0 to 3.
  unsigned optLevel;
  /// Records the compiler's decisions (tenExecutableGetExplanation).
  bool explain;
  /// Options of the target's pipeline as text ("prefetch=false",
  /// "emulate-kernels=true"), which win over the fields above; NULL for
  /// none.
  const char *pipelineOptions;
} tenCompileOptions;

/// The defaults: entry "main", target "cpu", every core, -O3, no report, no
/// pipeline options.
TEN_CAPI_EXPORTED void tenCompileOptionsInit(tenCompileOptions *options);

/// Whether this process can run code for `target` (a CUDA driver that sees
/// a device, for "cuda"): NULL when it can, else the error saying why (an
/// unknown target names those there are).
TEN_CAPI_EXPORTED tenError *tenTargetCheckAvailable(const char *target);

/// Compiles a copy of `module` (which stays as it is) into `*executable`.
TEN_CAPI_EXPORTED tenError *tenCompile(const tenModule *module,
                                       const tenCompileOptions *options,
                                       tenExecutable **executable);

TEN_CAPI_EXPORTED void tenExecutableDestroy(tenExecutable *executable);

TEN_CAPI_EXPORTED size_t
tenExecutableGetNumArguments(const tenExecutable *executable);
TEN_CAPI_EXPORTED size_t
tenExecutableGetNumResults(const tenExecutable *executable);

/// The type of argument `index` (TEN_DYNAMIC for a size known at run time);
/// false for an index out of range.
TEN_CAPI_EXPORTED bool tenExecutableGetArgument(const tenExecutable *executable,
                                                size_t index, tenDType *dtype,
                                                size_t *rank,
                                                const int64_t **shape);
/// The type of result `index`, as tenExecutableGetArgument.
TEN_CAPI_EXPORTED bool tenExecutableGetResult(const tenExecutable *executable,
                                              size_t index, tenDType *dtype,
                                              size_t *rank,
                                              const int64_t **shape);

/// The compiler's decisions as text, one per line (empty unless compiled
/// with `explain`).
TEN_CAPI_EXPORTED const char *
tenExecutableGetExplanation(const tenExecutable *executable);

/// A tensor in memory: `rank` sizes, and strides in bytes (NULL: row-major),
/// which may be any, negative included.
typedef struct tenTensorView {
  tenDType dtype;
  size_t rank;
  const int64_t *shape;
  const int64_t *strides;
  void *data;
} tenTensorView;

/// Runs the entry function on `inputs` (one per argument, read only, kept by
/// the caller) and stores one new tensor per result in `results`, which must
/// have room for `numResults` == tenExecutableGetNumResults pointers. Inputs
/// that are not row-major are copied first. A mismatch with the signature or
/// a failed run-time check of the program is an error, and then `results`
/// holds no tensors.
TEN_CAPI_EXPORTED tenError *tenExecutableRun(tenExecutable *executable,
                                             size_t numInputs,
                                             const tenTensorView *inputs,
                                             size_t numResults,
                                             tenTensor **results);

/// Where a tensor's elements are: in host memory, or in the memory of the
/// device a target runs on (for "cuda", a CUDA device pointer of the first
/// GPU).
typedef enum tenMemory { TEN_MEMORY_HOST = 0, TEN_MEMORY_DEVICE = 1 } tenMemory;

/// As tenExecutableRun, for a target that runs on a device ("cuda"): input
/// `i` is in the device's memory, row-major, where `inputMemory[i]` is
/// TEN_MEMORY_DEVICE (`inputMemory` NULL: every input on the host), and the
/// results stay in the device's memory, row-major and complete when this
/// returns, each in a buffer of its own that tenTensorDestroy frees. Inputs
/// on the device must have been written before the call, or on the CUDA
/// legacy default stream, which the run waits for. A target that runs on
/// the host ("cpu") returns an error.
TEN_CAPI_EXPORTED tenError *tenExecutableRunOnDevice(
    tenExecutable *executable, size_t numInputs, const tenTensorView *inputs,
    const tenMemory *inputMemory, size_t numResults, tenTensor **results);

/// Where the result's elements are.
TEN_CAPI_EXPORTED tenMemory tenTensorGetMemory(const tenTensor *tensor);

/// The result's type and elements; its strides are in bytes. The view is
/// valid until the tensor is destroyed.
TEN_CAPI_EXPORTED tenTensorView tenTensorGetView(const tenTensor *tensor);

TEN_CAPI_EXPORTED void tenTensorDestroy(tenTensor *tensor);

#ifdef __cplusplus
}
#endif

#endif // TEN_C_EXECUTABLE_H
