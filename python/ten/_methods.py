"""The ndarray methods of traced values that the modules defining the
functions do not attach themselves: copies, parts of complex numbers,
sizes in bytes, takes, chooses, compresses, puts, fills and partitions, and
ten.copy. Methods that NumPy runs in place (put, fill, partition) give the
traced value their result, as x[i] = v does."""

import numpy as np

from ._trace import Tensor
from . import _ops


def copy(a, order="K", subok=False):
    """NumPy's copy: a value equal to `a`. A traced value is a value: the
    copy is a new traced value that later in-place updates of either leave
    the other untouched."""
    if isinstance(a, Tensor):
        return Tensor(a.graph, a.value, a.shape, a.dtype)
    return np.array(a, copy=True)


def _matrix_transpose(self):
    from ._layout import swapaxes

    if self.ndim < 2:
        raise ValueError("matrix transpose with ndim < 2 is undefined")
    return swapaxes(self, -1, -2)


def _tensor_copy(self, order="C"):
    return copy(self)


def _take(self, indices, axis=None, out=None, mode="raise"):
    from ._gather import take

    if out is not None:
        raise TypeError("ten: take does not write into `out`")
    return take(self, indices, axis=axis, mode=mode)


def _compress(self, condition, axis=None, out=None):
    from ._selection import compress

    if out is not None:
        raise TypeError("ten: compress does not write into `out`")
    return compress(condition, self, axis=axis)


def _put(self, indices, values, mode="raise"):
    from ._scatter import put

    put(self, indices, values, mode=mode)


def _partition(self, kth, axis=-1, kind="introselect", order=None):
    """ndarray.partition: the value takes its partitioned self."""
    from ._selection import partition

    self.value = partition(self, kth, axis=axis, kind=kind,
                           order=order).value


def _argpartition(self, kth, axis=-1, kind="introselect", order=None):
    from ._selection import argpartition

    return argpartition(self, kth, axis=axis, kind=kind, order=order)


def _choose(self, choices, out=None, mode="raise"):
    from ._index_math import choose

    if out is not None:
        raise TypeError("ten: choose does not write into `out`")
    return choose(self, choices, mode=mode)


def _fill(self, value):
    """ndarray.fill: every element `value` (cast to the dtype), in place
    as x[...] = value is."""
    self[...] = value


Tensor.copy = _tensor_copy
Tensor.choose = _choose
Tensor.fill = _fill
Tensor.__copy__ = lambda self: copy(self)
Tensor.__deepcopy__ = lambda self, memo: copy(self)


def _conjugate(self):
    """ndarray.conj: the complex conjugate; any other array as it is (the
    ufunc np.conj makes booleans int8, the method keeps them)."""
    if np.dtype(self.dtype).kind != "c":
        return self
    return _ops.conjugate(self)


Tensor.conj = Tensor.conjugate = _conjugate
Tensor.real = property(lambda self: _ops.real(self))
Tensor.imag = property(lambda self: _ops.imag(self))
Tensor.itemsize = property(lambda self: self.dtype.itemsize)
Tensor.nbytes = property(lambda self: self.size * self.dtype.itemsize)
Tensor.mT = property(lambda self: _matrix_transpose(self))
Tensor.take = _take
Tensor.compress = _compress
Tensor.put = _put
Tensor.partition = _partition
Tensor.argpartition = _argpartition


def _no_numpy_array(self, dtype=None, copy=None):
    raise TypeError(
        "numpy.asarray and numpy.array cannot take a traced ten value: its "
        "elements are not known while the program is traced. It already is "
        "an array: use it as it is, or ten.asarray(x, dtype) to convert it")


# NumPy asks for __array__ before it tries a traced value as a sequence
# (which would make an object array of its elements).
Tensor.__array__ = _no_numpy_array


def asarray(a, dtype=None, order=None, *, copy=None, device=None, like=None):
    """NumPy's asarray that keeps traced values traced: a traced value as it
    is (converted to `dtype` if given), anything else NumPy's array."""
    if isinstance(a, Tensor):
        if dtype is not None and np.dtype(dtype) != a.dtype:
            return _ops.astype(a, dtype)
        return ten_copy(a) if copy else a
    return np.asarray(a, dtype=dtype, copy=copy)


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0,
          like=None):
    """NumPy's array that keeps traced values traced (a copy unless
    `copy=False`, as NumPy's); anything else NumPy's array."""
    if isinstance(object, Tensor):
        result = asarray(object, dtype=dtype, copy=copy)
        if ndmin > result.ndim:
            result = _ops.reshape(result,
                                  (1,) * (ndmin - result.ndim) + result.shape)
        return result
    return np.array(object, dtype=dtype, copy=copy, ndmin=ndmin)


def ascontiguousarray(a, dtype=None, *, like=None):
    """A traced value is laid out as the compiler chooses: as it is, of at
    least one dimension, as NumPy's."""
    if not isinstance(a, Tensor):
        return np.ascontiguousarray(a, dtype=dtype)
    result = asarray(a, dtype=dtype)
    return _ops.reshape(result, (1,)) if result.ndim == 0 else result


ten_copy = copy
