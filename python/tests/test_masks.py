"""Results whose size the data decide: nonzero, flatnonzero, argwhere,
count_nonzero, and reads and assignments through traced boolean masks,
checked against NumPy's on every dtype, empty, 0-d and all-zero inputs."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _sparse(rng, shape, dtype):
    """An array of `dtype` with about half its elements zero."""
    a = random_array(rng, shape, dtype)
    a[rng.random(shape) < 0.5] = 0
    return a


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_nonzero_every_dtype(rng, dtype):
    a = _sparse(rng, (4, 6), dtype)
    assert_matches(ten.flatnonzero(a), np.flatnonzero(a))
    got = ten.nonzero(a)
    want = np.nonzero(a)
    assert isinstance(got, tuple) and len(got) == 2
    for g, w in zip(got, want):
        assert_matches(g, w)
    assert_matches(ten.argwhere(a), np.argwhere(a))
    assert_matches(ten.count_nonzero(a), np.count_nonzero(a))


def test_nonzero_edge_cases():
    floats = np.array([0.0, -0.0, np.nan, np.inf, 1e-45], np.float32)
    assert_matches(ten.flatnonzero(floats), np.flatnonzero(floats))
    complex_values = np.array([0, 1j, 0j, 2], np.complex64)
    assert_matches(ten.flatnonzero(complex_values),
                   np.flatnonzero(complex_values))
    for shape in [(0,), (3, 0), (2, 3, 4)]:
        zeros = np.zeros(shape, np.int32)
        for g, w in zip(ten.nonzero(zeros), np.nonzero(zeros)):
            assert_matches(g, w)
        assert_matches(ten.argwhere(zeros), np.argwhere(zeros))
    for scalar in (np.array(3.0), np.array(0)):
        assert_matches(ten.flatnonzero(scalar), np.flatnonzero(scalar))
        assert_matches(ten.argwhere(scalar), np.argwhere(scalar))
    with pytest.raises(ValueError, match="0d arrays"):
        ten.nonzero(np.array(1.0))
    three = np.zeros((2, 3, 4), np.bool_)
    three[1, 2, 3] = three[0, 1, 0] = True
    for g, w in zip(ten.nonzero(three), np.nonzero(three)):
        assert_matches(g, w)
    assert_matches(ten.count_nonzero(three, axis=1), np.count_nonzero(three, axis=1))
    assert_matches(ten.count_nonzero(three, axis=(0, 2), keepdims=True),
                   np.count_nonzero(three, axis=(0, 2), keepdims=True))


def test_masked_reads(rng):
    x = rng.normal(size=(50, 40)).astype(np.float32)

    @ten.jit
    def positives(x):
        return x[x > 0]

    assert_matches(positives(x), x[x > 0])

    @ten.jit
    def stats(x):
        kept = x[x > 0.5]
        return kept.sum(), (kept * 2).max(), kept.shape[0] == -1

    total, largest, dynamic = stats(x)
    assert_matches(total, x[x > 0.5].sum())
    assert_matches(largest, (x[x > 0.5] * 2).max())
    assert dynamic

    @ten.jit
    def rows(x):
        return x[x[:, 0] > 0]

    assert_matches(rows(x), x[x[:, 0] > 0])

    @ten.jit
    def numpy_functions(x):
        return np.nonzero(x > 1)[1], np.argwhere(x < -1), np.count_nonzero(x > 0)

    got = numpy_functions(x)
    assert_matches(got[0], np.nonzero(x > 1)[1])
    assert_matches(got[1], np.argwhere(x < -1))
    assert_matches(got[2], np.count_nonzero(x > 0))

    @ten.jit
    def none_selected(x):
        return x[x > 100]

    assert_matches(none_selected(x), x[x > 100])


def test_masked_assignments(rng):
    x = rng.normal(size=(6, 5)).astype(np.float64)

    def numpy_set(x, mask, value):
        want = x.copy()
        want[mask] = value
        return want

    # A value the same for every row is a where: test_scatter.py.
    @ten.jit
    def doubled(x):
        x[x > 0] = x[x > 0] * 2
        return x

    assert_matches(doubled(x), numpy_set(x, x > 0, x[x > 0] * 2))

    @ten.jit
    def augmented(x):
        x[x > 0] += 1
        return x

    want = x.copy()
    want[want > 0] += 1
    assert_matches(augmented(x), want)

    @ten.jit
    def row_values(x):
        x[x[:, 0] > 0] = np.arange(5.0)
        return x

    assert_matches(row_values(x), numpy_set(x, x[:, 0] > 0, np.arange(5.0)))

    @ten.jit
    def counted(x, values):
        x[x > 0] = values
        return x

    count = int((x > 0).sum())
    values = np.arange(count, dtype=np.float64)
    assert_matches(counted(x, values), numpy_set(x, x > 0, values))
    # As many values as the mask selects, or the run stops.
    with pytest.raises(ValueError, match="updates dimension 0"):
        counted(x, np.arange(count + 1, dtype=np.float64))

    @ten.jit
    def wrong_shape(x):
        x[x[:3, 0] > 0] = 1
        return x

    with pytest.raises(IndexError, match="did not match"):
        wrong_shape(x)



def test_assignments_through_masks_among_other_indices(rng):
    """A traced mask beside other indices is its nonzero positions, whose
    count the data decide: the assigned value broadcasts to them when the
    program runs, or the run stops (ValueError, as NumPy raises)."""
    x = rng.normal(size=(4, 6)).astype(np.float32)

    def beside_slices(a):
        y = a.copy()
        y[:, a[0] > 0] = 0
        return y

    def beside_an_integer(a):
        y = a.copy()
        y[1, a[1] > 0] = 7
        return y

    def with_a_row(a):
        y = a.copy()
        y[a[:, 0] > 0, 2:4] = np.array([1, 2], np.float32)
        return y

    def accumulated(a):
        y = a.copy()
        y[:, a[0] > 0] += 1
        return y

    def of_selected_values(a):
        y = a.copy()
        m = a[0] > 0
        y[:, m] = a[:, m] * 2
        return y

    def combined(a):
        y = a.copy()
        y[a[:, 0] > 0, 1] = 0
        return y

    for case in (beside_slices, beside_an_integer, with_a_row, accumulated,
                 of_selected_values, combined):
        assert_matches(ten.jit(case)(x), case(x))

    def too_many(a):
        y = a.copy()
        y[:, a[0] > 0] = np.ones(100, np.float32)
        return y

    with pytest.raises(ValueError):
        ten.jit(too_many)(x)
    with pytest.raises(ValueError):
        too_many(x)


def test_masks_among_other_indices(rng):
    x = rng.normal(size=(4, 5, 6)).astype(np.float32)
    cases = [
        lambda x: x[:, x[0, :, 0] > 0],
        lambda x: x[x[:, 0, 0] > 0, 1],
        lambda x: x[x[:, :, 0] > 0, 2:4],
        lambda x: x[..., x[0, 0] > 0],
        lambda x: x[1, x[1, :, 1] > 0, ::2],
        lambda x: x[x[:, 0, 0] > 0, np.array([[0], [2]])],
        lambda x: x[x[:, :, 0] > 0][:, 0].sum(),
    ]
    for case in cases:
        assert_matches(ten.jit(case)(x), case(x))


def test_values_of_a_dynamic_size_go_on(rng):
    x = rng.normal(size=(6, 4)).astype(np.float32)
    cases = [
        lambda x: x[x > 0].reshape(-1, 1),
        lambda x: np.cumsum(x[x > 0]),
        lambda x: np.sort(x[x > 0]),
        lambda x: x[x > 0][:],
        lambda x: x[x > 0][:, None],
        lambda x: x[x[:, 0] > 0][:, 1],
        lambda x: x[x[:, 0] > 0][..., 1:3],
        lambda x: np.take(x[x > 0], [0, -1]),
        lambda x: (x[x > 0] * 2).astype(np.float64),
        lambda x: np.concatenate([x[x > 0], x[0]]),
        lambda x: x[x > 0] @ x[x > 0],
        lambda x: x[x > 0][1:3],
        lambda x: x[x > 0][::-2],
    ]
    for case in cases:
        assert_matches(ten.jit(case)(x), case(x))

    def numpy_len(x):
        return len(x[x > 0])

    with pytest.raises(TypeError, match="known only when the program runs"):
        ten.jit(numpy_len)(x)
    # Sizes that disagree when the program runs stop it, as NumPy raises.
    with pytest.raises(ValueError, match="does not have the size"):
        ten.jit(lambda x: x[x > 0] + x[x > 1])(x)


def test_where_of_a_condition_alone_is_nonzero(rng):
    c = rng.integers(0, 2, size=(3, 4))
    for g, w in zip(ten.where(c), np.where(c)):
        assert_matches(g, w)

    @ten.jit
    def traced(x):
        return np.where(x > 0)

    x = rng.normal(size=(4, 3))
    for g, w in zip(traced(x), np.where(x > 0)):
        assert_matches(g, w)
    with pytest.raises(ValueError, match="either both or neither"):
        ten.where(c, 1)
