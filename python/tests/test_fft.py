"""ten.fft against numpy.fft: every transform, NumPy 2's dtypes (float32,
float16 and complex64 in single precision, the rest in double), lengths
that are powers of two and others (primes, long ones), n cropping and
padding, every norm, any axis, the multidimensional transforms with s and
axes, NumPy's errors, and the same results traced (numpy.fft inside
ten.jit)."""

import numpy as np
import pytest

import ten

from conftest import assert_matches

RNG = np.random.default_rng(2031)


def make(shape, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        x = RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    elif dtype.kind == "b":
        x = RNG.integers(0, 2, shape)
    elif dtype.kind in "iu":
        x = RNG.integers(-5, 6, shape)
    else:
        x = RNG.standard_normal(shape)
    return x.astype(dtype)


def close(got, want, dtype=None):
    single = np.dtype(want.dtype) in (np.complex64, np.float32, np.float16)
    tolerance = 2e-3 if single else 1e-9
    assert_matches(got, want, rtol=tolerance, atol=tolerance)


@pytest.mark.parametrize("dtype", [np.float64, np.complex128, np.float32,
                                   np.complex64, np.int64, np.bool_,
                                   np.float16])
@pytest.mark.parametrize("length", [1, 8, 12, 17, 35, 143])
def test_complex_transforms(dtype, length):
    x = make((3, length), dtype)
    close(ten.fft.fft(x), np.fft.fft(x))
    close(ten.fft.ifft(x), np.fft.ifft(x))


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64,
                                   np.float16])
@pytest.mark.parametrize("length", [1, 2, 9, 14, 16])
def test_real_transforms(dtype, length):
    x = make((2, length), dtype)
    close(ten.fft.rfft(x), np.fft.rfft(x))
    spectrum = np.fft.rfft(x)
    close(ten.fft.irfft(spectrum, length), np.fft.irfft(spectrum, length))
    close(ten.fft.ihfft(x), np.fft.ihfft(x))
    close(ten.fft.hfft(spectrum, length), np.fft.hfft(spectrum, length))


@pytest.mark.parametrize("norm", [None, "backward", "ortho", "forward"])
def test_norms_lengths_and_axes(norm):
    x = make((4, 6, 5), np.complex128)
    for n, axis in [(None, 0), (8, 1), (3, -1), (11, 2)]:
        close(ten.fft.fft(x, n, axis, norm), np.fft.fft(x, n, axis, norm))
        close(ten.fft.ifft(x, n, axis, norm), np.fft.ifft(x, n, axis, norm))
    r = make((5, 7), np.float64)
    close(ten.fft.rfft(r, 10, 0, norm), np.fft.rfft(r, 10, 0, norm))
    close(ten.fft.irfft(x, 7, 1, norm), np.fft.irfft(x, 7, 1, norm))
    close(ten.fft.irfft(x, None, 1, norm), np.fft.irfft(x, None, 1, norm))
    close(ten.fft.hfft(x, None, 2, norm), np.fft.hfft(x, None, 2, norm))


def test_long_lines():
    # A prime (Bluestein's convolution of 2048) and a power of two.
    x = make((1009,), np.complex128)
    close(ten.fft.fft(x), np.fft.fft(x))
    y = make((2, 4096), np.float32)
    close(ten.fft.rfft(y), np.fft.rfft(y))
    # A round trip stays at the input to rounding.
    np.testing.assert_allclose(ten.fft.ifft(ten.fft.fft(x)), x, atol=1e-12)


def test_multidimensional():
    x = make((3, 4, 6), np.float64)
    close(ten.fft.fftn(x), np.fft.fftn(x))
    close(ten.fft.ifftn(x), np.fft.ifftn(x))
    close(ten.fft.fft2(x), np.fft.fft2(x))
    close(ten.fft.ifft2(x, s=(5, 3)), np.fft.ifft2(x, s=(5, 3)))
    close(ten.fft.fftn(x, s=(2, 8), axes=(0, 2)),
          np.fft.fftn(x, s=(2, 8), axes=(0, 2)))
    close(ten.fft.rfftn(x), np.fft.rfftn(x))
    close(ten.fft.rfft2(x), np.fft.rfft2(x))
    spectrum = np.fft.rfftn(x)
    close(ten.fft.irfftn(spectrum, s=x.shape, axes=(0, 1, 2)),
          np.fft.irfftn(spectrum, s=x.shape, axes=(0, 1, 2)))
    close(ten.fft.irfft2(spectrum), np.fft.irfft2(spectrum))
    close(ten.fft.rfftn(x, axes=(0, 1)), np.fft.rfftn(x, axes=(0, 1)))


def test_helpers():
    for n, d in [(1, 1.0), (8, 0.1), (9, 2.0)]:
        assert_matches(ten.fft.fftfreq(n, d), np.fft.fftfreq(n, d))
        assert_matches(ten.fft.rfftfreq(n, d), np.fft.rfftfreq(n, d))
    x = np.arange(20).reshape(4, 5)
    for axes in (None, 0, (1,), (0, 1)):
        assert_matches(ten.fft.fftshift(x, axes), np.fft.fftshift(x, axes))
        assert_matches(ten.fft.ifftshift(x, axes), np.fft.ifftshift(x, axes))


def test_traced():
    x = make((4, 10), np.float64)

    @ten.jit
    def smooth(a):
        spectrum = np.fft.rfft(a, axis=-1)
        keep = np.arange(spectrum.shape[-1]) < 3
        return np.fft.irfft(spectrum * keep, n=a.shape[-1], axis=-1)

    spectrum = np.fft.rfft(x, axis=-1)
    want = np.fft.irfft(spectrum * (np.arange(6) < 3), n=10, axis=-1)
    close(smooth(x), want)
    shifted = ten.jit(lambda a: np.fft.fftshift(np.abs(np.fft.fft2(a))))(x)
    close(shifted, np.fft.fftshift(np.abs(np.fft.fft2(x))))


def test_out():
    x = make((6,), np.complex128)
    out = np.empty(6, np.complex128)
    assert ten.fft.fft(x, out=out) is out
    close(out, np.fft.fft(x))


def test_errors():
    x = np.ones(4)
    with pytest.raises(ValueError, match=r"Invalid number of FFT data points \(0\)"):
        ten.fft.fft(x, n=0)
    with pytest.raises(ValueError, match=r"Invalid number of FFT data points \(0\)"):
        ten.fft.irfft(np.ones(1))
    with pytest.raises(ValueError, match="Invalid norm value x"):
        ten.fft.fft(x, norm="x")
    with pytest.raises(IndexError):
        ten.fft.fft(x, axis=1)
    with pytest.raises(TypeError, match="rfft takes real numbers"):
        ten.fft.rfft(x + 1j)
    with pytest.raises(ValueError, match="Shape and axes have different"):
        ten.fft.fftn(np.ones((2, 2)), s=(2,), axes=(0, 1))


@pytest.mark.parametrize("norm", [None, "ortho", "forward"])
def test_float16_scale_is_rounded_to_float16(norm):
    """NumPy computes the normalization (1/n, 1/sqrt(n)) in the input's real
    type: float16's is rounded to float16 before the float32 transform."""
    x = np.random.default_rng(0).normal(size=(4, 6)).astype(np.float16)
    for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        want = getattr(np.fft, name)(x, norm=norm)
        got = getattr(ten.fft, name)(x, norm=norm)
        assert got.dtype == want.dtype
        tol = 1e-3 if want.dtype == np.float16 else 2e-6
        np.testing.assert_allclose(got, want, rtol=tol, atol=tol)
