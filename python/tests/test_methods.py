"""ndarray methods and ten.copy on traced values against NumPy's: a copy
that in-place updates of either leave the other untouched, parts of
complex numbers, sizes in bytes, the matrix transpose, take, compress,
put and partition (in place, as NumPy's)."""

import copy as copy_module

import numpy as np
import pytest

import ten

from conftest import assert_matches


@pytest.fixture
def x():
    return np.random.default_rng(3).normal(size=(4, 5))


def _same(function, *args):
    want = function(*(np.array(a, copy=True) for a in args))
    got = ten.jit(function)(*args)
    if not isinstance(want, tuple):
        want, got = (want,), (got,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(np.asarray(g), w)


def test_copies_are_values(x):
    mask = x[:, 0] > 0

    def method(a):
        b = a.copy()
        b[mask] = 7.0
        b += 1
        return a, b

    def function(a):
        b = np.copy(a)
        a[:, 1] = 0.0
        return a, b

    def module_copy(a):
        b = copy_module.copy(a)
        c = copy_module.deepcopy(a)
        b *= 2
        return a, b, c

    _same(method, x)
    _same(function, x)
    _same(module_copy, x)
    np.testing.assert_array_equal(ten.copy(x), x)
    assert ten.copy(x) is not x


def test_parts_and_sizes(x):
    _same(lambda a: ((a + 1j * a).real, (a + 1j * a).imag,
                     (a + 1j * a).conj(), (a - 2j).conjugate(), a.real,
                     a.imag), x)
    _same(lambda a: (a.mT, a.reshape(2, 2, 5).mT), x)
    _same(lambda a: np.full(2, a.nbytes + a.astype(np.float16).itemsize), x)
    with pytest.raises(ValueError, match="ndim < 2"):
        ten.jit(lambda a: a[0].mT)(x)


def test_conj_method_and_unary_plus_keep_the_dtype():
    """ndarray.conj keeps a real array's dtype (the ufunc makes booleans
    int8); +x is x, and refuses booleans as NumPy's positive."""
    mask = np.array([True, False])
    for a in (mask, np.array([1, -2], np.int16)):
        _same(lambda t: (t.conj(), t.conjugate()), a)
    _same(lambda t: +t, np.array([-0.0, 1.5], np.float32))
    with pytest.raises(TypeError, match="ufunc 'positive'"):
        ten.jit(lambda t: +t)(mask)


def test_take_compress_put_partition(x):
    def method(a):
        b = a.copy()
        b.put([0, 3, -1], [9.0, 8.0])
        c = a.copy()
        c.partition(2, axis=1)
        return (b, a.take([1, -2], axis=1), a.take([[0, 5]]),
                a.compress([True, False, True], axis=1), c[:, 2],
                a.argpartition(1, axis=0)[1], a)

    _same(method, x)
    with pytest.raises(TypeError, match="out"):
        ten.jit(lambda a: a.take([0], out=a))(x)


def test_conversions(x):
    """ten.asarray, ten.array and ten.ascontiguousarray keep traced values
    traced (converted, copied, given leading dimensions as NumPy's would);
    NumPy's own asarray cannot take one and says why, rather than making an
    object array of its elements."""
    _same(lambda a: (ten.asarray(a), ten.asarray(a, np.float32),
                     ten.array(a, ndmin=3), ten.ascontiguousarray(a.T),
                     ten.asarray(a) + ten.asarray([1, 2, 3, 4, 5])), x)

    def copied(a):
        b = ten.array(a)
        b[0] = 1
        c = ten.asarray(a)
        c[1] = 2
        return a, b

    _same(copied, x)
    assert_matches(ten.asarray([1, 2]), np.asarray([1, 2]))
    with pytest.raises(TypeError, match="numpy.asarray and numpy.array "
                                        "cannot take a traced ten value"):
        ten.jit(lambda a: np.asarray(a) + 1)(x)


def test_choose_and_fill_methods():
    """ndarray.choose, and ndarray.fill in place (a copy's fill leaves the
    original as it was)."""
    @ten.jit
    def f(i, a):
        y = a.copy()
        y.fill(7.5)
        return (i.choose([a[0], a[1]]), y,
                i.choose([[1, 2, 3], [4, 5, 6]], mode="clip"), a)

    i = np.array([0, 1, 1])
    a = np.arange(6.0).reshape(2, 3)
    y = a.copy()
    y.fill(7.5)
    want = (i.choose([a[0], a[1]]), y, i.choose([[1, 2, 3], [4, 5, 6]],
                                                mode="clip"), a)
    for got, expected in zip(f(i, a), want):
        assert_matches(got, expected)
