/*===- ten-c/Graph.h - building a program one op at a time --------*- C -*-===*\
|*                                                                            *|
|* A graph builds one function of `ten` ops: each call adds an op whose result
*|
|* type the compiler infers and verifies, so a bad op (subscripts that do not *|
|* match, shapes that do not broadcast) is an error value carrying the        *|
|* dialect's diagnostic. The Python package traces programs through it.       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_C_GRAPH_H
#define TEN_C_GRAPH_H

#include "ten-c/Module.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tenGraph tenGraph;

/// A value of a graph: an argument or an op's result, numbered from 0 in the
/// order they were added.
typedef int64_t tenValue;

/// An empty function named `functionName` (NULL: "main").
TEN_CAPI_EXPORTED tenGraph *tenGraphCreate(tenContext *context,
                                           const char *functionName);

TEN_CAPI_EXPORTED void tenGraphDestroy(tenGraph *graph);

/// The source location the ops added from now on carry, which diagnostics
/// name (file NULL: no location).
TEN_CAPI_EXPORTED void tenGraphSetLocation(tenGraph *graph, const char *file,
                                           unsigned line, unsigned column);

/// Appends an argument of type `tensor<shape x dtype>` (TEN_DYNAMIC for a
/// size known at run time).
TEN_CAPI_EXPORTED tenError *tenGraphAddArgument(tenGraph *graph, tenDType dtype,
                                                size_t rank,
                                                const int64_t *shape,
                                                tenValue *result);

/// The type of `value`: false for a value the graph does not have.
TEN_CAPI_EXPORTED bool tenGraphGetType(const tenGraph *graph, tenValue value,
                                       tenDType *dtype, size_t *rank,
                                       const int64_t **shape);

/// `ten.einsum` of `numInputs` values with NumPy's subscripts.
TEN_CAPI_EXPORTED tenError *
tenGraphEinsum(tenGraph *graph, const char *subscripts, size_t numInputs,
               const tenValue *inputs, tenValue *result);

/// The elementwise ops of the dialect, generated from its ODS (the op
/// catalogue): each op's arity, its mnemonic (what tenGraphUnary and
/// tenGraphBinary take), the Python package's NumPy-named function, the
/// NumPy ufunc whose result dtype it takes, and its one-line summary.
typedef enum tenOpArity { TEN_OP_UNARY = 1, TEN_OP_BINARY = 2 } tenOpArity;
typedef struct tenOpInfo {
  tenOpArity arity;
  const char *mnemonic;
  const char *pythonName;
  const char *numpyTypeRule;
  const char *summary;
} tenOpInfo;

/// The number of ops in the catalogue.
TEN_CAPI_EXPORTED size_t tenOpCatalogueSize(void);
/// Op `index` of the catalogue; false for an index out of range.
TEN_CAPI_EXPORTED bool tenOpCatalogueGet(size_t index, tenOpInfo *info);

/// A broadcasting binary op of the catalogue by mnemonic ("add", "sub",
/// "mul", "div", "pow", "max", "min", ...).
TEN_CAPI_EXPORTED tenError *tenGraphBinary(tenGraph *graph, const char *op,
                                           tenValue lhs, tenValue rhs,
                                           tenValue *result);

/// A unary op of the catalogue by mnemonic ("neg", "abs", "relu", "exp",
/// "log", "sqrt", "rsqrt", "tanh", "sigmoid", "sin", "cos", "erf", ...).
TEN_CAPI_EXPORTED tenError *tenGraphUnary(tenGraph *graph, const char *op,
                                          tenValue input, tenValue *result);

/// `ten.cmp` with `predicate` "eq", "ne", "lt", "le", "gt" or "ge".
TEN_CAPI_EXPORTED tenError *tenGraphCompare(tenGraph *graph,
                                            const char *predicate, tenValue lhs,
                                            tenValue rhs, tenValue *result);

/// `ten.complex`: complex numbers from their real and imaginary parts (f32
/// or f64, broadcasting).
TEN_CAPI_EXPORTED tenError *tenGraphComplex(tenGraph *graph, tenValue real,
                                            tenValue imag, tenValue *result);

/// `ten.select`: `trueValue` where `condition` holds, else `falseValue`.
TEN_CAPI_EXPORTED tenError *tenGraphSelect(tenGraph *graph, tenValue condition,
                                           tenValue trueValue,
                                           tenValue falseValue,
                                           tenValue *result);

/// `ten.reduce` of `kind` ("sum", "mean", "prod", "max", "min", "argmax",
/// "argmin", "any", "all") over `dims`.
TEN_CAPI_EXPORTED tenError *tenGraphReduce(tenGraph *graph, const char *kind,
                                           tenValue input, size_t numDims,
                                           const int64_t *dims, bool keepdim,
                                           tenValue *result);

/// `ten.scan` of `kind` ("sum", "prod", "max", "min") along `dim`: NumPy's
/// cumsum, cumprod and maximum/minimum.accumulate, in the input's type.
TEN_CAPI_EXPORTED tenError *tenGraphScan(tenGraph *graph, const char *kind,
                                         tenValue input, int64_t dim,
                                         tenValue *result);

/// `ten.fft` of `kind` ("forward", "inverse", "real_forward",
/// "real_inverse") along `dim`: the unnormalized discrete Fourier
/// transform. "real_inverse" gives `length` reals along `dim` (the input
/// must have length / 2 + 1 elements there); a negative `length` is NumPy's
/// default, 2 (m - 1) for m input elements. The other kinds ignore it.
TEN_CAPI_EXPORTED tenError *tenGraphFft(tenGraph *graph, const char *kind,
                                        tenValue input, int64_t dim,
                                        int64_t length, tenValue *result);

/// `ten.sort` along `dim`: the sorted elements (`values`) and their
/// positions along `dim` (`indices`, int64), stable, NaN last (first when
/// `descending`). Either output may be NULL.
TEN_CAPI_EXPORTED tenError *tenGraphSort(tenGraph *graph, tenValue input,
                                         int64_t dim, bool descending,
                                         tenValue *values, tenValue *indices);

/// `ten.partition` along `dim` about the `kthCount` positions `kth`
/// (ascending, without repeats, each less than the length of the line):
/// the elements with the one that a stable sort puts at each position there
/// (`values`) and their positions along `dim` (`indices`, int64), in
/// ten.sort's order (NaN last; first when `descending`). Either output may
/// be NULL.
TEN_CAPI_EXPORTED tenError *tenGraphPartition(tenGraph *graph, tenValue input,
                                              int64_t dim, const int64_t *kth,
                                              size_t kthCount, bool descending,
                                              tenValue *values,
                                              tenValue *indices);

/// Dense linear algebra of the `ten.linalg` ops, numpy.linalg's names, on
/// stacks of matrices (the last two dimensions; f32, f64, complex<f32> or
/// complex<f64>). `op` and its results:
///   "cholesky": the lower factor, or the upper one if `flag`;
///   "inv", "det": one result; "solve": of two inputs, `a` and `b`;
///   "slogdet": the sign, then the logarithm of the absolute value;
///   "qr": q and r, reduced, or complete if `flag`;
///   "eigh": the eigenvalues and eigenvectors, from the lower triangle, or
///   the upper one if `flag`; "eigvalsh": the eigenvalues alone;
///   "eig": the eigenvalues and right eigenvectors of general matrices,
///   complex; "eigvals": the eigenvalues alone;
///   "svd": u, s and vh, reduced, or full matrices if `flag`;
///   "svdvals": the singular values alone.
/// `results` has room for the op's results. Errors of the factorizations (a
/// singular matrix, one not positive definite, no convergence) are errors
/// of the run.
TEN_CAPI_EXPORTED tenError *tenGraphLinalg(tenGraph *graph, const char *op,
                                           size_t numInputs,
                                           const tenValue *inputs, bool flag,
                                           tenValue *results);

/// `ten.take` of `mode` ("raise", "wrap", "clip"): NumPy's take of
/// `input` at `indices` (an int64 value) along `dim`.
TEN_CAPI_EXPORTED tenError *tenGraphTake(tenGraph *graph, const char *mode,
                                         tenValue input, tenValue indices,
                                         int64_t dim, tenValue *result);

/// `ten.scatter` of `kind` ("assign", "add", "mul", "max", "min"): `dest`
/// with `updates` (shaped as a take from `dest` at `indices` along `dim`)
/// combined into it at `indices` (an int64 value) along `dim`.
TEN_CAPI_EXPORTED tenError *tenGraphScatter(tenGraph *graph, const char *kind,
                                            tenValue dest, tenValue indices,
                                            tenValue updates, int64_t dim,
                                            tenValue *result);

/// `ten.searchsorted` of `side` ("left", "right"): for each element of
/// `values`, its insertion index (int64) in the 1-d ascending `sorted`.
TEN_CAPI_EXPORTED tenError *
tenGraphSearchSorted(tenGraph *graph, const char *side, tenValue sorted,
                     tenValue values, tenValue *result);

/// `ten.nonzero`: the flat positions (int64, as many as the data say) of
/// the elements of `input` that are not zero.
TEN_CAPI_EXPORTED tenError *tenGraphNonzero(tenGraph *graph, tenValue input,
                                            tenValue *result);

/// `ten.cast` to `dtype`.
TEN_CAPI_EXPORTED tenError *tenGraphCast(tenGraph *graph, tenValue input,
                                         tenDType dtype, tenValue *result);

/// `ten.bitcast` to `dtype`: the bits of each element read as `dtype`, of
/// the same width.
TEN_CAPI_EXPORTED tenError *tenGraphBitcast(tenGraph *graph, tenValue input,
                                            tenDType dtype, tenValue *result);

/// `ten.shard`: `input` laid out over the module's grid of processes as
/// `axes` says (`rank` entries, one per dimension: the grid axis it is
/// split over, or -1); on one process, the input (ten-c/Sharding.h).
TEN_CAPI_EXPORTED tenError *tenGraphShard(tenGraph *graph, tenValue input,
                                          size_t rank, const int64_t *axes,
                                          tenValue *result);

/// `ten.transpose` by `permutation` (`rank` entries).
TEN_CAPI_EXPORTED tenError *tenGraphTranspose(tenGraph *graph, tenValue input,
                                              size_t rank,
                                              const int64_t *permutation,
                                              tenValue *result);

/// `ten.reshape` to `shape` (one entry may be TEN_DYNAMIC).
TEN_CAPI_EXPORTED tenError *tenGraphReshape(tenGraph *graph, tenValue input,
                                            size_t rank, const int64_t *shape,
                                            tenValue *result);

/// `ten.broadcast` to `shape`.
TEN_CAPI_EXPORTED tenError *tenGraphBroadcast(tenGraph *graph, tenValue input,
                                              size_t rank, const int64_t *shape,
                                              tenValue *result);

/// `ten.slice`: along every one of the input's `rank` dimensions, the
/// elements NumPy's `starts[i]:stops[i]:steps[i]` selects (negative bounds
/// count from the end, bounds clamp, no step is 0). A bound left out is
/// tenSliceDefaultStart/tenSliceDefaultStop of its step.
TEN_CAPI_EXPORTED tenError *tenGraphSlice(tenGraph *graph, tenValue input,
                                          size_t rank, const int64_t *starts,
                                          const int64_t *stops,
                                          const int64_t *steps,
                                          tenValue *result);

/// `ten.insert_slice`: `dest` with the elements that tenGraphSlice of the
/// same ranges selects replaced by `source`, of that slice's shape.
TEN_CAPI_EXPORTED tenError *
tenGraphInsertSlice(tenGraph *graph, tenValue source, tenValue dest,
                    size_t rank, const int64_t *starts, const int64_t *stops,
                    const int64_t *steps, tenValue *result);

/// tenGraphSlice with bounds known only when the program runs: where
/// `starts[i]` (`stops[i]`) is TEN_DYNAMIC, the start (stop) along dimension
/// i is the 0-d int64 value `startValues[i]` (`stopValues[i]`), with NumPy's
/// meaning; the other entries of those arrays are not read, and an array may
/// be null where no bound of its kind is TEN_DYNAMIC. Such a dimension of the
/// result is dynamic. (In tenGraphSlice, a bound of TEN_DYNAMIC is static:
/// it means what TEN_DYNAMIC + 1 means.)
TEN_CAPI_EXPORTED tenError *
tenGraphSliceDynamic(tenGraph *graph, tenValue input, size_t rank,
                     const int64_t *starts, const int64_t *stops,
                     const int64_t *steps, const tenValue *startValues,
                     const tenValue *stopValues, tenValue *result);

/// tenGraphInsertSlice with bounds known only when the program runs, given
/// as tenGraphSliceDynamic's; `source` must have the slice's shape when the
/// program runs.
TEN_CAPI_EXPORTED tenError *tenGraphInsertSliceDynamic(
    tenGraph *graph, tenValue source, tenValue dest, size_t rank,
    const int64_t *starts, const int64_t *stops, const int64_t *steps,
    const tenValue *startValues, const tenValue *stopValues, tenValue *result);

/// The start and stop that stand for a bound left out of a slice with
/// `step`: they clamp to NumPy's defaults for any size.
TEN_CAPI_EXPORTED int64_t tenSliceDefaultStart(int64_t step);
TEN_CAPI_EXPORTED int64_t tenSliceDefaultStop(int64_t step);

/// `ten.concat` of `numInputs` values along `axis`.
TEN_CAPI_EXPORTED tenError *tenGraphConcat(tenGraph *graph, size_t numInputs,
                                           const tenValue *inputs, int64_t axis,
                                           tenValue *result);

/// `ten.random_bits`: a tensor of `dtype` (TEN_UI32 or TEN_UI64) and the
/// static `shape` whose elements are Philox-4x32-10 bits of their positions
/// in `stream` (0 to 2^32 - 1) under `key`, a value of type tensor<2xui32>.
TEN_CAPI_EXPORTED tenError *tenGraphRandomBits(tenGraph *graph, tenValue key,
                                               int64_t stream, tenDType dtype,
                                               size_t rank,
                                               const int64_t *shape,
                                               tenValue *result);

/// `ten.iota`: a tensor of `dtype` and the static `shape` whose elements
/// are their index along `dimension`.
TEN_CAPI_EXPORTED tenError *tenGraphIota(tenGraph *graph, tenDType dtype,
                                         size_t rank, const int64_t *shape,
                                         int64_t dimension, tenValue *result);

/// `ten.assert`: the run stops, with `message` (not empty), unless every
/// element of `condition`, a tensor of i1, is true. It yields no value.
TEN_CAPI_EXPORTED tenError *tenGraphAssert(tenGraph *graph, tenValue condition,
                                           const char *message);

/// `ten.constant` of the row-major elements at `data` (one byte per i1).
TEN_CAPI_EXPORTED tenError *tenGraphConstant(tenGraph *graph, tenDType dtype,
                                             size_t rank, const int64_t *shape,
                                             const void *data,
                                             tenValue *result);

/// Returns `results` from the function and yields the verified module; the
/// graph takes no more ops afterwards.
TEN_CAPI_EXPORTED tenError *tenGraphFinish(tenGraph *graph, size_t numResults,
                                           const tenValue *results,
                                           tenModule **module);

#ifdef __cplusplus
}
#endif

#endif // TEN_C_GRAPH_H
