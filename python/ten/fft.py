"""ten.fft: numpy.fft's names, eager on arrays and traced under ten.jit.

Each one-dimensional transform is the dialect's `ten.fft` (unnormalized,
along one axis), with NumPy's `n` (the input cropped or zero-padded along
the axis first) and `norm` (a scale after it: "backward", the default,
divides the inverse by n; "ortho" both by sqrt(n); "forward" the forward
one by n). The dtypes are NumPy 2's: float32, float16 and complex64 give
complex64 (float16's inverse real transform float16), every other input
complex128 (float64 for the real inverse), computed in that precision. The
multidimensional transforms apply the one-dimensional ones axis by axis, as
NumPy's do; fftfreq, rfftfreq, fftshift and ifftshift are NumPy's helpers.
"""

import operator

import numpy as np

import ten as _ten

from ._jit import eager
from ._ops import _as_tensor, _graph_of
from .linalg import _dtype_of
from ._trace import Tensor

__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2",
           "fftn", "ifftn", "rfft2", "irfft2", "rfftn", "irfftn", "fftfreq",
           "rfftfreq", "fftshift", "ifftshift"]

_NORMS = (None, "backward", "ortho", "forward")
_SINGLE = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.complex64))


def _complex_dtype(dtype):
    """The complex dtype NumPy 2 transforms `dtype` in."""
    return np.dtype(np.complex64 if dtype in _SINGLE else np.complex128)


def _check_norm(norm):
    if norm not in _NORMS:
        raise ValueError(f"Invalid norm value {norm}; should be \"backward\","
                         "\"ortho\" or \"forward\".")


def _scale(norm, n, inverse, dtype):
    """The factor NumPy's `norm` applies after an unnormalized transform
    of length n, or None; computed as NumPy computes it, in the real float
    type of the input's `dtype` (float16's rounded to float16)."""
    real = np.result_type(np.empty(0, dtype).real.dtype, 1.0)
    with np.errstate(all="ignore"):
        if norm == "ortho":
            return np.reciprocal(np.sqrt(real.type(n)))
        if (norm in (None, "backward")) == inverse:
            return np.reciprocal(real.type(n))
    return None


def _axis(a, axis):
    ndim = len(a.shape) if isinstance(a, Tensor) else np.ndim(a)
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        # NumPy's error for an axis beyond the array's.
        raise IndexError("tuple index out of range")
    return axis % ndim


def _length(n, default):
    n = default if n is None else operator.index(n)
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    return n


def _resized(x, n, axis):
    """`x` cropped or zero-padded to n elements along `axis`."""
    size = x.shape[axis]
    if size == n:
        return x
    if size > n:
        index = [slice(None)] * len(x.shape)
        index[axis] = slice(0, n)
        return x[tuple(index)]
    widths = [(0, 0)] * len(x.shape)
    widths[axis] = (0, n - size)
    return _ten.pad(x, widths)


def _scaled(x, factor):
    if factor is None:
        return x
    real = np.float32 if x.dtype in (np.complex64, np.float32) \
        else np.float64
    return _ten.multiply(x, real(factor))


@eager
def _transform(a, kind, n, axis, norm, result):
    """One transform along `axis` of n elements (the result's, for
    real_inverse), scaled by `norm`, as `result`."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    dtype = np.dtype(a.dtype)
    compute = _complex_dtype(dtype)
    if kind == "real_forward":
        a = _ten.astype(a, np.float32 if compute == np.complex64
                        else np.float64)
        a = _resized(a, n, axis)
    elif kind == "real_inverse":
        a = _resized(_ten.astype(a, compute), n // 2 + 1, axis)
    else:
        a = _resized(_ten.astype(a, compute), n, axis)
    x = graph.apply("fft", kind, a.value, axis,
                    n if kind == "real_inverse" else -1)
    inverse = kind in ("inverse", "real_inverse")
    return _ten.astype(_scaled(x, _scale(norm, n, inverse, dtype)), result)


def _one(a, n, axis, norm, kind):
    _check_norm(norm)
    if not isinstance(a, Tensor):
        a = np.asarray(a)
        if a.dtype.kind not in "biufc":
            raise TypeError(f"ten.fft: arrays of {a.dtype} have no Fourier "
                            "transform")
    dtype = _dtype_of(a)
    if kind == "real_forward" and dtype.kind == "c":
        raise TypeError("ten.fft.rfft takes real numbers, not "
                        f"{dtype}: use ten.fft.fft")
    axis = _axis(a, axis)
    size = a.shape[axis]
    default = 2 * (size - 1) if kind == "real_inverse" else size
    n = _length(n, default)
    complex_dtype = _complex_dtype(dtype)
    if kind == "real_inverse":
        result = np.dtype(np.float16) if dtype == np.float16 else \
            np.dtype(np.float32 if complex_dtype == np.complex64
                     else np.float64)
    else:
        result = complex_dtype
    return _transform(a, kind=kind, n=n, axis=axis, norm=norm, result=result)


def fft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.fft: the discrete Fourier transform along `axis`."""
    return _store(_one(a, n, axis, norm, "forward"), out)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.ifft: the inverse discrete Fourier transform."""
    return _store(_one(a, n, axis, norm, "inverse"), out)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.rfft: the n // 2 + 1 first elements of a real input's
    transform."""
    return _store(_one(a, n, axis, norm, "real_forward"), out)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.irfft: the n reals (by default 2 (m - 1)) whose rfft
    begins with `a`."""
    return _store(_one(a, n, axis, norm, "real_inverse"), out)


def _swapped(norm):
    _check_norm(norm)
    return {None: "forward", "backward": "forward", "ortho": "ortho",
            "forward": "backward"}[norm]


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.hfft: the real transform of a Hermitian-symmetric signal
    given by its first half: irfft of its conjugate, normalized the other
    way."""
    return _store(irfft(_ten.conjugate(a), n, axis, _swapped(norm)), out)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """numpy.fft.ihfft: the inverse of hfft, conj(rfft) normalized the other
    way."""
    return _store(_ten.conjugate(rfft(a, n, axis, _swapped(norm))), out)


def _store(result, out):
    if out is None:
        return result
    if isinstance(result, Tensor):
        raise TypeError("ten.fft takes no 'out' on traced values: assign "
                        "its result instead")
    out[...] = result
    return out


def _shape_and_axes(a, s, axes):
    """NumPy's lengths and axes of a multidimensional transform."""
    ndim = len(a.shape) if isinstance(a, Tensor) else np.ndim(a)
    if axes is None:
        axes = list(range(ndim)) if s is None else \
            list(range(ndim - len(s), ndim))
    else:
        axes = [_axis(a, axis) for axis in axes]
    if s is None:
        s = [None] * len(axes)
    elif len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    return list(s), axes


def _many(a, s, axes, norm, function):
    if not isinstance(a, Tensor):
        a = np.asarray(a)
    s, axes = _shape_and_axes(a, s, axes)
    for n, axis in reversed(list(zip(s, axes))):
        a = function(a, n=n, axis=axis, norm=norm)
    return a


def fftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.fftn: the transform along every axis of `axes` (by default
    every axis, or the last len(s))."""
    return _store(_many(a, s, axes, norm, fft), out)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.ifftn: the inverse transform along `axes`."""
    return _store(_many(a, s, axes, norm, ifft), out)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.fft2: fftn over the last two axes."""
    return fftn(a, s, axes, norm, out)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.ifft2: ifftn over the last two axes."""
    return ifftn(a, s, axes, norm, out)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.rfftn: rfft along the last of `axes`, then fft along the
    others."""
    if not isinstance(a, Tensor):
        a = np.asarray(a)
    s, axes = _shape_and_axes(a, s, axes)
    a = rfft(a, s[-1], axes[-1], norm)
    for n, axis in reversed(list(zip(s[:-1], axes[:-1]))):
        a = fft(a, n=n, axis=axis, norm=norm)
    return _store(a, out)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """numpy.fft.irfftn: ifft along all but the last of `axes`, then irfft
    along it (of s[-1] reals, by default 2 (m - 1))."""
    if not isinstance(a, Tensor):
        a = np.asarray(a)
    s, axes = _shape_and_axes(a, s, axes)
    for n, axis in reversed(list(zip(s[:-1], axes[:-1]))):
        a = ifft(a, n=n, axis=axis, norm=norm)
    return _store(irfft(a, s[-1], axes[-1], norm), out)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.rfft2: rfftn over the last two axes."""
    return rfftn(a, s, axes, norm, out)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """numpy.fft.irfft2: irfftn over the last two axes."""
    return irfftn(a, s, axes, norm, out)


def _frequencies(counts, n, d):
    """counts / (n d): an array, or traced where the spacing d is."""
    if isinstance(d, Tensor):
        return _ten.divide(counts.astype(np.float64) / n, d)
    return counts * (1.0 / (n * d))


def fftfreq(n, d=1.0, device=None):
    """numpy.fft.fftfreq: the sample frequencies of an n-point transform,
    the non-negative ones first."""
    n = operator.index(n)
    counts = np.concatenate([np.arange((n - 1) // 2 + 1),
                             np.arange(-(n // 2), 0)])
    return _frequencies(counts, n, d)


def rfftfreq(n, d=1.0, device=None):
    """numpy.fft.rfftfreq: the frequencies of rfft's n // 2 + 1 outputs."""
    n = operator.index(n)
    return _frequencies(np.arange(n // 2 + 1), n, d)


def _shift(x, axes, sign):
    ndim = len(x.shape) if isinstance(x, Tensor) else np.ndim(x)
    if axes is None:
        axes = tuple(range(ndim))
    elif isinstance(axes, (int, np.integer)):
        axes = (operator.index(axes),)
    shape = x.shape
    shifts = [sign * (shape[axis] // 2) for axis in axes]
    return _ten.roll(x, shifts, axes)


def fftshift(x, axes=None):
    """numpy.fft.fftshift: the zero frequency moved to the middle."""
    return _shift(x, axes, 1)


def ifftshift(x, axes=None):
    """numpy.fft.ifftshift: fftshift undone."""
    return _shift(x, axes, -1)
