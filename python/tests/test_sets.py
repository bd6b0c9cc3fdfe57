"""NumPy's set routines and the array API's unique_* functions against
NumPy, on arrays and in traced programs."""

import numpy as np
import pytest

import ten

from conftest import assert_matches, assert_parts_match

A = np.array([3, 1, 2, 3, 5, 1, 9])
B = np.array([[5, 3], [3, 7]])
F1 = np.array([1.0, np.nan, 2.0, -0.0, 4.0, np.nan])
F2 = np.array([np.nan, 2.0, 0.0, 8.0])


def assert_all_match(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)


@pytest.mark.parametrize("name", ["union1d", "intersect1d", "setdiff1d",
                                  "setxor1d"])
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64, np.bool_])
def test_set_routines(name, dtype):
    a, b = A.astype(dtype), B.astype(dtype)
    assert_matches(getattr(ten, name)(a, b), getattr(np, name)(a, b))
    assert_matches(getattr(ten, name)(b, a), getattr(np, name)(b, a))


@pytest.mark.parametrize("name", ["union1d", "intersect1d", "setdiff1d",
                                  "setxor1d"])
def test_set_routines_nan(name):
    # union1d keeps one NaN; intersect1d never finds NaN in the other
    # array; setdiff1d keeps NaN; setxor1d keeps one of each array's; -0.0
    # equals 0.0.
    assert_matches(getattr(ten, name)(F1, F2), getattr(np, name)(F1, F2))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_setxor1d_of_floats(dtype):
    nan = np.array([np.nan])
    cases = [(F1, F2), (F2, F1), (F1, F1[:3]), (F1[2:], F2), (nan, nan),
             (np.zeros(0), F2), (np.zeros(0), np.zeros(0)),
             (np.array([1.0, 2.0]), np.array([2.0, 3.0, np.inf]))]
    if dtype != np.float64:
        cases = cases[:2]  # the narrower floats: the cases with NaN
    for a, b in cases:
        a, b = a.astype(dtype), b.astype(dtype)
        assert_matches(ten.setxor1d(a, b), np.setxor1d(a, b))
        assert_matches(ten.jit(np.setxor1d)(a, b), np.setxor1d(a, b))


def test_setxor1d_of_complex():
    """NumPy's algorithm: each array's distinct values (one NaN each),
    sorted lexicographically with NaN parts last, those unlike both
    neighbours; eagerly and traced (unique's length known at run time)."""
    c = np.array([1 + 1j, complex(np.nan, 0), 1 - 1j, 0j, 2j, 1 + 1j])
    d = np.array([2j, 3, 1 - 1j, complex(0, np.nan)])
    for a, b in [(c, d), (d, c), (c, c), (c[:0], d), (c[:0], d[:0]),
                 (F1.astype(complex), F2)]:
        assert_parts_match(ten.setxor1d(a, b), np.setxor1d(a, b))
        assert_parts_match(ten.jit(np.setxor1d)(a, b), np.setxor1d(a, b))
    assert_parts_match(ten.setxor1d(c, d, assume_unique=True),
                np.setxor1d(c, d, assume_unique=True))


def test_intersect1d_indices():
    assert_all_match(ten.intersect1d(A, B, return_indices=True),
                     np.intersect1d(A, B, return_indices=True))
    assert_all_match(ten.intersect1d(A, A[::-1], return_indices=True),
                     np.intersect1d(A, A[::-1], return_indices=True))


def test_setdiff1d_assume_unique_keeps_order():
    a = np.array([9, 4, 1, 7])
    assert_matches(ten.setdiff1d(a, B, assume_unique=True),
                   np.setdiff1d(a, B, assume_unique=True))


def test_empty_operands():
    empty = np.zeros(0, np.int64)
    for name in ["union1d", "intersect1d", "setdiff1d"]:
        assert_matches(getattr(ten, name)(A, empty),
                       getattr(np, name)(A, empty))
        assert_matches(getattr(ten, name)(empty, A),
                       getattr(np, name)(empty, A))


@pytest.mark.parametrize("x", [F1, A, B, np.array([[2.5, np.nan], [2.5, 1.0]],
                                                  np.float32)],
                         ids=["float-nan", "int", "int-2d", "float32-2d"])
def test_unique_functions(x):
    # Each NaN is distinct; values sorted (NumPy's order for integers
    # follows a hash: the array API leaves it open).
    assert_matches(ten.unique_values(x), np.sort(np.unique_values(x)))
    order = np.argsort(np.unique_counts(x).values, kind="stable")
    got = ten.unique_counts(x)
    want = np.unique_counts(x)
    assert got._fields == ("values", "counts")
    assert_matches(got.values, want.values[order])
    assert_matches(got.counts, want.counts[order])
    got = ten.unique_inverse(x)
    values = got.values
    assert got.inverse_indices.shape == np.shape(x)
    np.testing.assert_array_equal(values[got.inverse_indices], x)
    got = ten.unique_all(x)
    want = np.unique(x, return_index=True, return_inverse=True,
                     return_counts=True, equal_nan=False)
    assert got._fields == ("values", "indices", "inverse_indices", "counts")
    assert_all_match(tuple(got), want)


def test_traced():
    @ten.jit
    def sets(a, b):
        return (ten.union1d(a, b), ten.intersect1d(a, b),
                ten.setdiff1d(a, b), ten.setxor1d(a, b),
                ten.unique_counts(a).counts)

    got = sets(A, B)
    want = (np.union1d(A, B), np.intersect1d(A, B), np.setdiff1d(A, B),
            np.setxor1d(A, B), np.unique_counts(A).counts[np.argsort(
                np.unique_counts(A).values)])
    assert_all_match(got, want)
