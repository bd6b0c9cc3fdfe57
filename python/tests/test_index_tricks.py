"""NumPy's index tricks and constants in the ten namespace: r_ and c_ on
NumPy arrays and on traced values, mgrid, ogrid, s_, newaxis, pi, ..."""

import numpy as np
import pytest

import ten

from conftest import assert_matches


def test_constants_are_numpy_constants():
    assert ten.pi == np.pi and ten.e == np.e
    assert ten.euler_gamma == np.euler_gamma
    assert ten.inf == np.inf and np.isnan(ten.nan)
    assert ten.newaxis is None
    assert isinstance(ten.zeros(3), ten.ndarray)


CONCATENATIONS = [
    lambda m, x, y: m.r_[x, 0, 1:4],
    lambda m, x, y: m.r_[x, 2.5, 0:1:3j],
    lambda m, x, y: m.r_[-1:1:5j, x],
    lambda m, x, y: m.c_[x, x],
    lambda m, x, y: m.c_[y.T, y.T[:, :1]],
    lambda m, x, y: m.c_[y.T, 0:3],
    lambda m, x, y: m.r_["0,2", x, x],
    lambda m, x, y: m.r_["-1,2,0", x, x],
    lambda m, x, y: m.r_["1,3,1", x],
    lambda m, x, y: m.r_["0,3,-2", x, y],
    lambda m, x, y: m.r_["1", y, y],
    lambda m, x, y: m.r_[x, np.int64(7)],
    lambda m, x, y: m.r_[x, y[0].astype(np.float64)],
]


@pytest.mark.parametrize("case", range(len(CONCATENATIONS)))
def test_r_and_c_on_traced_values(case):
    """A traced piece concatenates in a compiled program, with NumPy's
    shapes and dtypes (scalars weak, a float64 array not)."""
    concatenate = CONCATENATIONS[case]
    x = np.arange(3, dtype=np.float32) + 1
    y = np.ones((2, 3), np.float32)
    want = concatenate(np, x, y)
    assert_matches(ten.jit(lambda x, y: concatenate(ten, x, y))(x, y), want)
    # Eager: NumPy's own result.
    assert_matches(concatenate(ten, x, y), want)


def test_r_directives_refused_as_numpy_refuses():
    x = np.arange(3.0)
    traced = ten.jit(lambda x: ten.r_[x, "0"])
    with pytest.raises(ValueError, match="first entry"):
        traced(x)
    with pytest.raises(ValueError, match="directive"):
        ten.jit(lambda x: ten.r_["a,b", x])(x)
    # numpy.matrix, which ten has no counterpart of.
    with pytest.raises(TypeError, match="matrix"):
        ten.jit(lambda x: ten.r_["r", x])(x)
    with pytest.warns(PendingDeprecationWarning):
        assert type(ten.r_["r", x]) is np.matrix


def test_grids_and_index_expressions():
    assert_matches(ten.mgrid[0:3, 0:2], np.mgrid[0:3, 0:2])
    assert all(np.array_equal(a, b)
               for a, b in zip(ten.ogrid[0:1:4j, 0:3], np.ogrid[0:1:4j, 0:3]))
    assert ten.s_[1:3, ::2] == np.s_[1:3, ::2]
    assert ten.index_exp[2] == (2,)
    assert list(ten.ndindex(2, 2)) == [(0, 0), (0, 1), (1, 0), (1, 1)]

    @ten.jit
    def sliced(x):
        return x[ten.s_[1:, ten.newaxis]] * ten.pi

    x = np.arange(4.0)
    assert_matches(sliced(x), x[1:, None] * np.pi)


def test_numpy_facilities_refuse_traced_values_by_name(tmp_path):
    """ten.save, ten.array2string: NumPy's, for ten's results (NumPy
    arrays); on a traced value a TypeError names the NumPy function."""
    x = ten.arange(4.0)
    ten.save(tmp_path / "x.npy", x)
    assert_matches(ten.load(tmp_path / "x.npy"), np.arange(4.0))
    assert ten.array2string(x) == np.array2string(np.arange(4.0))
    with ten.errstate(divide="ignore"):
        assert ten.geterr()["divide"] == "ignore"

    @ten.jit
    def printed(x):
        return ten.array2string(x)

    with pytest.raises(TypeError, match="numpy.array2string"):
        printed(x)
