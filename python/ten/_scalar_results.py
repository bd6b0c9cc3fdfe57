"""NumPy's scalars for 0-d results: where NumPy's function returns a NumPy
scalar (np.float64(6.0) from np.sum of a vector, np.int64 from argmax, the
ufuncs of scalars, a determinant), ten's returns the same scalar, not a
0-d array: hashable, an instance of np.floating (and of Python's float for
float64), as NumPy code expects. Functions that NumPy makes return 0-d
arrays (creation, asarray, reshape, where, cov) keep them. Traced values and
results written into `out` are left as they are."""

import functools

import numpy as np

# ten's functions whose 0-d results NumPy gives as scalars, besides every
# ufunc (the reductions, the contractions, the order statistics, and the
# elementwise functions that are not ufuncs).
NAMESPACE = (
    "all any amax amin argmax argmin average corrcoef count_nonzero max mean "
    "median min nanargmax nanargmin nanmax nanmean nanmedian nanmin nanprod "
    "nanstd nansum nanvar nanquantile nanpercentile prod ptp std sum "
    "trapezoid var dot vdot inner einsum trace quantile percentile take "
    "interp polyval searchsorted clip round around vecdot tensordot "
    "nan_to_num isclose sinc fix isposinf isneginf angle real imag digitize "
    "isreal iscomplex flip kron"
).split()
LINALG = ("det norm matrix_rank cond slogdet vector_norm matrix_norm trace "
          "vecdot tensordot").split()


def _scalar(value):
    if type(value) is np.ndarray and value.ndim == 0:
        return value[()]
    return value


def as_numpy_scalars(result):
    """`result` with its 0-d arrays, alone or in a (named) tuple, as NumPy's
    scalars."""
    if isinstance(result, tuple):
        values = [_scalar(value) for value in result]
        if hasattr(result, "_fields"):
            return type(result)(*values)
        return tuple(values)
    return _scalar(result)


def with_numpy_scalars(function):
    """`function`, its 0-d results NumPy's scalars unless written to `out`
    (by keyword or, as NumPy's, by position: then the result is that
    argument)."""

    @functools.wraps(function)
    def call(*args, **kwargs):
        result = function(*args, **kwargs)
        if kwargs.get("out") is not None or any(
                result is argument for argument in args):
            return result
        return as_numpy_scalars(result)

    return call


# NumPy's functions that read their argument's own attributes: np.real(5)
# is (5).real, an int, np.isreal(True) is True.imag == 0, a Python bool, and
# np.real of a 0-d array is a 0-d array (ndarray.real), not a scalar.
PYTHON_NUMBER_PARTS = {
    "real": (lambda number: number.real, True),
    "imag": (lambda number: number.imag, True),
    "isreal": (lambda number: number.imag == 0, False),
}


def with_python_number_parts(function, part, keeps_arrays):
    """`function`, giving part(x) of a Python number x (bool, int, float or
    complex, not a NumPy scalar) as NumPy's function of the same name
    does, and where `keeps_arrays`, a 0-d array for a 0-d array."""

    @functools.wraps(function)
    def call(*args, **kwargs):
        if len(args) + len(kwargs) == 1:
            value = args[0] if args else next(iter(kwargs.values()))
            if type(value) in (bool, int, float, complex):
                return part(value)
            if keeps_arrays and type(value) is np.ndarray:
                return np.asarray(function(*args, **kwargs))
        return function(*args, **kwargs)

    return call
