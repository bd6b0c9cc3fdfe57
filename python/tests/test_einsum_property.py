"""Random einsums against numpy.einsum: operands 1 to 3, repeated labels in
an operand (diagonals), labels summed away, implicit outputs ('->' absent),
'...' with broadcasting (and summed, where the output omits it), sizes 0 to
4, and every dtype of the dialect; seeded, so that a failure names its case
and reproduces alone."""

import ml_dtypes
import numpy as np
import pytest

import ten
from conftest import ALL_DTYPES, BF16, RTOL, assert_matches, random_array

CASES = 520
LABELS = "abcdef"
F32 = np.dtype(np.float32)
# Every dtype, float32 more often; and the fp8 types, which NumPy's einsum
# refuses: their reference (and bfloat16's) is computed in float32 and
# rounded once, as ten accumulates them.
FP8 = [np.dtype(ml_dtypes.float8_e4m3fn), np.dtype(ml_dtypes.float8_e5m2)]
DTYPES = [F32] * 4 + ALL_DTYPES + FP8


def _random_einsum(seed):
    rng = np.random.default_rng(seed)
    sizes = {label: int(rng.integers(1, 5)) for label in LABELS}
    if rng.random() < 0.05:
        sizes[LABELS[int(rng.integers(0, len(LABELS)))]] = 0
    use_ellipsis = rng.random() < 0.25
    batch = [int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3)))]
    count = int(rng.integers(1, 4))
    terms, shapes = [], []
    for _ in range(count):
        rank = int(rng.integers(0, 4))
        term = [LABELS[int(i)] for i in rng.integers(0, 4, size=rank)]
        shape = [sizes[label] for label in term]
        if use_ellipsis and rng.random() < 0.8:
            # The operand's batch dims: a suffix of `batch`, sizes may be 1.
            own = batch[len(batch) - int(rng.integers(0, len(batch) + 1)):]
            own = [1 if rng.random() < 0.3 else size for size in own]
            position = int(rng.integers(0, len(term) + 1))
            term.insert(position, "...")
            shape[position:position] = own
        terms.append("".join(term))
        shapes.append(tuple(shape))
    subscripts = ",".join(terms)
    if rng.random() < 0.7:
        seen = sorted({c for term in terms for c in term if c != "."})
        keep = [label for label in seen if rng.random() < 0.5]
        rng.shuffle(keep)
        out = "".join(keep)
        if use_ellipsis and any("..." in term for term in terms):
            # Before, after, or omitted: then its dimensions are summed.
            where = rng.random()
            out = ("..." + out) if where < 0.4 else (out + "...") if where < 0.8 else out
        subscripts += "->" + out
    dtype = DTYPES[int(rng.integers(0, len(DTYPES)))]
    operands = [random_array(rng, shape, dtype, low=-1.0, high=1.0) for shape in shapes]
    return subscripts, operands


def _reference(subscripts, operands):
    """NumPy's einsum (optimize=True sums the dimensions of a '...' that the
    output omits, which the default refuses); types NumPy's einsum refuses
    computed in float32 and rounded once."""
    dtype = operands[0].dtype
    if dtype == BF16 or dtype in FP8:
        wide = np.einsum(subscripts, *[x.astype(F32) for x in operands], optimize=True)
        return np.asarray(wide).astype(dtype)
    return np.asarray(np.einsum(subscripts, *operands, optimize=True))


@pytest.mark.parametrize("seed", range(CASES))
def test_random_einsum(seed):
    subscripts, operands = _random_einsum(seed)
    with np.errstate(all="ignore"):
        want = _reference(subscripts, operands)
    got = ten.einsum(subscripts, *operands)
    dtype = want.dtype
    if dtype in FP8:
        # float32 sums in another order may round to the neighbouring fp8
        # value: one fp8 ulp (2^-2 relative for f8E5M2).
        assert got.dtype == dtype and got.shape == want.shape
        np.testing.assert_allclose(got.astype(F32), want.astype(F32), rtol=0.25, atol=0.02)
        return
    # Sums of many products: the tolerance grows with the terms summed.
    rtol = {np.float16: 3e-2, np.float32: 1e-4, np.float64: 1e-10,
            np.complex64: 1e-4, np.complex128: 1e-10}.get(dtype.type, RTOL.get(dtype))
    assert_matches(got, want, rtol=rtol, atol=rtol)


@pytest.mark.parametrize(
    "subscripts,shapes",
    [("ii->i", [(3, 3)]), ("ii", [(4, 4)]), ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
     ("...ij,...jk", [(2, 1, 3, 4), (5, 4, 2)]), ("i,i", [(0,), (0,)]), ("", [()]),
     ("ijk->kji", [(2, 3, 4)]), ("bhqd,bhkd->bhqk", [(2, 2, 3, 4), (2, 2, 5, 4)])],
    ids=str,
)
def test_named_einsums(subscripts, shapes):
    rng = np.random.default_rng(0)
    operands = [rng.uniform(-1, 1, size=shape).astype(np.float32) for shape in shapes]
    assert_matches(ten.einsum(subscripts, *operands),
                   np.asarray(np.einsum(subscripts, *operands)), rtol=1e-5, atol=1e-5)


def test_mixed_dtypes_promote():
    a = np.ones((2, 3), np.int32)
    b = np.ones((3,), np.float32)
    assert_matches(ten.einsum("ij,j->i", a, b), np.einsum("ij,j->i", a, b))


def test_bool_einsum_is_or_of_ands():
    rng = np.random.default_rng(1)
    a = rng.integers(0, 2, size=(3, 4)).astype(bool)
    b = rng.integers(0, 2, size=(4, 2)).astype(bool)
    assert_matches(ten.einsum("ij,jk->ik", a, b), np.einsum("ij,jk->ik", a, b))


@pytest.mark.parametrize(
    "subscripts,shapes,message",
    [("ij,jk->ik", [(2, 3), (4, 5)], "label 'j' has size"),
     ("ij->k", [(2, 3)], "k"),
     ("ij,j", [(2, 3)], "operand"),
     ("i!j", [(2, 3)], "invalid|not a letter|character")],
    ids=str,
)
def test_bad_einsums_raise(subscripts, shapes, message):
    operands = [np.ones(shape, np.float32) for shape in shapes]
    with pytest.raises(ValueError, match=message):
        ten.einsum(subscripts, *operands)
