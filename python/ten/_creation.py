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
from ._array_options import (check_device, check_like, creation_order,
                             laid_out, like_order)
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
    # NumPy's own conversion (np.full's unsafe cast: NaN into integers,
    # 300.7 into int8), with its OverflowError for Python integers out of
    # range.
    with np.errstate(all="ignore"):
        if np.ndim(value) == 0:
            value = np.full((), value, dtype=dtype)
        else:
            # An array of values, broadcast to the shape as np.full's copy
            # does (leading dimensions of 1 beyond the shape's dropped).
            given = np.asarray(value)
            shape = tuple(shape)
            original = given.shape
            while given.ndim > len(shape) and given.shape[0] == 1:
                given = given[0]
            try:
                fits = np.broadcast_shapes(given.shape, shape) == shape
            except ValueError:
                fits = False
            if not fits:
                def text(dims):  # NumPy's "(2,2)", "(3,)"
                    return "(" + ",".join(map(str, dims)) + (
                        "," if len(dims) == 1 else "") + ")"
                raise ValueError(f"could not broadcast input array from "
                                 f"shape {text(original)} into shape "
                                 f"{text(shape)}")
            value = np.empty(given.shape, dtype)
            np.copyto(value, given, casting="unsafe")
    constant = current_graph().constant(value)
    if not shape and value.ndim == 0:
        return constant
    return _ops.broadcast_to(constant, shape)


def _created(make, order, device, like):
    """The array `make()` builds, after NumPy's checks of `order`, `device`
    and `like`, in `order` ("C" or "F")."""
    order = creation_order(order)
    check_device(device)
    check_like(like)
    return laid_out(make(), order)


@_creation
def _zeros(shape, dtype):
    return _fill(_shape(shape), 0, dtype)


@_creation
def _ones(shape, dtype):
    return _fill(_shape(shape), 1, dtype)


def zeros(shape, dtype=float, order="C", *, device=None, like=None):
    """A new array of zeros, as NumPy's zeros (float64 by default)."""
    return _created(lambda: _zeros(shape, float if dtype is None else dtype),
                    order, device, like)


def ones(shape, dtype=None, order="C", *, device=None, like=None):
    """A new array of ones."""
    return _created(lambda: _ones(shape, float if dtype is None else dtype),
                    order, device, like)


def empty(shape, dtype=float, order="C", *, device=None, like=None):
    """A new array (of zeros: ten never exposes uninitialized memory)."""
    return _created(lambda: _zeros(shape, float if dtype is None else dtype),
                    order, device, like)


@_creation
def _full(shape, fill_value, dtype):
    return _fill(_shape(shape), fill_value, dtype)


def full(shape, fill_value, dtype=None, order="C", *, device=None,
         like=None):
    """A new array of `fill_value`, of its dtype unless `dtype` is given."""
    if isinstance(fill_value, Tensor):
        raise TypeError("full: fill_value is a Python or NumPy number "
                        "(use broadcast_to for a traced value)")
    if dtype is None:
        dtype = np.asarray(fill_value).dtype
    return _created(lambda: _full(shape, fill_value, np.dtype(dtype)), order,
                    device, like)


def _like_function(name, value):
    def like(a, dtype=None, order="K", subok=True, shape=None, *,
             device=None):
        return full_like(a, value, dtype=dtype, order=order, subok=subok,
                         shape=shape, device=device)

    like.__name__ = like.__qualname__ = name
    like.__doc__ = (f"A new array of {value}s with the shape and dtype of `a` "
                    "(or those given).")
    like.__module__ = "ten"
    return like


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None,
              *, device=None):
    """A new array of `fill_value` with the shape and dtype of `a` (or those
    given); order "K" and "A" keep a NumPy array's Fortran order."""
    order = like_order(order, a)
    if not isinstance(a, Tensor):
        a = np.asarray(a)
    dtype = a.dtype if dtype is None else np.dtype(dtype)
    shape = a.shape if shape is None else _shape(shape)
    return full(shape, fill_value, dtype, order, device=device)


zeros_like = _like_function("zeros_like", 0)
ones_like = _like_function("ones_like", 1)


def empty_like(prototype, dtype=None, order="K", subok=True, shape=None, *,
               device=None):
    """A new array with the shape and dtype of `prototype` (or those given),
    NumPy's parameter names: zeros, as ten's arrays are never left
    uninitialized."""
    return full_like(prototype, 0, dtype=dtype, order=order, subok=subok,
                     shape=shape, device=device)


def _iota(shape, dimension, dtype):
    """The positions along `dimension`, as `dtype` (complex: real parts)."""
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        return _ops.astype(_iota(shape, dimension, np.float64), dtype)
    code = _dtypes.code_of(dtype)
    return current_graph().apply("iota", code, list(shape), dimension)


def _stored(value, dtype):
    """`value` as NumPy's arange stores a bound into an array of `dtype`:
    a float truncated to a Python integer (NaN and infinities refused), and
    an integer out of an integer dtype's range an OverflowError."""
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu":
        return np.asarray(value).astype(dtype)
    if isinstance(value, (bool, np.bool_)):
        return np.asarray(value, dtype)
    integer = int(value)
    info = np.iinfo(dtype)
    if not info.min <= integer <= info.max:
        raise OverflowError(
            f"Python integer {integer} out of bounds for {dtype.name}")
    return np.asarray(integer, dtype)


def _fill_compute_type(dtype):
    """The type NumPy's arange computes its elements in: float32 for
    float16 and float32 (and ml_dtypes' floats), float64 for float64."""
    return (np.dtype(np.float64) if np.dtype(dtype) == np.float64
            else np.dtype(np.float32))


@_creation
def _arange(start, stop, step, dtype):
    count = _arange_count(start, stop, step)
    dtype = np.dtype(dtype)
    if count == 0:
        return _fill((0,), 0, dtype)
    if dtype.kind == "b" and count > 2:
        raise TypeError("arange() is only supported for booleans when the "
                        "result has at most length 2.")
    # NumPy's arange stores `start` and `start + step` (Python arithmetic)
    # into the array, then fills element i as first + i * (second - first),
    # in the dtype's arithmetic (floats of 32 bits or fewer in float32): its
    # float values are neither rounded sums of steps nor start + i * step.
    first = _stored(start, dtype)
    second = _stored(start + step, dtype) if count > 1 else first
    index = _ops.astype(_iota((count,), 0, np.int64), np.int64)
    if dtype.kind in "biu":
        delta = int(second) - int(first)
        values = _ops.add(_ops.multiply(index, delta), int(first))
    else:
        compute = _fill_compute_type(dtype)
        base = first.astype(compute)
        with np.errstate(all="ignore"):
            delta = second.astype(compute) - base
        values = _ops.add(_ops.multiply(_ops.astype(index, compute), delta),
                          base)
    # The first two elements are the stored ones (0 * an infinite step, or
    # first + (second - first), need not give them back).
    values = _ops.where(_ops.equal(index, 0), _scalar(first, values.dtype),
                        values)
    if count > 1:
        values = _ops.where(_ops.equal(index, 1),
                            _scalar(second, values.dtype), values)
    return _ops.astype(values, dtype)


def _scalar(value, dtype):
    return np.asarray(value, dtype=dtype)


def _arange_count(start, stop, step):
    if step == 0:
        raise ZeroDivisionError("arange: step is 0")
    length = (stop - start) / step
    if math.isnan(length):
        raise ValueError("arange: cannot compute length")
    if math.isinf(length):
        raise ValueError("Maximum allowed size exceeded")
    count = builtins.max(int(math.ceil(length)), 0)
    if count > np.iinfo(np.intp).max:
        raise ValueError("Maximum allowed size exceeded")
    return count


def arange(start, stop=None, step=None, dtype=None, *, device=None,
           like=None):
    """Evenly spaced values in [start, stop), as NumPy's arange: integers
    (int64) from integer arguments, float64 otherwise, or `dtype`."""
    check_device(device)
    check_like(like)
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


def _weak(value):
    """`value` as NumPy's promotion sees it: a Python number is weak, any
    other value an array."""
    return value if type(value) in (bool, int, float, complex) \
        else np.asarray(value)


def _inexact_type(start, stop):
    """NumPy's type of linspace's arithmetic: the ends' result type (Python
    numbers weak), made a float (float64) if it is not one."""
    dtype = np.result_type(_weak(start), _weak(stop))
    return dtype if dtype.kind in "fc" else np.dtype(np.float64)


def _linspace_parts(start, stop, num, endpoint, compute):
    """linspace's divisions, the ends' difference and the step, as NumPy
    computes them in `compute` (the step NaN where there are no
    divisions)."""
    divisions = num - 1 if endpoint else num
    with np.errstate(all="ignore"):
        delta = np.subtract(np.asarray(stop, compute),
                            np.asarray(start, compute), dtype=compute)
        step = delta / divisions if divisions > 0 else float("nan")
    return divisions, delta, step


@_creation
def _linspace(start, stop, num, endpoint, axis, compute, dtype):
    start = np.asarray(start, compute)
    stop = np.asarray(stop, compute)
    shape = np.broadcast_shapes(start.shape, stop.shape)
    if num == 0:
        return _fill(_moved((0,) + shape, axis), 0, dtype)
    # NumPy's linspace: i * step + start in the ends' float type (each
    # operation rounded), i / divisions * delta where a step underflows to
    # 0, i * delta where there are no divisions; the last value `stop`.
    divisions, delta, step = _linspace_parts(start, stop, num, endpoint,
                                             compute)
    index = _iota((num,) + shape, 0, compute)
    if divisions <= 0:
        values = _ops.multiply(index, delta)
    else:
        if np.any(step == 0):
            values = _ops.multiply(
                _ops.divide(index, _scalar(divisions, compute)), delta)
        else:
            values = _ops.multiply(index, step)
    values = _ops.add(values, start)
    if endpoint and num > 1:
        last = _ops.equal(_iota((num,) + shape, 0, np.int64), num - 1)
        values = _ops.where(last, stop, values)
    if axis != 0:
        from ._layout import moveaxis

        values = moveaxis(values, 0, axis)
    if np.dtype(dtype).kind in "iu":
        # NumPy floors toward the integers.
        values = _ops.floor(values)
    return _ops.astype(values, dtype)


def _moved(shape, axis):
    """`shape` (the samples' axis first) with that axis moved to `axis`."""
    shape = list(shape)
    shape.insert(axis, shape.pop(0))
    return tuple(shape)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None,
             axis=0, *, device=None):
    """`num` evenly spaced values from `start` to `stop` (included unless
    not `endpoint`), as NumPy's linspace: computed in the ends' float type,
    of `dtype` if given (integers floored); array ends give one sequence per
    element of their broadcast shape, the samples along `axis`."""
    check_device(device)
    _check_ends("linspace", start, stop)
    num = _sample_count(num)
    compute = _inexact_type(start, stop)
    dtype = compute if dtype is None else np.dtype(dtype)
    _dtypes.code_of(dtype)
    axis = _sample_axis(axis, start, stop)
    result = _linspace(start, stop, num, endpoint, axis, compute, dtype)
    if retstep:
        return result, _linspace_parts(start, stop, num, endpoint, compute)[2]
    return result


def _check_ends(function, *values):
    for value in values:
        if isinstance(value, Tensor):
            raise TypeError(f"{function}: its parameters are Python or NumPy "
                            f"numbers or arrays")


def _sample_count(num):
    """The number of samples of linspace, logspace and geomspace, checked
    as NumPy checks it."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    return num


def _sample_axis(axis, *values):
    """`axis` of a result whose samples' axis joins the broadcast shape of
    `values`, checked and made non-negative as NumPy does."""
    ndim = 1 + len(np.broadcast_shapes(*(np.shape(v) for v in values)))
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim


@_creation
def _logspace(start, stop, num, endpoint, axis, compute, base, dtype):
    exponents = _linspace(start, stop, num, endpoint, axis, compute, compute)
    # `base` broadcasts against the ends, along the samples' axis.
    base = np.expand_dims(np.asarray(base), axis)
    return _ops.astype(_ops.power(base, exponents), dtype)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None,
             axis=0):
    """`base` to the powers of `linspace(start, stop, num, endpoint)`, as
    NumPy's logspace (the ends and `base` may be arrays, broadcast
    together); of NumPy's dtype (the exponents', promoted with the base's,
    a Python number weak) unless `dtype` says (converted as astype
    converts: integers truncate)."""
    _check_ends("logspace", start, stop, base)
    num = _sample_count(num)
    if type(base) not in (int, float) and np.ndim(base):
        # An array of bases broadcasts with the ends: each gets its rank,
        # as in NumPy's logspace.
        rank = np.broadcast(start, stop, base).ndim
        start, stop, base = (np.array(v, ndmin=rank)
                             for v in (start, stop, base))
    compute = _inexact_type(start, stop)
    axis = _sample_axis(axis, start, stop)
    if dtype is None:
        # A Python number of a base is weak, as in NumPy's power.
        dtype = np.result_type(_weak(base), compute)
    dtype = np.dtype(dtype)
    _dtypes.code_of(dtype)
    return _logspace(start, stop, num, endpoint, axis, compute, base, dtype)


@_creation
def _geomspace(magnitudes, logs, num, endpoint, axis, sign, compute, dtype):
    # NumPy's geomspace: 10 to the powers between the magnitudes' base-10
    # logarithms, the ends set to the magnitudes exactly, then the sign of
    # `start` (a complex one's unit).
    start, stop = (np.asarray(m, compute) for m in magnitudes)
    values = _logspace(logs[0], logs[1], num, endpoint, 0, compute, 10.0,
                       compute)
    if num > 0:
        index = _iota((num,) + values.shape[1:], 0, np.int64)
        values = _ops.where(_ops.equal(index, 0), start, values)
        if endpoint and num > 1:
            values = _ops.where(_ops.equal(index, num - 1), stop, values)
    values = _ops.multiply(values, np.asarray(sign, compute))
    if axis != 0:
        from ._layout import moveaxis

        values = moveaxis(values, 0, axis)
    return _ops.astype(values, dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """`num` values from `start` to `stop` spaced evenly on a log scale
    (a geometric progression), as NumPy's geomspace: the ends exact, the
    sign of `start` (complex: its unit), NaN where a real `stop` has the
    other sign; float64 (complex128 for complex ends) unless `dtype` says;
    array ends give one progression per element of their broadcast
    shape."""
    _check_ends("geomspace", start, stop)
    num = _sample_count(num)
    start = np.asarray(start) * 1.0
    stop = np.asarray(stop) * 1.0
    if np.any(start == 0) or np.any(stop == 0):
        raise ValueError("Geometric sequence cannot include zero")
    compute = np.result_type(start, stop, float(num),
                             np.zeros((), dtype or np.float64))
    dtype = compute if dtype is None else np.dtype(dtype)
    _dtypes.code_of(dtype)
    axis = _sample_axis(axis, start, stop)
    # The ends' magnitudes and logarithms as NumPy computes them (host
    # arithmetic in the compute type: the values are parameters).
    shape = np.broadcast_shapes(start.shape, stop.shape)
    start = np.broadcast_to(start.astype(compute), shape)
    stop = np.broadcast_to(stop.astype(compute), shape)
    with np.errstate(all="ignore"):
        sign = np.sign(start)
        magnitudes = (start / sign, stop / sign)
        logs = tuple(np.log10(m) for m in magnitudes)
    return _geomspace(magnitudes, logs, num, endpoint, axis, sign, compute,
                      dtype)


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


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None):
    """A 2-D array with ones on the `k`-th diagonal and zeros elsewhere."""
    return _created(lambda: _eye(N, M, k, float if dtype is None else dtype),
                    order, device, like)


@_creation
def _eye(N, M, k, dtype):
    k = operator.index(k)
    # NumPy 2's sizes: integers, none negative.
    M = N if M is None else M
    N, M = operator.index(N), operator.index(M)
    if N < 0 or M < 0:
        raise ValueError("negative dimensions are not allowed")
    rows = _iota((N, M), 0, np.int64)
    cols = _iota((N, M), 1, np.int64)
    diagonal = _ops.equal(_ops.add(rows, k), cols)
    return _ops.astype(diagonal, np.dtype(dtype))


def identity(n, dtype=None, *, like=None):
    """The n x n identity matrix."""
    return eye(n, dtype=dtype, like=like)


def tri(N, M=None, k=0, dtype=float, *, like=None):
    """A 2-D array with ones at and below the `k`-th diagonal, zeros
    elsewhere, as NumPy's tri."""
    check_like(like)
    return _tri(N, M, k, float if dtype is None else dtype)


@_creation
def _tri(N, M, k, dtype):
    """A 2-D array with ones at and below the `k`-th diagonal, zeros
    above."""
    k = operator.index(k)
    # NumPy's sizes: those of arange(N) and arange(-k, M - k), so that a
    # negative N or M is 0 and a fractional one rounds up (counted, not
    # made: a huge size reaches the size checks rather than an allocation).
    M = N if M is None else M
    N, M = (builtins.max(0, math.ceil(size)) for size in (N, M))
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
