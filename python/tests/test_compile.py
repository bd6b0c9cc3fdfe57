"""ten.compile on text, and how arrays cross the boundary: strided and
reversed inputs read right, every dtype in and out, results returned as
arrays of their own."""

import numpy as np
import pytest

import ten
from conftest import ALL_DTYPES, BF16, assert_matches, random_array

TRANSPOSE_ADD = """
func.func @main(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<4x3xf32>) {
  %s = ten.add %a, %b : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %t = ten.transpose %s [1, 0] : tensor<3x4xf32> -> tensor<4x3xf32>
  return %s, %t : tensor<3x4xf32>, tensor<4x3xf32>
}
"""


def test_compile_and_call(rng):
    f = ten.compile(TRANSPOSE_ADD)
    assert f.arguments == [(np.dtype(np.float32), (3, 4))] * 2
    a = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    s, t = f(a, b)
    assert_matches(s, a + b)
    assert_matches(t, (a + b).T)
    assert "ten.transpose" in f.ir()


def test_strided_inputs(rng):
    f = ten.compile(TRANSPOSE_ADD)
    big = rng.standard_normal((8, 10)).astype(np.float32)
    views = [big[::3, 1:9:2], big[:3, :4], big.T[:3, :4], big[::-2, ::-3][:3, :4]]
    for view in views:
        assert not view.flags.c_contiguous or view.base is not None
        s, _ = f(view, view)
        assert_matches(s, view + view)
    broadcast = np.broadcast_to(np.arange(4, dtype=np.float32), (3, 4))
    s, _ = f(broadcast, broadcast)
    assert_matches(s, broadcast * 2)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_every_dtype_round_trips(rng, dtype):
    names = {np.bool_: "i1", np.int8: "i8", np.int16: "i16", np.int32: "i32",
             np.int64: "i64", np.uint8: "ui8", np.uint16: "ui16", np.uint32: "ui32",
             np.uint64: "ui64", np.float16: "f16", BF16: "bf16", np.float32: "f32",
             np.float64: "f64", np.complex64: "complex<f32>",
             np.complex128: "complex<f64>"}
    name = {np.dtype(key): value for key, value in names.items()}[np.dtype(dtype)]
    f = ten.compile(
        f"""
    func.func @main(%x: tensor<2x?x{name}>) -> tensor<?x2x{name}> {{
      %t = ten.transpose %x [1, 0] : tensor<2x?x{name}> -> tensor<?x2x{name}>
      return %t : tensor<?x2x{name}>
    }}"""
    )
    x = random_array(rng, (2, 5), dtype)
    assert_matches(f(x), x.T)
    assert f.results == [(np.dtype(dtype), (-1, 2))]


def test_non_native_byte_order(rng):
    x = rng.standard_normal(5).astype(">f4")
    assert_matches(ten.exp(x), np.exp(x.astype(np.float32)))


def test_lists_and_scalars_are_arrays():
    assert_matches(ten.add([1.0, 2.0], [3.0, 4.0]), np.add([1.0, 2.0], [3.0, 4.0]))
    assert_matches(ten.exp(np.float32(1)), np.asarray(np.exp(np.float32(1))))
