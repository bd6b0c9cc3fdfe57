"""NumPy's functions that apply a Python function (apply_along_axis,
apply_over_axes, fromfunction, vectorize), eagerly and traced, and the
small helpers beside them (bitwise_count, sort_complex, polydiv,
histogram_bin_edges, asarray_chkfinite, einsum_path, mask_indices and the
dtype questions) against NumPy."""

import numpy as np
import pytest

import ten

from conftest import assert_matches


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_apply_along_axis(axis):
    a = np.arange(24.0).reshape(2, 3, 4)
    for func in (np.sum, lambda v: v[:2] * 2, lambda v: np.outer(v, v)):
        want = np.apply_along_axis(func, axis, a)
        assert_matches(ten.apply_along_axis(func, axis, a), want)
        traced = ten.jit(lambda x: np.apply_along_axis(func, axis, x))
        assert_matches(traced(a), want)
    with pytest.raises(ValueError, match="iteration dimensions are 0"):
        ten.jit(lambda x: np.apply_along_axis(np.sum, 0, x))(
            np.ones((3, 0)))


def test_apply_over_axes():
    a = np.arange(24).reshape(2, 3, 4)
    for axes in ([0, 2], 1, [-1]):
        want = np.apply_over_axes(np.sum, a, axes)
        assert_matches(ten.apply_over_axes(np.sum, a, axes), want)
        assert_matches(ten.jit(lambda x: np.apply_over_axes(np.sum, x,
                                                            axes))(a), want)
    with pytest.raises(ValueError, match="correct shape"):
        ten.apply_over_axes(lambda x, axis: x.ravel(), a, [0])


def test_fromfunction():
    for dtype in (int, float):
        assert_matches(ten.fromfunction(lambda i, j: i * 10 + j, (3, 4),
                                        dtype=dtype),
                       np.fromfunction(lambda i, j: i * 10 + j, (3, 4),
                                       dtype=dtype))


def test_vectorize():
    add = ten.vectorize(lambda x, y: x * y + 1)
    x = np.arange(6).reshape(2, 3)
    assert_matches(add(x, 2), np.vectorize(lambda x, y: x * y + 1)(x, 2))
    assert_matches(ten.jit(lambda a: add(a, np.arange(3)))(x),
                   x * np.arange(3) + 1)
    typed = ten.vectorize(lambda x: x / 2, otypes=[np.float32])
    assert_matches(ten.jit(lambda a: typed(a))(x), (x / 2).astype(np.float32))
    branchy = ten.vectorize(lambda x: x if x > 0 else 0.0)
    assert_matches(branchy(np.arange(-2.0, 3)),
                   np.vectorize(lambda x: x if x > 0 else 0.0)(
                       np.arange(-2.0, 3)))
    with pytest.raises(NotImplementedError, match="ten.where for an if"):
        ten.jit(lambda a: branchy(a))(np.arange(-2.0, 3))


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64,
                                   np.uint8, np.uint16, np.uint32, np.uint64,
                                   np.bool_])
def test_bitwise_count(dtype):
    info = np.iinfo(dtype) if dtype != np.bool_ else None
    if info is None:
        x = np.array([True, False])
    else:
        x = np.array([info.min, info.max, 0, 1, 5, info.max // 3],
                     dtype=dtype)
        if info.min < 0:
            x = np.concatenate([x, np.array([-1, -2, -7], dtype)])
    assert_matches(ten.bitwise_count(x), np.bitwise_count(x))
    assert_matches(ten.jit(np.bitwise_count)(x), np.bitwise_count(x))
    with pytest.raises(TypeError, match="bitwise_count"):
        ten.bitwise_count(np.ones(2))


def test_sort_complex():
    for a in (np.array([3, 1, 2], np.float32), np.array([3, 1, 2], np.int16),
              np.array([3, -1], np.int64),
              np.array([[1 + 2j, 1 - 1j, 0 + 5j], [3, 2, 1j]])):
        assert_matches(ten.sort_complex(a), np.sort_complex(a))


def test_polydiv():
    for u, v in (([1, 2, 3], [1, 1]), ([1.0, 0, 0, 0], [1, 0, 0]),
                 ([3.0], [1, 2]), ([2, 4, 6], [2])):
        for got, want in zip(ten.polydiv(u, v), np.polydiv(u, v)):
            assert_matches(got, want)
    with pytest.raises(NotImplementedError, match="traced"):
        ten.jit(lambda a: ten.polydiv(a, np.ones(2)))(np.ones(3))


def test_histogram_bin_edges():
    a = np.array([1.0, 2, 3, 10])
    for bins in (3, [0, 5, 10]):
        assert_matches(ten.histogram_bin_edges(a, bins),
                       np.histogram_bin_edges(a, bins))
    assert_matches(ten.histogram_bin_edges(a, 4, range=(0, 8)),
                   np.histogram_bin_edges(a, 4, range=(0, 8)))
    assert_matches(ten.histogram_bin_edges(a, "auto"),
                   np.histogram_bin_edges(a, "auto"))
    with pytest.raises(NotImplementedError, match="estimator"):
        ten.jit(lambda x: ten.histogram_bin_edges(x, "auto"))(a)


def test_helpers():
    with pytest.raises(ValueError, match="must not contain infs or NaNs"):
        ten.asarray_chkfinite([1.0, np.inf])
    assert_matches(ten.asarray_chkfinite([1, 2]), np.asarray([1, 2]))
    operands = (np.ones((2, 3)), np.ones((3, 4)), np.ones((4, 5)))
    assert ten.einsum_path("ij,jk,kl->il", *operands) == \
        np.einsum_path("ij,jk,kl->il", *operands)
    for got, want in zip(ten.mask_indices(4, np.triu, 1),
                         np.mask_indices(4, np.triu, 1)):
        np.testing.assert_array_equal(got, want)
    assert ten.common_type(np.arange(3), np.ones(2, np.float32)) == \
        np.common_type(np.arange(3), np.ones(2, np.float32))
    assert ten.mintypecode(["d", "f"]) == np.mintypecode(["d", "f"])
    assert ten.min_scalar_type(300) == np.min_scalar_type(300)
    assert ten.iterable([1]) and not ten.iterable(3)
