"""NumPy's helpers that answer questions about arrays and dtypes rather
than compute: asarray_chkfinite, einsum_path, mask_indices, common_type,
mintypecode, min_scalar_type and iterable. A traced value answers what its
dtype and shape decide; what its elements decide (a check of them, the
smallest dtype of a value) needs an array."""

import numpy as np

import ten as _ten

from ._trace import Tensor


def _refuse_traced(function, why):
    raise NotImplementedError(f"ten.{function} of a traced value: {why}, "
                              "known only when the program runs")


def asarray_chkfinite(a, dtype=None, order=None):
    """NumPy's asarray_chkfinite: `a` as an array, ValueError where an
    element is infinite or NaN."""
    if isinstance(a, Tensor):
        _refuse_traced("asarray_chkfinite", "whether every element is finite "
                       "is")
    array = np.asarray(a, dtype=dtype, order=order)
    if array.dtype.char in np.typecodes["AllFloat"] and \
            not np.isfinite(array).all():
        raise ValueError("array must not contain infs or NaNs")
    return array


def einsum_path(subscripts, *operands, optimize="greedy",
                einsum_call=False):
    """NumPy's einsum_path: the order NumPy's optimizer would contract the
    operands in, and its report. It depends on the shapes alone, so traced
    operands answer too (ten.einsum chooses its own order, in the
    ten-einsum-path pass)."""
    shaped = [np.empty(tuple(value.shape), np.dtype(value.dtype))
              if isinstance(value, Tensor) else value for value in operands]
    return np.einsum_path(subscripts, *shaped, optimize=optimize,
                          einsum_call=einsum_call)


def mask_indices(n, mask_func, k=0):
    """NumPy's mask_indices: the (rows, columns) where `mask_func` of an
    n x n array of ones, with `k`, is nonzero (ten.triu: the upper
    triangle's)."""
    mask = mask_func(np.ones((n, n), int), k)
    return _ten.nonzero(mask != 0)


def common_type(*arrays):
    """NumPy's common_type: the inexact scalar type of the arrays together
    (integers as float64)."""
    return np.common_type(*(np.empty((0,), np.dtype(a.dtype))
                            if isinstance(a, Tensor) else a
                            for a in arrays))


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """NumPy's mintypecode: the character of the smallest type of
    `typeset` that the given type characters (or arrays) all fit in."""
    return np.mintypecode([np.dtype(t.dtype).char if isinstance(t, Tensor)
                           else t for t in typechars], typeset, default)


def min_scalar_type(a):
    """NumPy's min_scalar_type: the smallest dtype that holds the value of
    a scalar (of an array, its dtype)."""
    if isinstance(a, Tensor):
        if a.ndim == 0:
            _refuse_traced("min_scalar_type", "its value decides the dtype, "
                           "and it is")
        return np.dtype(a.dtype)
    return np.min_scalar_type(a)


def iterable(y):
    """NumPy's iterable: whether `y` can be iterated over (a traced value of
    at least one dimension can)."""
    if isinstance(y, Tensor):
        return y.ndim > 0
    return np.iterable(y)
