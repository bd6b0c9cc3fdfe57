"""NumPy's joining, splitting and rearranging functions (concatenate, stack,
the *stack and *split families, flip, roll, pad), eager and traced, checked
against NumPy's."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


def _check_all(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_concatenate_every_dtype(rng, dtype):
    a = random_array(rng, (2, 3), dtype)
    b = random_array(rng, (4, 3), dtype)
    assert_matches(ten.concatenate([a, b, a]), np.concatenate([a, b, a]))
    assert_matches(ten.concatenate((a, a), axis=-1), np.concatenate((a, a), axis=-1))
    assert_matches(ten.concatenate([a, b], axis=None), np.concatenate([a, b], axis=None))


def test_concatenate_promotes(rng):
    a = np.arange(3, dtype=np.int8)
    b = np.linspace(0, 1, 2, dtype=np.float32)
    c = np.array([True, False])
    assert_matches(ten.concatenate([a, b, c]), np.concatenate([a, b, c]))
    assert_matches(ten.concatenate([a, c], dtype=np.float64),
                   np.concatenate([a, c], dtype=np.float64))
    # An array's first axis, iterated, is a sequence of arrays.
    m = rng.standard_normal((3, 2, 2))
    assert_matches(ten.concatenate(m), np.concatenate(m))


def test_concatenate_errors():
    with pytest.raises(ValueError, match="need at least one array"):
        ten.concatenate([])
    with pytest.raises(ValueError, match="zero-dimensional arrays cannot be concatenated"):
        ten.concatenate([np.float32(1.0), np.float32(2.0)])
    with pytest.raises(ValueError, match="the array at index 1 has 1 dimension"):
        ten.concatenate([np.zeros((2, 2)), np.zeros(2)])
    with pytest.raises(ValueError, match="along dimension 1, the array at index 0 has size 2 and the array at index 1 has size 3"):
        ten.concatenate([np.zeros((2, 2)), np.zeros((2, 3))])
    with pytest.raises(np.exceptions.AxisError):
        ten.concatenate([np.zeros((2, 2))], axis=2)
    with pytest.raises(TypeError):
        ten.concatenate(3)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
def test_stack(rng, axis):
    arrays = [rng.standard_normal((2, 3)) for _ in range(3)]
    assert_matches(ten.stack(arrays, axis=axis), np.stack(arrays, axis=axis))


def test_stack_errors():
    with pytest.raises(ValueError, match="same shape"):
        ten.stack([np.zeros(2), np.zeros(3)])
    with pytest.raises(np.exceptions.AxisError):
        ten.stack([np.zeros(2), np.zeros(2)], axis=2)


@pytest.mark.parametrize("shapes", [[(), ()], [(3,), (2,)], [(2, 3), (2, 1)],
                                    [(2, 3, 1), (2, 1, 1)], [(3,), (1,), ()]])
def test_hstack_vstack_dstack_column_stack(rng, shapes):
    arrays = [rng.standard_normal(shape) for shape in shapes]
    for name in ("hstack", "vstack", "dstack", "column_stack"):
        try:
            want = getattr(np, name)(arrays)
        except ValueError:
            with pytest.raises(ValueError):
                getattr(ten, name)(arrays)
            continue
        assert_matches(getattr(ten, name)(arrays), want)


@pytest.mark.parametrize("how", [3, [1, 4], [2, 2, 5], [-2], [0, 7]])
def test_split(rng, how):
    a = rng.standard_normal((6, 4))
    if isinstance(how, int):
        _check_all(ten.split(a, how), np.split(a, how))
    else:
        _check_all(ten.split(a, how), np.split(a, how))
    _check_all(ten.array_split(a, 4, axis=1), np.array_split(a, 4, axis=1))
    _check_all(ten.array_split(a, 4), np.array_split(a, 4))


def test_split_families(rng):
    a = rng.standard_normal((4, 6, 2))
    _check_all(ten.hsplit(a, 3), np.hsplit(a, 3))
    _check_all(ten.vsplit(a, [1]), np.vsplit(a, [1]))
    _check_all(ten.dsplit(a, 2), np.dsplit(a, 2))
    _check_all(ten.hsplit(np.arange(6.0), 2), np.hsplit(np.arange(6.0), 2))
    with pytest.raises(ValueError, match="equal division"):
        ten.split(a, 5)
    with pytest.raises(ValueError, match="larger than 0"):
        ten.array_split(a, 0)
    with pytest.raises(ValueError, match="2 or more dimensions"):
        ten.vsplit(np.arange(4.0), 2)


@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2)])
def test_flip(rng, axis):
    a = rng.standard_normal((3, 4, 2)).astype(np.float32)
    assert_matches(ten.flip(a, axis), np.flip(a, axis))


def test_flip_lr_ud(rng):
    a = rng.integers(-9, 9, (3, 4))
    assert_matches(ten.fliplr(a), np.fliplr(a))
    assert_matches(ten.flipud(a), np.flipud(a))
    with pytest.raises(ValueError):
        ten.fliplr(np.arange(3))


@pytest.mark.parametrize("shift, axis", [(1, None), (-7, None), (2, 0), (-1, 1),
                                          ((1, 2), (0, 1)), (3, (0, 1)),
                                          ((1, 1), (1, 1)), (0, 0), (8, 1)])
def test_roll(shift, axis):
    a = np.arange(12).reshape(3, 4)
    assert_matches(ten.roll(a, shift, axis), np.roll(a, shift, axis))


@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "symmetric", "wrap"])
@pytest.mark.parametrize("width", [1, (2, 3), ((0, 1), (4, 0)), ((7, 5), (1, 9))])
def test_pad(rng, mode, width):
    a = rng.standard_normal((3, 4)).astype(np.float32)
    assert_matches(ten.pad(a, width, mode=mode), np.pad(a, width, mode=mode))


def test_pad_details():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    assert_matches(ten.pad(a, 1, constant_values=7), np.pad(a, 1, constant_values=7))
    assert_matches(ten.pad(a, ((1, 2), (0, 1)), constant_values=((1, 2), (3, 4))),
                   np.pad(a, ((1, 2), (0, 1)), constant_values=((1, 2), (3, 4))))
    # The fill is cast to the array's dtype, as NumPy casts it.
    assert_matches(ten.pad(a, 1, constant_values=2.7), np.pad(a, 1, constant_values=2.7))
    one = np.array([5.0])
    assert_matches(ten.pad(one, 3, mode="reflect"), np.pad(one, 3, mode="reflect"))
    assert_matches(ten.pad(np.zeros((0, 2)), 1), np.pad(np.zeros((0, 2)), 1))
    with pytest.raises(ValueError, match="can't extend empty axis"):
        ten.pad(np.zeros((0, 2)), 1, mode="edge")
    with pytest.raises(ValueError, match="negative"):
        ten.pad(a, -1)
    with pytest.raises(ValueError, match="mode 'bogus' is not supported"):
        ten.pad(a, 1, mode="bogus")
    with pytest.raises(ValueError, match="unsupported keyword"):
        ten.pad(a, 1, mode="edge", constant_values=1)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int8, np.uint8])
@pytest.mark.parametrize("mode, kwargs", [
    ("maximum", {}), ("minimum", dict(stat_length=2)), ("mean", {}),
    ("mean", dict(stat_length=((1, 2), (3, 1)))), ("median", {}),
    ("median", dict(stat_length=2)), ("linear_ramp", {}),
    ("linear_ramp", dict(end_values=(5, -3)))], ids=str)
def test_pad_statistics_and_ramps(rng, dtype, mode, kwargs):
    """NumPy's statistic modes (each axis in turn, over `stat_length`
    elements at each edge; integers' means and medians rounded half to
    even) and linear ramps (floored for integers)."""
    a = (rng.standard_normal((3, 4)) * 10).astype(dtype)
    for width in (2, ((1, 2), (0, 3)), ((0, 0), (4, 1))):
        assert_matches(ten.pad(a, width, mode=mode, **kwargs),
                       np.pad(a, width, mode=mode, **kwargs))
    traced = ten.jit(lambda x: np.pad(x, 2, mode=mode, **kwargs))
    assert_matches(traced(a), np.pad(a, 2, mode=mode, **kwargs))


@pytest.mark.parametrize("mode", ["reflect", "symmetric"])
@pytest.mark.parametrize("shape", [(5,), (3, 4), (1, 3), (2,)])
def test_pad_odd_reflections(rng, mode, shape):
    """reflect_type='odd': NumPy's chunks reflected about the edge (2 edge -
    value), rounds of at most a period reflecting the padded array; a single
    element extended by its edge; bit for bit."""
    for dtype in (np.float64, np.int16):
        a = (rng.standard_normal(shape) * 10).astype(dtype)
        for width in (1, 3, 7, 13, ((0, 9),) * len(shape),
                      ((11, 4),) * len(shape)):
            assert_matches(
                ten.pad(a, width, mode=mode, reflect_type="odd"),
                np.pad(a, width, mode=mode, reflect_type="odd"), rtol=0,
                atol=0)
    with pytest.raises(ValueError, match="reflect_type"):
        ten.pad(np.ones(3), 1, mode=mode, reflect_type="bad")


def test_pad_mode_errors_and_empty():
    a = np.ones((2, 3))
    assert ten.pad(a, 1, mode="empty").shape == (4, 5)
    assert ten.pad(np.zeros((0, 3)), 1, mode="empty").shape == (2, 5)
    with pytest.raises(ValueError, match="stat_length of 0"):
        ten.pad(a, 1, mode="maximum", stat_length=0)
    with pytest.raises(ValueError, match="can't extend empty axis"):
        ten.pad(np.zeros((0, 3)), 1, mode="mean")
    with pytest.raises(ValueError, match="unsupported keyword"):
        ten.pad(a, 1, mode="mean", end_values=3)
    with pytest.raises(ValueError, match="negative"):
        ten.pad(a, 1, mode="median", stat_length=-1)


def test_join_dtype_casting():
    """A dtype casts the arrays by the rule `casting`, NumPy's TypeError
    where the rule refuses; dstack takes no dtype, as NumPy's."""
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(6, dtype=np.int8).reshape(2, 3)
    for name in ("concatenate", "stack", "hstack", "vstack"):
        with pytest.raises(TypeError, match="according to the rule"):
            getattr(ten, name)([a, b], dtype=np.int32)
        for kwargs in (dict(dtype=np.int32, casting="unsafe"),
                       dict(dtype=np.float32)):
            assert_matches(getattr(ten, name)([a, b], **kwargs),
                           getattr(np, name)([a, b], **kwargs))
    with pytest.raises(TypeError):
        ten.dstack([a, b], dtype=np.float32)


def test_traced_and_numpy_dispatch(rng):
    """Inside @ten.jit, NumPy's own functions on traced values trace as ten's
    (NEP 18), and the joins fuse into one program."""
    x = rng.standard_normal((4, 3)).astype(np.float32)

    @ten.jit
    def f(t):
        parts = np.split(t, 2)
        joined = np.concatenate([parts[1], parts[0]], axis=1)
        return np.pad(np.flip(joined, 0), 1, mode="edge") + np.roll(joined, 1).sum()

    joined = np.concatenate(np.split(x, 2)[::-1], axis=1)
    assert_matches(f(x), np.pad(np.flip(joined, 0), 1, mode="edge") + np.roll(joined, 1).sum())
    assert "ten.concat" in f.ir(x)
