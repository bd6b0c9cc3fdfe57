"""NumPy's functions that apply a Python function: apply_along_axis,
apply_over_axes, fromfunction and vectorize.

On NumPy arrays they are NumPy's: the function sees NumPy arrays or
numbers, slice by slice or element by element, as NumPy calls it. Inside
`ten.jit` the function is traced: apply_along_axis calls it once per
slice (the slices are known when tracing) and stacks the results, so its
program grows with the number of slices; vectorize calls it once on the
whole broadcast arrays, which gives NumPy's result for a function of
elementwise operations (a Python `if` on a traced value cannot be traced
and says so)."""

import itertools
import math
import operator

import numpy as np

import ten as _ten

from ._trace import Tensor


def _ndim(a):
    return len(a.shape) if isinstance(a, Tensor) else np.ndim(a)


def _normalize_axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """NumPy's apply_along_axis: `func1d` of each 1-d slice of `arr` along
    `axis`, the results stacked where the axis was (their dimensions in its
    place)."""
    if not isinstance(arr, Tensor):
        return np.apply_along_axis(func1d, axis, np.asarray(arr), *args,
                                   **kwargs)
    ndim = _ndim(arr)
    axis = _normalize_axis(axis, ndim)
    moved = _ten.moveaxis(arr, axis, -1)
    outer = tuple(moved.shape[:-1])
    if math.prod(outer) == 0:
        raise ValueError("Cannot apply_along_axis when any iteration "
                         "dimensions are 0")
    results = [func1d(moved[index], *args, **kwargs)
               for index in itertools.product(*map(range, outer))]
    stacked = _ten.stack(results)
    result_ndim = _ndim(results[0])
    stacked = _ten.reshape(stacked, outer + tuple(stacked.shape[1:]))
    # The result's own dimensions go where the axis was.
    source = list(range(len(outer), len(outer) + result_ndim))
    destination = list(range(axis, axis + result_ndim))
    return _ten.moveaxis(stacked, source, destination) if source else stacked


def apply_over_axes(func, a, axes):
    """NumPy's apply_over_axes: `func(a, axis)` for each axis in turn, each
    result of one dimension less given it back (keepdims)."""
    if not isinstance(a, Tensor):
        a = np.asarray(a)
    ndim = _ndim(a)
    if np.ndim(axes) == 0:
        axes = (axes,)
    for axis in axes:
        axis = operator.index(axis)
        if axis < 0:
            axis += ndim
        result = func(a, axis)
        if _ndim(result) != ndim:
            result = _ten.expand_dims(result, axis)
            if _ndim(result) != ndim:
                raise ValueError("function is not returning an array of the "
                                 "correct shape")
        a = result
    return a


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """NumPy's fromfunction: `function` called once with one index array
    per dimension of `shape` (of `dtype`)."""
    return function(*_ten.indices(shape, dtype=dtype), **kwargs)


class vectorize:
    """NumPy's vectorize: `pyfunc` applied elementwise with broadcasting.
    On NumPy arrays NumPy's, calling it per element; on traced values it is
    called once on the broadcast arrays (see the module's description).
    `otypes` casts the results; `excluded` arguments are passed as they
    are."""

    def __init__(self, pyfunc=np._NoValue, otypes=None, doc=None,
                 excluded=None, cache=False, signature=None):
        if pyfunc is np._NoValue:
            raise TypeError("ten.vectorize needs a function (its decorator "
                            "form with arguments is not supported)")
        self.pyfunc = pyfunc
        self.otypes = otypes
        self.excluded = set(excluded or ())
        self.signature = signature
        self._numpy = np.vectorize(pyfunc, otypes=otypes, doc=doc,
                                   excluded=excluded, cache=cache,
                                   signature=signature)
        self.__doc__ = pyfunc.__doc__ if doc is None else doc

    def __call__(self, *args, **kwargs):
        traced = [value for position, value in enumerate(args)
                  if position not in self.excluded and
                  isinstance(value, Tensor)]
        traced += [value for name, value in kwargs.items()
                   if name not in self.excluded and isinstance(value, Tensor)]
        if not traced:
            return self._numpy(*args, **kwargs)
        if self.signature is not None:
            raise NotImplementedError(
                "ten.vectorize with a signature on traced values is not "
                "supported: the core dimensions would need a call per loop "
                "element")
        operands = [value for position, value in enumerate(args)
                    if position not in self.excluded]
        shape = np.broadcast_shapes(*(tuple(value.shape) if isinstance(
            value, Tensor) else np.shape(value) for value in operands))
        arguments = [value if position in self.excluded
                     else _ten.broadcast_to(value, shape)
                     for position, value in enumerate(args)]
        try:
            result = self.pyfunc(*arguments, **kwargs)
        except TypeError as error:
            raise NotImplementedError(
                "ten.vectorize on traced values calls the function once on "
                "whole arrays, and this one does not run on them (" +
                str(error) + "); write it with ten's elementwise functions "
                "(ten.where for an if)") from error
        if self.otypes:
            types = self.otypes if isinstance(self.otypes, (list, tuple)) \
                else list(self.otypes)
            if isinstance(result, tuple):
                return tuple(_ten.astype(r, np.dtype(t))
                             for r, t in zip(result, types))
            return _ten.astype(result, np.dtype(types[0]))
        return result
