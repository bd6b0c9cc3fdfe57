"""Every error path raises a Python exception with the compiler's message;
none aborts the interpreter (an abort would end this test run)."""

import numpy as np
import pytest

import ten
from conftest import assert_matches


@pytest.mark.parametrize(
    "dtype", [np.longdouble, object, "U3"],
    ids=str,
)
def test_unsupported_dtypes_raise_type_error(dtype):
    x = np.zeros(3, dtype=dtype)
    with pytest.raises(TypeError, match=np.dtype(dtype).name):
        ten.exp(x)
    with pytest.raises(TypeError, match=np.dtype(dtype).name):
        ten.einsum("i->", x)


def test_complex_python_scalar_promotes():
    x = np.ones(2, np.float32)
    assert_matches(ten.add(x, 1j), np.add(x, 1j))


def test_ops_without_complex_raise_type_error():
    z = np.ones(2, np.complex64)
    for function in (ten.sigmoid, ten.erf, ten.erfc, ten.rsqrt,
                     ten.relu):
        with pytest.raises(TypeError, match="complex<f32>"):
            function(z)


def test_numpy_refusals_are_type_errors():
    b = np.ones(3, bool)
    with pytest.raises(TypeError):
        ten.subtract(b, b)
    with pytest.raises(TypeError):
        ten.negative(b)


def test_shape_mismatch_raises_value_error_with_location():
    with pytest.raises(ValueError, match=r"test_errors.py:\d+:1: operands do not broadcast"):
        ten.add(np.ones((2, 3)), np.ones((4,)))


def test_traced_values_have_no_truth_value():
    @ten.jit
    def branchy(x):
        if x > 0:
            return x
        return -x

    with pytest.raises(TypeError, match="truth value"):
        branchy(np.ones(3, np.float32))


@pytest.mark.parametrize("use", [
    lambda i: int(i),
    lambda i: float(i),
    lambda i: complex(i),
    lambda i: range(i),
    lambda i: [1, 2, 3][i],
    lambda i: np.arange(10.0)[i:],
], ids=["int", "float", "complex", "range", "list index", "numpy slice"])
def test_traced_values_are_not_python_numbers(use):
    """Where Python or NumPy wants a number of a traced value, the error
    says why there is none and what to use instead."""
    with pytest.raises(TypeError, match="known only when the program runs"):
        ten.jit(use)(np.int64(2))


def test_traced_index_out_of_range_is_an_error_of_the_run():
    # A traced index is known only when the program runs: it is checked
    # then, and the run stops with an error instead of reading elsewhere.
    @ten.jit
    def picked(x, i):
        return x[i]

    x = np.arange(3, dtype=np.float32)
    assert picked(x, np.array(-1)) == x[-1]
    with pytest.raises(ValueError, match="an index is out of range"):
        picked(x, np.array(3))


def test_compile_reports_diagnostics():
    with pytest.raises(ValueError, match=r"<string>:1:\d+: .*frobnicate"):
        ten.compile("func.func @main() { ten.frobnicate }")
    with pytest.raises(ValueError, match="custom op 'this' is unknown"):
        ten.compile("this is not MLIR")


def test_compile_unknown_entry_and_target():
    text = """
    func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
      %y = ten.exp %x : tensor<3xf32>
      return %y : tensor<3xf32>
    }"""
    with pytest.raises(ValueError, match="no function 'other'"):
        ten.compile(text, entry="other")
    with pytest.raises(ValueError, match="unknown target"):
        ten.compile(text, target="tpu")


def test_compiled_module_checks_its_inputs():
    f = ten.compile(
        """
    func.func @main(%x: tensor<?x3xf32>, %y: tensor<?x3xf32>) -> tensor<?x3xf32> {
      %z = ten.add %x, %y : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
      return %z : tensor<?x3xf32>
    }"""
    )
    with pytest.raises(TypeError, match="takes 2 argument"):
        f(np.ones((2, 3), np.float32))
    with pytest.raises(TypeError, match="float32 but the array is float64"):
        f(np.ones((2, 3)), np.ones((2, 3)))
    with pytest.raises(ValueError, match="has shape"):
        f(np.ones((2, 4), np.float32), np.ones((2, 4), np.float32))
    # Dynamic sizes that disagree: the program's own check fails, and the
    # interpreter goes on.
    with pytest.raises(ValueError, match="run-time check failed"):
        f(np.ones((2, 3), np.float32), np.ones((5, 3), np.float32))
    np.testing.assert_array_equal(
        f(np.ones((2, 3), np.float32), np.ones((2, 3), np.float32)), np.full((2, 3), 2.0)
    )


def test_einsum_argument_errors():
    with pytest.raises(TypeError, match="subscripts"):
        ten.einsum(np.ones(3), np.ones(3))
    with pytest.raises(ValueError, match="at least one operand"):
        ten.einsum("i")


def test_einsum_interleaved_dtype_and_casting():
    """NumPy's interleaved form (integers 0-51 and Ellipsis, an implicit
    output in their order); `dtype` casts the operands by the rule
    `casting` (NumPy's TypeError where it refuses) and sums in it, except
    for a view of one operand, which NumPy returns as it is."""
    a = np.arange(6.0).reshape(2, 3) + 0.5
    b = a.T.copy()
    for args in [(a, [0, 1], b, [1, 2]), (a, [0, 1], b, [1, 2], [2, 0]),
                 (a, [27, 3]), (a, [Ellipsis, 1], [1, Ellipsis]),
                 (a, [0, 1], [1])]:
        assert_matches(np.asarray(ten.einsum(*args)), np.einsum(*args))
    with pytest.raises(ValueError, match=r"valid range \[0, 52\)"):
        ten.einsum(a, [52, 1])
    for kwargs in [dict(dtype=np.int32, casting="unsafe"),
                   dict(dtype=np.complex64, casting="same_kind"),
                   dict(dtype=np.float32, casting="same_kind")]:
        for subscripts, operands in [("ij,jk", (a, b)), ("ij->i", (a,)),
                                     ("ij->ji", (a,))]:
            assert_matches(np.asarray(ten.einsum(subscripts, *operands,
                                                 **kwargs)),
                           np.einsum(subscripts, *operands, **kwargs))
    with pytest.raises(TypeError, match="according to the rule 'safe'"):
        ten.einsum("ij,jk", a, b, dtype=np.float32)
    out = np.zeros((2, 2))
    assert ten.einsum("ij,jk", a, b, out=out) is out
    assert_matches(out, a @ b)


def test_numpys_errors_for_degenerate_arguments():
    """NumPy's exception types: split into 0 sections divides by zero
    before the check; an infinite or NaN arange length is a ValueError."""
    for function, error in [(lambda m: m.split(np.ones(3), 0),
                             ZeroDivisionError),
                            (lambda m: m.array_split(np.ones(3), 0),
                             ValueError),
                            (lambda m: m.arange(0, np.inf), ValueError),
                            (lambda m: m.arange(np.nan), ValueError)]:
        with pytest.raises(error):
            function(np)
        with pytest.raises(error):
            function(ten)


def test_out_of_memory_is_a_memory_error():
    """A buffer too large for memory: NumPy's MemoryError (and ten's
    ValueError of a failed run), no crash."""
    for make in (lambda m: m.ones((2**40,)), lambda m: m.eye(10**6),
                 lambda m: m.arange(0, 1e12)):
        with pytest.raises(MemoryError):
            make(np)
        with pytest.raises(ten.OutOfMemoryError, match="out of memory") as info:
            make(ten)
        assert isinstance(info.value, MemoryError)
        assert isinstance(info.value, ValueError)
