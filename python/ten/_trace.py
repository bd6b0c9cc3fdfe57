"""Tracing: values of a program being built, and the graph they live in.

A `Tensor` is a value of a `ten` function under construction (an argument or
an op's result); the package's functions and Python's operators on it add
ops to its graph, whose result types the compiler infers and checks. A bad op
raises ValueError with the compiler's diagnostic, located at the user's line.
"""

import contextlib
import os
import sys
import threading

import numpy as np

from . import _dtypes
from . import _ten

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_context = None


def context():
    """The one compiler context of the process."""
    global _context
    if _context is None:
        _context = _ten.Context()
    return _context


def _user_location():
    """The file and line of the innermost caller outside this package, or
    the one a converter of another framework's program set (located_at)."""
    located = getattr(_active, "location", None)
    if located is not None:
        return located
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIR):
        frame = frame.f_back
    if frame is None:
        return None
    return frame.f_code.co_filename, frame.f_lineno


_active = threading.local()


@contextlib.contextmanager
def located_at(location):
    """Ops traced inside are located at `location` (a file and a line), as
    a converter of another framework's program knows it, rather than at the
    converter's caller; None leaves them to the caller."""
    previous = getattr(_active, "location", None)
    _active.location = location
    try:
        yield
    finally:
        _active.location = previous


def current_graph():
    """The graph of the program this thread is tracing, or None: where
    functions with no traced operand (zeros, arange) add their ops."""
    stack = getattr(_active, "graphs", None)
    return stack[-1] if stack else None


class DynamicSizeError(TypeError):
    """A size known only when the program runs, used as a number while
    tracing."""


class DynamicSize:
    """A dimension only the run knows, as `Tensor.shape` shows it: it
    compares (==, <, >=, ...) and prints as -1, so `size >= 0` asks whether
    a size is known, but it is not an integer: arithmetic, use as an index
    or a count (`range`, slices, `operator.index`, `int`), truth and
    conversion raise TypeError, so that a trace never computes with it as
    though it were a size and bakes a wrong number into the program."""

    __slots__ = ()

    def _refuse(self, *args):
        raise DynamicSizeError(
            "a dimension of a traced value is known only when the program "
            "runs (its size shows as -1): it cannot be computed with while "
            "tracing; this function needs static sizes there (ten.jit "
            "dynamic=False)")

    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _refuse
    __floordiv__ = __rfloordiv__ = __truediv__ = __rtruediv__ = _refuse
    __mod__ = __rmod__ = __pow__ = __rpow__ = __neg__ = __abs__ = _refuse
    __divmod__ = __rdivmod__ = __pos__ = __invert__ = _refuse
    __lshift__ = __rlshift__ = __rshift__ = __rrshift__ = _refuse
    __and__ = __rand__ = __or__ = __ror__ = __xor__ = __rxor__ = _refuse
    __index__ = __int__ = __float__ = __complex__ = __bool__ = _refuse
    __round__ = __trunc__ = __floor__ = __ceil__ = _refuse

    @staticmethod
    def _other(other):
        if isinstance(other, DynamicSize):
            return -1
        if isinstance(other, (int, np.integer)) and not isinstance(other, bool):
            return int(other)
        return None

    def __eq__(self, other):
        value = self._other(other)
        return NotImplemented if value is None else value == -1

    def __ne__(self, other):
        value = self._other(other)
        return NotImplemented if value is None else value != -1

    def __lt__(self, other):
        value = self._other(other)
        return NotImplemented if value is None else -1 < value

    def __le__(self, other):
        value = self._other(other)
        return NotImplemented if value is None else -1 <= value

    def __gt__(self, other):
        value = self._other(other)
        return NotImplemented if value is None else -1 > value

    def __ge__(self, other):
        value = self._other(other)
        return NotImplemented if value is None else -1 >= value

    def __hash__(self):
        return hash(-1)

    def __repr__(self):
        return "-1"


_DYNAMIC = DynamicSize()


def traced_shape(sizes):
    """A shape as traced values show it: each unknown size a DynamicSize."""
    return tuple(_DYNAMIC if size < 0 else int(size) for size in sizes)


class Graph:
    """A function being traced, with its arguments and ops."""

    def __init__(self, name):
        self.graph = _ten.Graph(context(), name)

    @contextlib.contextmanager
    def active(self):
        """Makes this the thread's current graph while tracing."""
        stack = getattr(_active, "graphs", None)
        if stack is None:
            stack = _active.graphs = []
        stack.append(self)
        try:
            yield self
        finally:
            stack.pop()

    def argument(self, dtype, shape):
        """An argument of `shape`, -1 for a size each call gives."""
        sizes = [-(2**63) if size < 0 else size for size in shape]
        value = self.graph.argument(_dtypes.code_of(dtype), sizes)
        return Tensor(self, value, traced_shape(shape), dtype)

    def constant(self, value, dtype=None):
        """A constant of a NumPy array or a Python scalar."""
        if dtype is not None and type(value) not in (bool, int, float, complex):
            # np.asarray(None, float) is NaN: check what the value is first.
            check_operand(value)
        array = np.asarray(value, dtype=dtype)
        code = _dtypes.code_of(array.dtype)
        # Not np.ascontiguousarray, which makes a 0-d array 1-d.
        data = array if array.flags.c_contiguous else np.array(array, order="C")
        if _dtypes.bits_dtype(code) is not None:
            data = data.view(_dtypes.bits_dtype(code))
        return self._wrap(self.graph.constant(code, data))

    def apply(self, method, *args):
        """Calls the graph's builder `method`, located at the user's line."""
        location = _user_location()
        if location is not None:
            self.graph.set_location(*location)
        result = getattr(self.graph, method)(*args)
        if result is None:  # an op of no result (ten.assert)
            return None
        if isinstance(result, tuple):  # an op of several results
            return tuple(self._wrap(value) for value in result)
        return self._wrap(result)

    def _wrap(self, value):
        code, shape = self.graph.type(value)
        return Tensor(self, value, traced_shape(shape),
                      _dtypes.dtype_of(code))

    def finish(self, results):
        return self.graph.finish([result.value for result in results])


# What a traced value says where Python wants a number of it: an index of
# a list or a NumPy array, a size, range(), int().
_NOT_A_PYTHON_NUMBER = (
    "a traced ten value is known only when the program runs, so it cannot "
    "be {} of Python's while it is traced (an index of a list or a NumPy "
    "array, a size, range()); keep it in ten's operations: x[i:j] and x[i] "
    "of a traced x, ten.take, ten.where")


def check_operand(value):
    """The dtype of an operand that is not a traced value, or TypeError
    where NumPy has no numeric dtype for it (None, a string, an object)."""
    dtype = np.asarray(value).dtype
    try:
        _dtypes.code_of(dtype)
    except TypeError:
        raise TypeError(
            f"unsupported operand of type {type(value).__name__} (NumPy "
            f"reads it as dtype {dtype.name}): ten's functions take arrays "
            "and numbers") from None
    return dtype


class Tensor:
    """A traced value: its shape and dtype are known, its elements are not.

    A value read by basic indexing (`x[1:3]`, `x[0]`) is a view of `x`, as
    in NumPy, for writes: an in-place update of the view (`v[mask] = 0`,
    `v += 1`, `x[1:3][mask] = 0`) updates `x` too. Reads are of the value
    when it was taken (a later write into `x` does not change a view read
    before it)."""

    __slots__ = ("graph", "_value", "shape", "dtype", "base", "weak")
    # NumPy's ufuncs and functions dispatch to ten's (_numpy_api.py).

    def __init__(self, graph, value, shape, dtype):
        self.graph = graph
        self._value = value
        self.shape = shape
        self.dtype = dtype
        # (the tensor, the basic index) this one views, or None.
        self.base = None
        # For a Python number traced as a 0-d argument (ten.jit's
        # trace_scalars), its type: NumPy's promotion takes it as that
        # weak scalar (NEP 50), not as an array of its dtype.
        self.weak = None

    @property
    def value(self):
        return self._value

    @value.setter
    def value(self, value):
        """An in-place update: the new value, written through to the tensor
        this one views."""
        self._value = value
        if self.base is not None:
            parent, index = self.base
            parent[index] = self

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    def __repr__(self):
        return f"ten.Tensor(shape={self.shape}, dtype={self.dtype})"

    def __bool__(self):
        raise TypeError(
            "a traced ten value has no truth value while the program is "
            "traced; use ten.where instead of if/and/or on it"
        )

    def __contains__(self, value):
        raise TypeError(
            "`value in x` of a traced x is a truth value, which a traced "
            "program does not have; use ten.any(x == value)"
        )

    def __array_namespace__(self, api_version=None):
        """The array API's namespace of a traced value: the ten package,
        whose functions take it (NumPy's names and semantics)."""
        import ten

        return ten

    def __index__(self):
        raise TypeError(_NOT_A_PYTHON_NUMBER.format("an integer"))

    def __int__(self):
        raise TypeError(_NOT_A_PYTHON_NUMBER.format("an int()"))

    def __float__(self):
        raise TypeError(_NOT_A_PYTHON_NUMBER.format("a float()"))

    def __complex__(self):
        raise TypeError(_NOT_A_PYTHON_NUMBER.format("a complex()"))

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    __hash__ = object.__hash__

    # The operators and methods are the package's functions; see _ops.py.


def is_traced(value):
    return isinstance(value, Tensor)


def find_graph(values):
    """The graph of the traced values among `values`, or None; all must share
    one graph."""
    graph = None
    for value in values:
        if isinstance(value, Tensor):
            if graph is None:
                graph = value.graph
            elif value.graph is not graph:
                raise ValueError(
                    "values of two different traced programs meet in one op"
                )
    return graph
