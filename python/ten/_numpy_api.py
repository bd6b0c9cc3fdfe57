"""NumPy's own functions on traced values (NEP 13 and NEP 18): inside a
traced program, `np.exp(x)`, `np.sum(x, axis=1)`, `np.maximum(x, 0)` and
`x @ w` on a traced `x` call ten's function of the same name (numpy.linalg's
ten.linalg's, numpy.fft's ten.fft's), so NumPy code traces unchanged. A NumPy function or ufunc form that ten does not have
raises TypeError naming it."""

import numpy as np

from ._trace import Tensor

# The ufunc keywords ten's elementwise functions take on traced values too
# (`where` only with `out`, whose elements it keeps where it is False).
_LOOP_KEYWORDS = ("dtype", "casting", "order", "subok", "signature")


def _namespace():
    import ten

    return ten


def _refuse(what):
    raise TypeError(f"ten has no counterpart of {what} on traced values")


def _write_out(ufunc, results, outs, where, casting):
    """NumPy's `out=`: each result cast into its traced output (`casting`,
    same_kind unless told, checked as NumPy checks it), broadcast to its
    shape, and kept only where `where` is True; returns the outputs, the
    same objects, as NumPy returns them."""
    ten = _namespace()
    single = not isinstance(results, tuple)
    results = (results,) if single else results
    for result, out in zip(results, outs):
        if out is None:
            continue
        if not isinstance(out, Tensor):
            raise TypeError(
                f"numpy.{ufunc.__name__} with out= a NumPy array on traced "
                "values: the output must be a traced value too (ten.empty_"
                "like of one, say)")
        result_dtype = np.result_type(result)
        if not np.can_cast(result_dtype, out.dtype, casting=casting):
            raise TypeError(
                f"Cannot cast ufunc '{ufunc.__name__}' output from "
                f"{result_dtype!r} to {out.dtype!r} with casting rule "
                f"'{casting}'")
        shape = np.broadcast_shapes(np.shape(result), out.shape)
        if shape != tuple(out.shape):
            raise ValueError(
                f"non-broadcastable output operand with shape "
                f"{tuple(out.shape)} doesn't match the broadcast shape "
                f"{shape}")
        if where is not True:
            result = ten.where(where, result, out)
        out[...] = result
    outs = tuple(outs)
    return outs[0] if single else outs


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    ten = _namespace()
    name = ufunc.__name__
    function = getattr(ten, name, None)
    outs = kwargs.pop("out", None)
    where = kwargs.pop("where", True)
    if method == "__call__":
        if function is None:
            _refuse(f"numpy.{name}")
        if outs is None and where is not True:
            _refuse(f"numpy.{name} with where= and no out=")
        unsupported = [key for key in kwargs if key not in _LOOP_KEYWORDS]
        if unsupported:
            _refuse(f"numpy.{name} with {', '.join(unsupported)}=")
        results = function(*inputs, **kwargs)
        if outs is None:
            return results
        return _write_out(ufunc, results, outs, where,
                          kwargs.get("casting", "same_kind"))
    if method in ("reduce", "accumulate", "outer", "reduceat"):
        # ten's ufunc methods (ufunc.reduce reduces axis 0 unless told
        # otherwise; ufunc.accumulate scans it and never flattens).
        bound = getattr(function, method, None)
        if bound is None:
            _refuse(f"numpy.{name}.{method}")
        if where is not True:
            if method != "reduce":
                _refuse(f"numpy.{name}.{method} with where=")
            kwargs["where"] = where
        results = bound(*inputs, **kwargs)
        if outs is None:
            return results
        return _write_out(ufunc, results, outs, True, "unsafe")
    if method == "at":
        # ufunc.at updates its first operand, here the traced value.
        from ._scatter import ufunc_at

        at = ufunc_at(name)
        if at is not None and isinstance(inputs[0], Tensor):
            at(*inputs)
            return None
    _refuse(f"numpy.{name}.{method}")


# NumPy's functions of dtypes that ten shares: a traced value stands for
# its dtype (under NumPy 2's promotion, an array's value never matters).
_DTYPE_FUNCTIONS = (np.result_type, np.can_cast)


def _array_function(self, func, types, args, kwargs):
    ten = _namespace()
    if func in _DTYPE_FUNCTIONS:
        return func(*(arg.dtype if isinstance(arg, Tensor) else arg
                      for arg in args), **kwargs)
    # numpy.linalg's functions are ten.linalg's: numpy.linalg.trace is not
    # numpy.trace (it takes the last axes). numpy.fft's are ten.fft's.
    module = getattr(func, "__module__", None) or ""
    if module.startswith("numpy.linalg"):
        namespace, name = ten.linalg, f"numpy.linalg.{func.__name__}"
    elif module.startswith("numpy.fft"):
        namespace, name = ten.fft, f"numpy.fft.{func.__name__}"
    else:
        namespace, name = ten, f"numpy.{func.__name__}"
    function = getattr(namespace, func.__name__, None)
    # NumPy's own function under ten's name would only dispatch here again.
    if function is None or not callable(function) or function is func:
        _refuse(name)
    return function(*args, **kwargs)


def shape(a):
    """The shape of `a`, as NumPy's shape."""
    return a.shape if isinstance(a, Tensor) else np.shape(a)


def ndim(a):
    return a.ndim if isinstance(a, Tensor) else np.ndim(a)


def size(a, axis=None):
    """The number of elements of `a`, or along `axis` (an int or a tuple of
    them), as NumPy's size."""
    if not isinstance(a, Tensor):
        return np.size(a, axis)
    if axis is None:
        return a.size
    from ._ops import _normalize_axis

    axes = axis if isinstance(axis, tuple) else (axis,)
    count = 1
    for one in axes:
        count *= a.shape[_normalize_axis(one, a.ndim)]
    return count


Tensor.__array_ufunc__ = _array_ufunc
Tensor.__array_function__ = _array_function
