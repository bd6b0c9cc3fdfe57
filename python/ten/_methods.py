"""The ndarray methods of traced values that the modules defining the
functions do not attach themselves: copies, parts of complex numbers,
sizes in bytes, takes, compresses, puts and partitions, and ten.copy.
Methods that NumPy runs in place (put, partition) give the traced value
their result, as x[i] = v does."""

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


Tensor.copy = _tensor_copy
Tensor.__copy__ = lambda self: copy(self)
Tensor.__deepcopy__ = lambda self, memo: copy(self)
Tensor.conj = lambda self: _ops.conjugate(self)
Tensor.conjugate = lambda self: _ops.conjugate(self)
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
