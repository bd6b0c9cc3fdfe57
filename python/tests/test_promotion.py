"""The C API's type promotion (for frontends other than this package, which
asks NumPy itself) against NumPy 2: every pair of the dialect's dtypes, and
every dtype with each kind of Python scalar (weak, NEP 50)."""

import warnings

import numpy as np
import pytest

from ten import _dtypes, _ten

CODES = range(len(_ten.element_types()))
SCALARS = [True, 1, 1.0, 1j]  # tenScalarKind's order


def numpy_dtype(code):
    return _dtypes.dtype_of(code)


def arithmetic_dtype(lhs, rhs):
    """The dtype of NumPy's `lhs + rhs` (np.result_type where it has one:
    it refuses some pairs of ml_dtypes' types that arithmetic computes)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        added = np.add(np.ones(1, lhs), rhs).dtype
    if not isinstance(rhs, np.ndarray):
        return added
    try:
        assert np.result_type(lhs, rhs.dtype) == added
    except TypeError:  # DTypePromotionError: no common dtype
        pass
    return added


@pytest.mark.parametrize("lhs", CODES, ids=lambda c: _dtypes.name_of(c))
def test_pairs_match_numpy(lhs):
    for rhs in CODES:
        want = arithmetic_dtype(numpy_dtype(lhs), np.ones(1, numpy_dtype(rhs)))
        got = numpy_dtype(_ten.promote_types(lhs, rhs))
        assert got == want, (numpy_dtype(lhs), numpy_dtype(rhs), got, want)


@pytest.mark.parametrize("code", CODES, ids=lambda c: _dtypes.name_of(c))
def test_python_scalars_are_weak(code):
    for kind, scalar in enumerate(SCALARS):
        want = arithmetic_dtype(numpy_dtype(code), scalar)
        got = numpy_dtype(_ten.promote_with_scalar(code, kind))
        assert got == want, (numpy_dtype(code), type(scalar), got, want)


def test_refuses_what_is_not_a_dtype():
    with pytest.raises(ValueError):
        _ten.promote_types(len(CODES), 0)
    with pytest.raises(ValueError):
        _ten.promote_with_scalar(0, 4)
