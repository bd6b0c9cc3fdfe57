"""Arrays of PyTorch and JAX in and out of ten without copies (DLPack):
pointers compared, never only values."""

import numpy as np
import pytest

import ten

torch = pytest.importorskip(
    "torch", reason="PyTorch is not installed (utils/setup.sh --frameworks)")


def test_from_dlpack_of_numpy_is_the_array():
    a = np.arange(4.0)
    assert ten.from_dlpack(a) is a


def test_torch_tensor_in_without_copy():
    t = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    view = ten.from_dlpack(t)
    assert view.ctypes.data == t.data_ptr()
    assert view.shape == (2, 3) and view.dtype == np.float32


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.int32,
                                   torch.int64, torch.uint8, torch.bool,
                                   torch.float16, torch.bfloat16,
                                   torch.complex64])
def test_torch_dtypes_round_trip(dtype):
    t = (torch.arange(12) % 5).reshape(3, 4).to(dtype)

    @ten.jit(like="torch")
    def identity_plus_zero(x):
        return ten.where(ten.ones(x.shape, bool), x, x)

    result = identity_plus_zero(t)
    assert isinstance(result, torch.Tensor)
    assert result.dtype == dtype
    assert torch.equal(result, t)


def test_results_out_without_copy():
    @ten.jit
    def double(x):
        return x * 2

    out = double(np.arange(8, dtype=np.float32))
    as_torch = torch.from_dlpack(out)
    assert as_torch.data_ptr() == out.ctypes.data
    # The tensor keeps the buffer alive after the array is gone.
    del out
    assert torch.equal(as_torch, torch.arange(8, dtype=torch.float32) * 2)


def test_like_torch_returns_tensors_over_the_results():
    @ten.jit(like="torch")
    def parts(x):
        return x + 1, x.sum()

    t = torch.ones(2, 3)
    added, total = parts(t)
    assert isinstance(added, torch.Tensor) and isinstance(total, torch.Tensor)
    assert torch.equal(added, t + 1)
    assert total.item() == 6.0 and total.shape == ()


def test_like_input_follows_the_first_array():
    @ten.jit(like="input")
    def negate(x):
        return -x

    assert isinstance(negate(torch.ones(2)), torch.Tensor)
    assert isinstance(negate(np.ones(2)), np.ndarray)


def test_like_is_checked():
    with pytest.raises(ValueError, match="'like' must be one of"):
        ten.jit(lambda x: x, like="tensorflow")


def test_torch_tensors_are_read_at_every_call():
    t = torch.ones(3)
    assert torch.equal(torch.from_dlpack(ten.add(t, 1)), torch.full((3,), 2.0))
    t.add_(1)
    assert torch.equal(torch.from_dlpack(ten.add(t, 1)), torch.full((3,), 3.0))


def test_strided_torch_tensors_are_read_right():
    t = torch.arange(12, dtype=torch.float32).reshape(3, 4).t()
    np.testing.assert_array_equal(ten.negative(t), -t.numpy())


def test_tensors_that_require_grad_are_refused_as_numpy_does():
    t = torch.ones(3, requires_grad=True)
    with pytest.raises((BufferError, RuntimeError), match="detach"):
        ten.add(t, 1)


def test_jax_arrays_in_and_out_without_copy():
    jax = pytest.importorskip(
        "jax", reason="JAX is not installed (utils/setup.sh --frameworks)")
    import jax.numpy as jnp

    x = jnp.arange(6.0, dtype=jnp.float32)
    view = ten.from_dlpack(x)
    assert view.ctypes.data == x.unsafe_buffer_pointer()

    @ten.jit(like="jax")
    def square(v):
        return v * v

    result = square(x)
    assert isinstance(result, jax.Array)
    np.testing.assert_array_equal(np.asarray(result), np.arange(6.0) ** 2)
    out = ten.multiply(np.arange(4, dtype=np.float32), 3)
    assert jax.dlpack.from_dlpack(out).unsafe_buffer_pointer() == out.ctypes.data
