/*===- ten-c/Sharding.h - programs over a grid of processes -------*- C -*-===*\
|*                                                                            *|
|* A module may run over a grid of processes, one per device, each an MPI     *|
|* rank of a job that mpirun started (docs/Sharding.md): the grid's sizes and *|
|* how the entry's arguments and results are split over it are set on the    *|
|* module before it is compiled; each process then runs the executable on    *|
|* its own blocks of the arguments and gets its blocks of the results.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_C_SHARDING_H
#define TEN_C_SHARDING_H

#include "ten-c/Executable.h"
#include "ten-c/Module.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Lays the module out over a grid of `rank` axes of sizes `sizes` (its
/// `ten.grid`); a grid of one process is the single-process path. An error
/// where a size is below 1 or the grid has no axis or more than 16.
TEN_CAPI_EXPORTED tenError *tenModuleSetGrid(tenModule *module,
                                             const int64_t *sizes, size_t rank);

/// Splits argument `index` of function `entry` over the grid: `axes` has
/// one entry per dimension, the grid axis it is split over or -1 (its
/// `ten.sharding`). Checked against the grid and the argument's type when
/// the module is compiled; an error here where there is no such function
/// or argument.
TEN_CAPI_EXPORTED tenError *
tenModuleSetArgumentSharding(tenModule *module, const char *entry, size_t index,
                             const int64_t *axes, size_t rank);

/// The same for result `index` of `entry`: a result without one is whole
/// on every process.
TEN_CAPI_EXPORTED tenError *
tenModuleSetResultSharding(tenModule *module, const char *entry, size_t index,
                           const int64_t *axes, size_t rank);

/// This process's rank in its job and the job's processes: MPI's, started
/// if need be, in a process that an MPI launcher started; 0 and 1 in any
/// other. An error where the launcher's MPI cannot be loaded or started.
TEN_CAPI_EXPORTED tenError *tenProcessGroupGet(int *rank, int *size);

/// The sizes of the executable's grid (one axis of size 1 without one);
/// returns the number of axes.
TEN_CAPI_EXPORTED size_t tenExecutableGetGrid(const tenExecutable *executable,
                                              const int64_t **sizes);

/// The sharding of argument (or result) `index`, one grid axis or -1 per
/// dimension, and its rank; false where there is no such argument. A
/// single-process executable's are all -1.
TEN_CAPI_EXPORTED bool
tenExecutableGetArgumentSharding(const tenExecutable *executable, size_t index,
                                 const int64_t **axes, size_t *rank);
TEN_CAPI_EXPORTED bool
tenExecutableGetResultSharding(const tenExecutable *executable, size_t index,
                               const int64_t **axes, size_t *rank);

#ifdef __cplusplus
}
#endif

#endif // TEN_C_SHARDING_H
