"""transpose, reshape, matmul and einsum's NumPy cases."""

import numpy as np
import pytest

import ten
from conftest import ALL_DTYPES, BF16, BOOL, assert_matches, random_array


@pytest.mark.parametrize(
    "shape,axes",
    [((), None), ((3,), None), ((2, 3), None), ((2, 3), (1, 0)), ((2, 3, 4), None),
     ((2, 3, 4), (1, 2, 0)), ((2, 3, 4), (-1, 0, 1)), ((1, 5, 1), (2, 1, 0))],
    ids=str,
)
def test_transpose(rng, shape, axes):
    x = random_array(rng, shape, np.float32)
    assert_matches(ten.transpose(x, axes), np.transpose(x, axes))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_transpose_dtypes(rng, dtype):
    x = random_array(rng, (3, 4), dtype)
    assert_matches(ten.transpose(x), x.T)


@pytest.mark.parametrize(
    "shape,new",
    [((6,), (2, 3)), ((2, 3), (-1,)), ((2, 3, 4), (4, -1)), ((), (1, 1)), ((1,), ()),
     ((2, 3), 6), ((0, 3), (3, 0)), ((4, 1), (1, 2, 2))],
    ids=str,
)
def test_reshape(rng, shape, new):
    x = random_array(rng, shape, np.float32)
    assert_matches(ten.reshape(x, new), np.reshape(x, new))


def test_reshape_errors():
    x = np.ones((2, 3), np.float32)
    with pytest.raises(ValueError, match="cannot reshape"):
        ten.reshape(x, (4, -1))
    with pytest.raises(ValueError, match="one unknown"):
        ten.reshape(x, (-1, -1))
    with pytest.raises(ValueError):
        ten.reshape(x, (5,))


MATMUL_SHAPES = [
    ((3,), (3,)),
    ((2, 3), (3,)),
    ((3,), (3, 4)),
    ((2, 3), (3, 4)),
    ((5, 2, 3), (3, 4)),
    ((3,), (5, 3, 4)),
    ((5, 1, 2, 3), (6, 3, 4)),
    ((1, 1), (1, 1)),
    ((2, 0), (0, 3)),
]


@pytest.mark.parametrize("shapes", MATMUL_SHAPES, ids=str)
def test_matmul_shapes(rng, shapes):
    a = random_array(rng, shapes[0], np.float32)
    b = random_array(rng, shapes[1], np.float32)
    assert_matches(ten.matmul(a, b), np.matmul(a, b), atol=1e-5)


@pytest.mark.parametrize("dtypes", [(np.float64, np.float64), (np.int32, np.int32), (np.int64, np.float32), (np.float16, np.float16), (BF16, np.float32), (np.int8, np.int8)], ids=str)
def test_matmul_dtypes(rng, dtypes):
    a = random_array(rng, (4, 6), dtypes[0])
    b = random_array(rng, (6, 3), dtypes[1])
    assert_matches(ten.matmul(a, b), np.matmul(a, b))


def test_matmul_errors():
    with pytest.raises(ValueError):
        ten.matmul(np.ones((2, 3)), np.ones((4, 5)))
    with pytest.raises(ValueError, match="0-d"):
        ten.matmul(np.float64(2), np.ones(3))


@pytest.mark.parametrize(
    "shape,target",
    [((), (2, 3)), ((3,), (2, 3)), ((2, 1), (2, 4)), ((1, 1, 3), (2, 5, 3)), ((3,), 3), ((1,), (0,))],
    ids=str,
)
def test_broadcast_to(rng, shape, target):
    x = random_array(rng, shape, np.float32)
    assert_matches(ten.broadcast_to(x, target), np.broadcast_to(x, target))


def test_broadcast_to_errors():
    with pytest.raises(ValueError):
        ten.broadcast_to(np.ones(3, np.float32), (4,))
    with pytest.raises(ValueError):
        ten.broadcast_to(np.ones((2, 3), np.float32), (3,))


def test_lists_of_axes_and_sizes(rng):
    """Axes and shapes given as lists, as NumPy takes them: constants, not
    operands (a list elsewhere is an array)."""
    x = random_array(rng, (2, 3, 4), np.float32)
    assert_matches(ten.transpose(x, [2, 0, 1]), np.transpose(x, [2, 0, 1]))
    assert_matches(ten.transpose(x, axes=[1, 0, 2]), x.transpose(1, 0, 2))
    assert_matches(ten.permute_dims(x, [2, 1, 0]), x.transpose(2, 1, 0))
    assert_matches(ten.reshape(x, [6, -1]), x.reshape(6, 4))
    assert_matches(ten.reshape(x, shape=[24]), x.reshape(24))
    assert_matches(ten.broadcast_to(x[0, 0], [3, 4]),
                   np.broadcast_to(x[0, 0], (3, 4)))
    assert_matches(ten.rot90(x, 1, [0, 2]), np.rot90(x, 1, [0, 2]))

    @ten.jit
    def traced(x):
        return ten.transpose(x, [1, 0, 2]), ten.reshape(x, [4, 6])

    got = traced(x)
    assert_matches(got[0], x.transpose(1, 0, 2))
    assert_matches(got[1], x.reshape(4, 6))


@pytest.mark.parametrize("args", [(2,), (2, 1), (0, 3), (1, -1), (-1, 0),
                                  (1, 2), (0, 1)], ids=str)
def test_rollaxis(args):
    a = np.arange(24).reshape(2, 3, 4)
    assert_matches(ten.rollaxis(a, *args), np.rollaxis(a, *args))


def test_rollaxis_errors():
    a = np.zeros((2, 3))
    with pytest.raises(np.exceptions.AxisError, match="'start' arg requires"):
        ten.rollaxis(a, 0, 3)
    with pytest.raises(np.exceptions.AxisError):
        ten.rollaxis(a, 2)


def test_matrix_transpose():
    a = np.arange(24).reshape(2, 3, 4)
    assert_matches(ten.matrix_transpose(a), np.matrix_transpose(a))
    assert_matches(ten.matrix_transpose(a[0]), np.matrix_transpose(a[0]))
    with pytest.raises(ValueError,
                       match="at least 2-dimensional, but it is 1"):
        ten.matrix_transpose(np.arange(3))


def test_row_stack_is_vstack():
    assert_matches(ten.row_stack([np.arange(3), np.arange(3)]),
                   np.vstack([np.arange(3), np.arange(3)]))


@pytest.mark.parametrize("order", ["C", "F", "A", "f", None])
@pytest.mark.parametrize("shape", [(4, 6), (4, -1), 24, (2, 2, 6)])
def test_reshape_orders(order, shape):
    """NumPy's orders: "F" fills with the first index fastest; "A" is "F"
    for a Fortran-ordered NumPy array only (a traced value has C order)."""
    a = np.arange(24.0).reshape(2, 3, 4)
    assert_matches(ten.reshape(a, shape, order=order),
                   np.reshape(a, shape, order=order))
    fortran = np.asfortranarray(a)
    assert_matches(ten.reshape(fortran, shape, order=order),
                   np.reshape(fortran, shape, order=order))
    traced = ten.jit(lambda x: x.reshape(shape, order=order))
    want = np.reshape(a, shape, order="C" if order in ("A", None) else order)
    assert_matches(traced(a), want)


def test_reshape_order_errors():
    a = np.arange(6.0)
    with pytest.raises(ValueError, match="'K' is not permitted"):
        ten.reshape(a, (2, 3), order="K")
    with pytest.raises(ValueError, match="order must be one of"):
        ten.reshape(a, (2, 3), order="X")
    with pytest.raises(ValueError, match="copy=False"):
        ten.reshape(a, (2, 3), copy=False)


def test_transpose_method_takes_a_list():
    a = np.arange(24.0).reshape(2, 3, 4)
    got = ten.jit(lambda x: (x.transpose([2, 0, 1]), x.transpose(1, 0, 2)))(a)
    assert_matches(got[0], a.transpose(2, 0, 1))
    assert_matches(got[1], a.transpose(1, 0, 2))


def _strided_views():
    a = np.arange(120.0).reshape(2, 3, 4, 5)
    broadcast = np.broadcast_to(a[:, :1, :, :1], a.shape)
    rng = np.random.default_rng(3)
    views = [a, a.T, np.asfortranarray(a), a[::-1], a[:, ::-1, ::2],
             broadcast, a[:, :1, :, 2:3], np.arange(3.0)[::-1], np.float64(3)]
    for _ in range(20):
        axes = rng.permutation(4)
        steps = tuple(slice(None, None, int(rng.choice([1, -1, 2, -2])))
                      for _ in range(4))
        views += [a.transpose(axes)[steps], broadcast.transpose(axes)[steps]]
    return views


@pytest.mark.parametrize("order", ["C", "F", "A", "K", None, "k"])
def test_ravel_orders(order):
    """NumPy's orders of ravel and flatten, "K" the order of the elements in
    memory (strides sorted by magnitude, broadcast axes left where they
    are), on transposed, reversed, strided and broadcast views."""
    for view in _strided_views():
        assert_matches(ten.ravel(view, order), np.ravel(view, order))
    a = np.arange(24.0).reshape(2, 3, 4)
    traced = ten.jit(lambda x: (x.ravel(order), x.flatten(order=order)))
    want = a.ravel("C" if order in ("A", "K", "k", None) else order)
    for got in traced(a):
        assert_matches(got, want)
    with pytest.raises(ValueError, match="order must be one of"):
        ten.ravel(a, "CF")


def test_axis_zero_of_a_zero_dimensional_array():
    """NumPy's take, repeat and squeeze read axis 0 or -1 of a 0-d array as
    the axis of its one element; other axes are AxisErrors."""
    x = np.array(3.0, np.float32)
    for axis in (0, -1):
        assert_matches(ten.take(x, [0, -1], axis=axis),
                       np.take(x, [0, -1], axis=axis))
        assert_matches(ten.repeat(x, 2, axis=axis), np.repeat(x, 2, axis=axis))
        assert_matches(ten.repeat(x, [3], axis=axis),
                       np.repeat(x, [3], axis=axis))
        assert_matches(ten.squeeze(x, axis=axis), np.squeeze(x, axis=axis))
    for call in (lambda: ten.take(x, 0, axis=1),
                 lambda: ten.repeat(x, 2, axis=1),
                 lambda: ten.squeeze(x, axis=(0,))):
        with pytest.raises(np.exceptions.AxisError):
            call()
