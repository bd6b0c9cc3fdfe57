"""NumPy's array creation: zeros, ones, full, empty and their *_like, arange,
linspace, logspace, geomspace, eye and identity, and the windows hanning,
hamming, blackman and bartlett. In a traced program each is an op of it (a fill,
or arithmetic on `ten.iota`), which fuses with its consumers: nothing is
read from host memory. Called outside one, each compiles a program of no
arguments, once per signature, and returns its result."""

import builtins
import math
import operator

import numpy as np

from . import _dtypes
from ._jit import JitFunction
from ._trace import Tensor, current_graph
from . import _ops


def _static(value):
    """A parameter of a creation function as the compiled program's constant:
    NumPy scalars and 0-d arrays as Python numbers, sequences as tuples
    (the JIT would take NumPy values for arrays to pass in)."""
    if isinstance(value, (np.generic, np.ndarray)) and np.ndim(value) == 0:
        return value.item()
    if isinstance(value, (list, tuple, np.ndarray)):
        return tuple(_static(item) for item in value)
    return value


def _creation(function):
    """Makes `function`, which builds ops in the current traced program,
    callable outside one too: then it is compiled on its own. Its
    parameters are all static (shapes, values, dtypes)."""
    compiled = JitFunction(function)

    def call(*args, **kwargs):
        args = tuple(_static(arg) for arg in args)
        kwargs = {name: _static(value) for name, value in kwargs.items()}
        if current_graph() is not None:
            return function(*args, **kwargs)
        return compiled.run(args, kwargs)

    call.__name__ = call.__qualname__ = function.__name__
    call.__doc__ = function.__doc__
    call.__module__ = "ten"
    call.compiled = compiled
    return call


def _shape(shape):
    return tuple(_ops._sizes("shape", shape))


def _fill(shape, value, dtype):
    """A tensor of `shape` whose elements are all `value` in `dtype`."""
    dtype = np.dtype(dtype)
    _dtypes.code_of(dtype)
    scalar = current_graph().constant(np.asarray(value, dtype=dtype))
    return _ops.broadcast_to(scalar, shape) if shape else scalar


@_creation
def zeros(shape, dtype=float):
    """A new array of zeros, as NumPy's zeros (float64 by default)."""
    return _fill(_shape(shape), 0, dtype)


@_creation
def ones(shape, dtype=float):
    """A new array of ones."""
    return _fill(_shape(shape), 1, dtype)


@_creation
def empty(shape, dtype=float):
    """A new array (of zeros: ten never exposes uninitialized memory)."""
    return _fill(_shape(shape), 0, dtype)


@_creation
def _full(shape, fill_value, dtype):
    return _fill(_shape(shape), fill_value, dtype)


def full(shape, fill_value, dtype=None):
    """A new array of `fill_value`, of its dtype unless `dtype` is given."""
    if isinstance(fill_value, Tensor):
        raise TypeError("full: fill_value is a Python or NumPy number "
                        "(use broadcast_to for a traced value)")
    if dtype is None:
        dtype = np.asarray(fill_value).dtype
    return _full(shape, fill_value, np.dtype(dtype))


def _like_function(name, value):
    def like(a, dtype=None, shape=None):
        return full_like(a, value, dtype=dtype, shape=shape)

    like.__name__ = like.__qualname__ = name
    like.__doc__ = (f"A new array of {value}s with the shape and dtype of `a` "
                    "(or those given).")
    like.__module__ = "ten"
    return like


def full_like(a, fill_value, dtype=None, shape=None):
    """A new array of `fill_value` with the shape and dtype of `a` (or those
    given)."""
    if not isinstance(a, Tensor):
        a = np.asarray(a)
    dtype = a.dtype if dtype is None else np.dtype(dtype)
    shape = a.shape if shape is None else _shape(shape)
    return full(shape, fill_value, dtype)


zeros_like = _like_function("zeros_like", 0)
ones_like = _like_function("ones_like", 1)
empty_like = _like_function("empty_like", 0)


def _iota(shape, dimension, dtype):
    code = _dtypes.code_of(np.dtype(dtype))
    return current_graph().apply("iota", code, list(shape), dimension)


@_creation
def _arange(start, stop, step, dtype):
    count = _arange_count(start, stop, step)
    if count == 0:
        return _fill((0,), 0, dtype)
    # NumPy's arange: start + i * step, computed in the result's dtype (its
    # float values are not rounded sums of steps).
    if np.dtype(dtype).kind in "biu":
        index = _iota((count,), 0, np.int64)
        values = _ops.add(_ops.multiply(index, int(step)), int(start))
        return _ops.astype(values, dtype)
    compute = np.result_type(dtype, np.float64) if np.dtype(dtype).kind == "f" else dtype
    index = _iota((count,), 0, compute)
    values = _ops.add(_ops.multiply(index, _scalar(step, compute)),
                      _scalar(start, compute))
    return _ops.astype(values, dtype)


def _scalar(value, dtype):
    return np.asarray(value, dtype=dtype)


def _arange_count(start, stop, step):
    if step == 0:
        raise ZeroDivisionError("arange: step is 0")
    count = math.ceil((stop - start) / step)
    return builtins.max(int(count), 0)


def arange(start, stop=None, step=None, dtype=None):
    """Evenly spaced values in [start, stop), as NumPy's arange: integers
    (int64) from integer arguments, float64 otherwise, or `dtype`."""
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    for value in (start, stop, step):
        if isinstance(value, Tensor):
            raise TypeError("arange: start, stop and step are Python numbers")
    if dtype is None:
        dtype = np.result_type(*(np.asarray(v) for v in (start, stop, step)))
        if dtype.kind == "b":
            dtype = np.dtype(np.int64)
    return _arange(start, stop, step, np.dtype(dtype))


@_creation
def _linspace(start, stop, num, endpoint, dtype):
    if num == 0:
        return _fill((0,), 0, dtype)
    compute = np.dtype(np.float64) if np.dtype(dtype).kind != "c" else np.dtype(dtype)
    divisions = num - 1 if endpoint else num
    step = (stop - start) / divisions if divisions > 0 else 0.0
    index = _iota((num,), 0, compute)
    values = _ops.add(_ops.multiply(index, _scalar(step, compute)),
                      _scalar(start, compute))
    if endpoint and num > 1:
        # The last value is `stop` exactly, as NumPy sets it.
        last = _ops.equal(_iota((num,), 0, np.int64), num - 1)
        values = _ops.where(last, _scalar(stop, compute), values)
    if np.dtype(dtype).kind in "iu":
        # NumPy floors toward the integers.
        values = _ops.floor(values)
    return _ops.astype(values, dtype)


def _sample_count(num, axis=0):
    """linspace's `num`, checked as NumPy checks it; `axis` must be the only
    one that scalar ends give."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    if operator.index(axis) not in (0, -1):
        raise np.exceptions.AxisError(axis, 1)
    return num


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    """`num` evenly spaced values from `start` to `stop` (included unless
    not `endpoint`), as NumPy's linspace; float64 unless `dtype` says."""
    num = _sample_count(num)
    if dtype is None:
        dtype = np.result_type(np.asarray(start), np.asarray(stop), float)
    divisions = num - 1 if endpoint else num
    step = (stop - start) / divisions if divisions > 0 else float("nan")
    result = _linspace(start, stop, num, endpoint, np.dtype(dtype))
    return (result, step) if retstep else result


def _scalar_parameter(function, name, value):
    if np.ndim(value) != 0:
        raise NotImplementedError(
            f"ten.{function}: `{name}` must be a scalar (arrays of start and "
            f"stop values are not supported yet)")
    return value


@_creation
def _logspace(start, stop, num, endpoint, base, dtype):
    exponents = _linspace(start, stop, num, endpoint, np.dtype(np.float64))
    return _ops.astype(_ops.power(_scalar(base, np.float64), exponents),
                       dtype)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    """`base` to the powers of `linspace(start, stop, num, endpoint)`, as
    NumPy's logspace; float64 unless `dtype` says (converted as astype
    converts: integers truncate)."""
    for name, value in (("start", start), ("stop", stop), ("base", base)):
        _scalar_parameter("logspace", name, value)
    num = _sample_count(num, axis)
    if dtype is None:
        dtype = np.result_type(np.asarray(base), np.float64)
    return _logspace(start, stop, num, endpoint, base, np.dtype(dtype))


@_creation
def _geomspace(start, stop, num, endpoint, sign, dtype):
    # NumPy's steps: the magnitudes' powers of ten, with the ends set to
    # `start` and `stop` exactly, then the sign of `start`.
    values = _logspace(math.log10(start / sign) if start / sign > 0
                       else float("nan"),
                       math.log10(stop / sign) if stop / sign > 0
                       else float("nan"),
                       num, endpoint, 10.0, np.dtype(np.float64))
    if num > 0:
        index = _iota((num,), 0, np.int64)
        values = _ops.where(_ops.equal(index, 0),
                            _scalar(start / sign, np.float64), values)
        if endpoint and num > 1:
            values = _ops.where(_ops.equal(index, num - 1),
                                _scalar(stop / sign, np.float64), values)
    values = _ops.multiply(values, _scalar(sign, np.float64))
    return _ops.astype(values, dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`num` values from `start` to `stop` spaced evenly on a log scale
    (a geometric progression), as NumPy's geomspace: the ends exact, the
    sign of `start`, NaN where `stop` has the other sign; float64 unless
    `dtype` says. Real values only."""
    for name, value in (("start", start), ("stop", stop)):
        _scalar_parameter("geomspace", name, value)
        if np.iscomplexobj(value):
            raise NotImplementedError(
                "ten.geomspace: complex start and stop are not supported yet")
    num = _sample_count(num, axis)
    if start == 0 or stop == 0:
        raise ValueError("Geometric sequence cannot include zero")
    if dtype is None:
        dtype = np.result_type(np.asarray(start), np.asarray(stop),
                               np.float64)
    start, stop = float(start), float(stop)
    sign = 1.0 if start > 0 else (-1.0 if start < 0 else start)
    return _geomspace(start, stop, num, endpoint, sign, np.dtype(dtype))


def _window_length(M):
    """M as NumPy's windows take it: any real number, as a float."""
    if isinstance(M, (bool, np.bool_)) or not isinstance(
            M, (int, float, np.integer, np.floating)):
        raise TypeError(f"the window length must be a real number, not "
                        f"{type(M).__name__}")
    return float(M)


def _short_window(M):
    """The window of fewer than two points: none below 1, a 1 at 1 (None
    for longer ones)."""
    if M < 1:
        return _fill((0,), 0, np.float64)
    if M == 1:
        return _fill((1,), 1, np.float64)
    return None


def _window_points(M):
    """n = 1-M, 3-M, ... (below M: M - 1/2 rounded up of them), in
    float64."""
    count = len(np.arange(1 - M, M, 2))
    return _ops.add(_ops.multiply(_iota((count,), 0, np.float64),
                                  _scalar(2, np.float64)),
                    _scalar(1 - M, np.float64))


@_creation
def _cosine_window(M, coefficients):
    # NumPy's form: a sum of c_j cos(j pi n / (M-1)), in float64.
    short = _short_window(M)
    if short is not None:
        return short
    n = _window_points(M)
    result = None
    for j, c in enumerate(coefficients):
        if j == 0:
            term = _fill(tuple(n.shape), c, np.float64)
        else:
            angle = _ops.divide(_ops.multiply(_scalar(j * math.pi, np.float64),
                                              n),
                                _scalar(M - 1, np.float64))
            term = _ops.multiply(_scalar(c, np.float64), _ops.cos(angle))
        result = term if result is None else _ops.add(result, term)
    return result


def hanning(M):
    """The Hann window of M points (NumPy's hanning)."""
    return _cosine_window(_window_length(M), (0.5, 0.5))


def hamming(M):
    """The Hamming window of M points (NumPy's hamming)."""
    return _cosine_window(_window_length(M), (0.54, 0.46))


def blackman(M):
    """The Blackman window of M points (NumPy's blackman)."""
    return _cosine_window(_window_length(M), (0.42, 0.5, 0.08))


@_creation
def _bartlett(M):
    short = _short_window(M)
    if short is not None:
        return short
    n = _window_points(M)
    ratio = _ops.divide(n, _scalar(M - 1, np.float64))
    one = _scalar(1, np.float64)
    return _ops.where(_ops.less_equal(n, _scalar(0, np.float64)),
                      _ops.add(one, ratio), _ops.subtract(one, ratio))


def bartlett(M):
    """The Bartlett (triangular) window of M points (NumPy's bartlett)."""
    return _bartlett(_window_length(M))


@_creation
def _kaiser(M, beta):
    short = _short_window(M)
    if short is not None:
        return short
    from ._special import i0

    # NumPy's form: i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta)
    # for n = 0, 1, ... below M, alpha = (M - 1) / 2.
    alpha = (M - 1) / 2.0
    n = _iota((len(np.arange(0, M)),), 0, np.float64)
    ratio = _ops.divide(_ops.subtract(n, _scalar(alpha, np.float64)),
                        _scalar(alpha, np.float64))
    argument = _ops.multiply(
        _scalar(beta, np.float64),
        _ops.sqrt(_ops.subtract(_scalar(1, np.float64), _ops.square(ratio))))
    return _ops.divide(i0(argument), i0(_scalar(beta, np.float64)))


def kaiser(M, beta):
    """The Kaiser window of M points and shape `beta` (NumPy's kaiser)."""
    if isinstance(beta, (bool, np.bool_)) or not isinstance(
            beta, (int, float, np.integer, np.floating)):
        raise TypeError(f"beta must be a real number, not "
                        f"{type(beta).__name__}")
    return _kaiser(_window_length(M), float(beta))


@_creation
def eye(N, M=None, k=0, dtype=float):
    """A 2-D array with ones on the `k`-th diagonal and zeros elsewhere."""
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    k = operator.index(k)
    rows = _iota((N, M), 0, np.int64)
    cols = _iota((N, M), 1, np.int64)
    diagonal = _ops.equal(_ops.add(rows, k), cols)
    return _ops.astype(diagonal, np.dtype(dtype))


def identity(n, dtype=float):
    """The n x n identity matrix."""
    return eye(n, dtype=dtype)


@_creation
def tri(N, M=None, k=0, dtype=float):
    """A 2-D array with ones at and below the `k`-th diagonal, zeros
    above."""
    N = operator.index(N)
    M = N if M is None else operator.index(M)
    k = operator.index(k)
    rows = _iota((N, M), 0, np.int64)
    cols = _iota((N, M), 1, np.int64)
    below = _ops.greater_equal(_ops.add(rows, k), cols)
    return _ops.astype(below, np.dtype(dtype))


@_creation
def _dense_indices(dimensions, dtype):
    from ._joins import stack

    dimensions = tuple(operator.index(d) for d in dimensions)
    grids = [_iota(dimensions, axis, np.dtype(dtype))
             for axis in range(len(dimensions))]
    if not grids:
        return _fill((0,), 0, dtype)
    return stack(grids)


def indices(dimensions, dtype=int, sparse=False):
    """NumPy's indices: for each dimension, an array of the grid's positions
    along it (stacked into one array; with `sparse`, a tuple of arrays of
    ones but along their dimension)."""
    dimensions = tuple(operator.index(d) for d in dimensions)
    if not sparse:
        return _dense_indices(dimensions, np.dtype(dtype))
    grids = []
    for axis, size in enumerate(dimensions):
        shape = [1] * len(dimensions)
        shape[axis] = size
        grids.append(_ops.reshape(arange(size, dtype=dtype), tuple(shape)))
    return tuple(grids)


# Index helpers whose results are constants (positions, known when tracing):
# NumPy's own, usable to index traced values.
tril_indices = np.tril_indices
triu_indices = np.triu_indices
diag_indices = np.diag_indices


def diag_indices_from(arr):
    """NumPy's diag_indices_from: the indices of the main diagonal of the
    square array `arr` (its shape is all they read)."""
    shape = tuple(arr.shape) if isinstance(arr, Tensor) else np.shape(arr)
    if len(shape) < 2:
        raise ValueError("input array must be at least 2-d")
    if any(size != shape[0] for size in shape):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(shape[0], len(shape))


def tril_indices_from(arr, k=0):
    """The positions of the lower triangle of the 2-d `arr` (its shape
    alone: NumPy's tril_indices of it)."""
    if np.ndim(arr) != 2:
        raise ValueError("input array must be 2-d")
    rows, columns = np.shape(arr)
    return np.tril_indices(rows, k=k, m=columns)


def triu_indices_from(arr, k=0):
    """The positions of the upper triangle of the 2-d `arr`."""
    if np.ndim(arr) != 2:
        raise ValueError("input array must be 2-d")
    rows, columns = np.shape(arr)
    return np.triu_indices(rows, k=k, m=columns)
