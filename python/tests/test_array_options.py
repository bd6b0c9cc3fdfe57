"""NumPy 2's keywords of layout and placement (order, device, like, subok,
copy) on creation, conversion and broadcasting functions, and the
arguments NumPy's functions take by other names (angle's deg, size's axis,
var's where and mean)."""

import numpy as np
import pytest

import ten

from conftest import assert_matches

FORTRAN = np.asfortranarray(np.arange(6.0).reshape(2, 3))

CREATIONS = [
    lambda m: m.zeros((2, 3), order="F"),
    lambda m: m.zeros((2, 3), np.int32, "F"),
    lambda m: m.ones((2, 3), order="f"),
    lambda m: m.full((2, 3), 7, order="F"),
    lambda m: m.zeros_like(FORTRAN),
    lambda m: m.zeros_like(FORTRAN, order="C"),
    lambda m: m.ones_like(FORTRAN, order="A", dtype=np.int8),
    lambda m: m.full_like(np.ones((2, 3)), 2.5, order="F"),
    lambda m: m.eye(3, order="F", device="cpu"),
    lambda m: m.identity(2, np.int32, like=np.ones(1)),
    lambda m: m.tri(3, like=np.ones(2)),
    lambda m: m.arange(3, device="cpu", like=None),
    lambda m: m.linspace(0, 1, 3, device="cpu"),
]


@pytest.mark.parametrize("case", range(len(CREATIONS)))
def test_creation_orders_and_devices(case):
    """NumPy's values and dtypes, and its memory order: Fortran where asked
    or, for *_like, where the prototype has it ("K", "A")."""
    make = CREATIONS[case]
    want, got = make(np), make(ten)
    assert_matches(got, want)
    assert got.flags.f_contiguous == want.flags.f_contiguous
    assert got.flags.c_contiguous == want.flags.c_contiguous


@pytest.mark.parametrize("make, error, message", [
    (lambda m: m.zeros(3, order="K"), ValueError, "only 'C' or 'F'"),
    (lambda m: m.zeros(3, order="X"), ValueError, "order must be one of"),
    (lambda m: m.ones_like(FORTRAN, order="X"), ValueError,
     "order must be one of"),
    (lambda m: m.zeros(3, device="gpu"), ValueError, 'Only "cpu"'),
    (lambda m: m.arange(3, device="cuda"), ValueError, 'Only "cpu"'),
    (lambda m: m.astype(np.ones(2), np.int32, device="gpu"), ValueError,
     'Only "cpu"'),
    (lambda m: m.zeros(3, like=[1]), TypeError, "__array_function__"),
])
def test_layout_keyword_errors(make, error, message):
    with pytest.raises(error):
        make(np)
    with pytest.raises(error, match=message):
        make(ten)


def test_traced_values_have_no_layout():
    @ten.jit
    def f(x):
        return ten.zeros((2, 3), order="F") + x, ten.ones_like(x, order="F")

    x = np.ones((2, 3))
    got = f(x)
    assert_matches(got[0], x)
    assert_matches(got[1], np.ones((2, 3)))


def test_astype_copy_and_casting():
    f = np.array([1.5, -2.0], np.float32)
    assert ten.astype(f, np.float32, copy=False) is f
    assert_matches(ten.astype(f, np.int32), f.astype(np.int32))
    traced = ten.jit(lambda x: (x.astype(dtype=np.float64),
                                x.astype(np.int32, casting="unsafe")))
    got = traced(f)
    assert_matches(got[0], f.astype(np.float64))
    assert_matches(got[1], f.astype(np.int32))
    with pytest.raises(TypeError, match="according to the rule 'safe'"):
        ten.jit(lambda x: x.astype(np.int32, casting="safe"))(f)


def test_subok_is_accepted():
    f = np.array([1.0, 2.0])
    assert_matches(ten.broadcast_to(f, (3, 2), subok=True),
                   np.broadcast_to(f, (3, 2)))
    got = ten.broadcast_arrays(f, np.ones((2, 1)), subok=True)
    for g, w in zip(got, np.broadcast_arrays(f, np.ones((2, 1)))):
        assert_matches(g, w)


def test_angle_degrees_real_imag_and_size():
    z = np.array([1 + 1j, -1, 2j, 0])
    f = np.array([1.0, -2.0], np.float32)
    assert_matches(ten.angle(z, deg=True), np.angle(z, deg=True))
    assert_matches(ten.angle(z=f, deg=True), np.angle(f, deg=True))
    assert_matches(ten.real(val=z), np.real(z))
    assert_matches(ten.imag(val=f), np.imag(f))
    # Python numbers' own parts, as NumPy's (a Python int, float or bool),
    # and a 0-d array's parts 0-d arrays.
    for number in (5, 2.5, 1 + 2j, True):
        for name in ("real", "imag", "isreal"):
            got, want = getattr(ten, name)(number), getattr(np, name)(number)
            assert type(got) is type(want) and got == want, (name, number)
    assert ten.real(val=True) == 1 and type(ten.real(val=True)) is int
    zero_d = np.array(1 + 2j, np.complex64)
    assert_matches(ten.real(zero_d), np.real(zero_d))
    assert_matches(ten.imag(zero_d), np.imag(zero_d))
    assert type(ten.real(zero_d)) is np.ndarray
    assert type(ten.real(np.float32(2))) is np.float32
    a = np.ones((2, 3, 4))
    assert ten.size(a, 1) == 3 and ten.size(a, axis=-1) == 4
    assert ten.size(a, (0, 2)) == np.size(a, (0, 2))

    @ten.jit
    def f_traced(x):
        assert ten.size(x, 1) == 3 and ten.size(x) == 24
        with pytest.raises(np.exceptions.AxisError):
            ten.size(x, 3)
        return ten.angle(x, deg=True)

    assert_matches(f_traced(a), np.angle(a, deg=True))


RNG = np.random.default_rng(0)
X = RNG.normal(size=(3, 4))
XN = X.copy()
XN[0, 1] = np.nan
VARIANCES = [
    lambda m: m.var(X, where=X > 0),
    lambda m: m.var(X, axis=1, where=X > 0),
    lambda m: m.std(X, axis=0, where=X > 0, ddof=1),
    lambda m: m.var(np.arange(12).reshape(3, 4), axis=1,
                    where=np.arange(12).reshape(3, 4) % 2 == 0),
    lambda m: m.var(X + 1j * X[::-1], axis=0, where=X > 0),
    lambda m: m.var(X, axis=1, where=[True, False, True, True], keepdims=True),
    lambda m: m.var(X, axis=1, mean=m.mean(X, axis=1, keepdims=True)),
    lambda m: m.std(X, mean=m.mean(X, keepdims=True), ddof=1),
    lambda m: m.var(X.astype(np.float32), axis=0,
                    mean=np.zeros((1, 4), np.float32)),
    lambda m: m.var(X, axis=1, where=X > 0, mean=np.ones((3, 1))),
    lambda m: m.var(X.astype(np.float32), where=X > 0, dtype=np.float64),
    lambda m: m.nanvar(XN, axis=1, mean=np.ones((3, 1))),
    lambda m: m.nanstd(XN, axis=0, mean=m.nanmean(XN, axis=0, keepdims=True),
                       ddof=1),
    lambda m: m.nanvar(np.arange(12).reshape(3, 4), axis=1,
                       mean=np.ones((3, 1))),
]


@pytest.mark.parametrize("case", range(len(VARIANCES)))
def test_variance_where_and_mean(case):
    """NumPy's `where` (the elements counted) and NumPy 2's `mean` (given
    instead of computed) of var, std, nanvar and nanstd."""
    variance = VARIANCES[case]
    assert_matches(variance(ten), variance(np))


def test_variance_where_selecting_nothing():
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        want = np.var(X, axis=1, where=np.zeros((3, 4), bool))
    assert_matches(ten.var(X, axis=1, where=np.zeros((3, 4), bool)), want)
