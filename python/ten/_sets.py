"""NumPy's set routines on flattened arrays, from ten's unique and isin:
union1d, intersect1d, setdiff1d and setxor1d, and the array API's
unique_values, unique_counts, unique_inverse and unique_all. Results whose
size the data decide are reads through a mask (`ten.nonzero`, a dynamic
dimension in a traced program). NaNs are handled as NumPy's set routines handle
them: union1d collapses them into one, intersect1d and setdiff1d never find
a NaN in the other array, setxor1d keeps one of each array's, the unique_*
functions keep each NaN."""

from collections import namedtuple

import numpy as np

from ._jit import eager
from ._joins import concatenate
from ._math import logical_and, logical_not, logical_or, logical_xor
from ._selection import isin
from ._unique import unique
from . import _dtypes, _ops
from ._ops import _as_tensor, _graph_of

UniqueAllResult = namedtuple(
    "UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult",
                                 ["values", "inverse_indices"])


def _flat(graph, a):
    return _ops.reshape(_as_tensor(graph, a), (-1,))


@eager
def union1d(ar1, ar2):
    """The sorted distinct values of either array."""
    graph = _graph_of(ar1, ar2)
    return unique(concatenate([_flat(graph, ar1), _flat(graph, ar2)]))


@eager
def _intersect(ar1, ar2, return_indices):
    graph = _graph_of(ar1, ar2)
    ar1, ar2 = _flat(graph, ar1), _flat(graph, ar2)
    if not return_indices:
        values = unique(ar1)
        return values[isin(values, ar2)]
    # Both arrays' distinct values are sorted: those of one found in the
    # other are the same values, in the same order, in each.
    values1, first1 = unique(ar1, return_index=True)
    values2, first2 = unique(ar2, return_index=True)
    in2 = isin(values1, ar2)
    return values1[in2], first1[in2], first2[isin(values2, ar1)]


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted distinct values in both arrays; with `return_indices`, the
    position of each in the flattened `ar1` and `ar2` (the first, where it
    repeats). `assume_unique` changes nothing but speed in NumPy, and here
    nothing at all."""
    result = _intersect(ar1, ar2, bool(return_indices))
    return tuple(result) if return_indices else result


@eager
def _setdiff(ar1, ar2, assume_unique):
    graph = _graph_of(ar1, ar2)
    ar1, ar2 = _flat(graph, ar1), _flat(graph, ar2)
    values = ar1 if assume_unique else unique(ar1)
    return values[logical_not(isin(values, ar2))]


def setdiff1d(ar1, ar2, assume_unique=False):
    """The sorted distinct values of `ar1` not in `ar2`; with
    `assume_unique`, the elements of `ar1` not in `ar2` in their order."""
    return _setdiff(ar1, ar2, bool(assume_unique))


@eager
def _setxor(ar1, ar2, assume_unique):
    graph = _graph_of(ar1, ar2)
    ar1, ar2 = _flat(graph, ar1), _flat(graph, ar2)
    if np.dtype(ar1.dtype).kind == "c" or np.dtype(ar2.dtype).kind == "c":
        return _complex_setxor(ar1, ar2, assume_unique)
    values = unique(concatenate([ar1, ar2]))
    exactly_one = values[logical_xor(isin(values, ar1), isin(values, ar2))]
    if not _dtypes.is_float(values.dtype):
        return exactly_one
    # NaN is never in the other array: NumPy keeps one NaN of each array
    # that holds one, after the numbers (which isin left out: NaN is not
    # equal to itself).
    held = concatenate([_ops.reshape(_ops.any(_ops.isnan(ar)), (1,))
                        for ar in (ar1, ar2)])
    nans = graph.constant(np.full(2, np.nan), values.dtype)
    return concatenate([exactly_one, nans[held]])


def _complex_setxor(ar1, ar2, assume_unique):
    """NumPy's setxor1d itself: each array's distinct values, joined and
    sorted (lexicographically, NaN parts last), the values that differ from
    both neighbours. Each array's NaN, one a array (unique's), differs from
    every value: both are kept."""
    from ._sorting import sort

    if not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    from ._gather import take
    from ._scans import cumsum

    joined = sort(concatenate([ar1, ar2]))
    # Each value's neighbours by position (the ends their own), so that a
    # length only the run knows (unique's) needs no slicing by it: a 1 for
    # every element (NaN or not), counted up.
    ones = _ops.where(_ops.isnan(joined), 1, 1)
    position = _ops.subtract(cumsum(ones), 1)
    last = _ops.subtract(_ops.sum(ones), 1)
    before = take(joined, _ops.maximum(_ops.subtract(position, 1), 0))
    after = take(joined, _ops.minimum(_ops.add(position, 1), last))
    first_or_new = logical_or(_ops.equal(position, 0),
                              _ops.not_equal(joined, before))
    last_or_new = logical_or(_ops.equal(position, last),
                             _ops.not_equal(joined, after))
    return joined[logical_and(first_or_new, last_or_new)]


def setxor1d(ar1, ar2, assume_unique=False):
    """The sorted distinct values in exactly one of the arrays; a NaN for
    each array holding one, last."""
    return _setxor(ar1, ar2, bool(assume_unique))


def unique_values(x):
    """The distinct values of `x` flattened, sorted (the array API leaves
    the order open; NumPy's follows a hash for integers), each NaN
    distinct."""
    return unique(x, equal_nan=False)


def unique_counts(x):
    """The distinct values of `x` (each NaN distinct) and how often each
    occurs."""
    return UniqueCountsResult(*unique(x, return_counts=True, equal_nan=False))


def unique_inverse(x):
    """The distinct values of `x` (each NaN distinct) and, shaped as `x`,
    the index of each element's value among them."""
    return UniqueInverseResult(
        *unique(x, return_inverse=True, equal_nan=False))


def unique_all(x):
    """The distinct values of `x` (each NaN distinct), the first position
    of each in `x` flattened, the index of each element's value (shaped as
    `x`) and the counts."""
    return UniqueAllResult(*unique(x, return_index=True, return_inverse=True,
                                   return_counts=True, equal_nan=False))
