"""@ten.jit: traced programs against NumPy, the compile cache, the visible
module and explanation, Python's operators on traced values."""

import numpy as np
import pytest

import ten
from conftest import assert_matches


def _softmax_numpy(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


@pytest.mark.parametrize("shape", [(1, 1), (4, 7), (3, 5, 16), (1000,)], ids=str)
def test_softmax(rng, shape):
    @ten.jit
    def softmax(x):
        m = ten.max(x, axis=-1, keepdims=True)
        e = ten.exp(x - m)
        return e / ten.sum(e, axis=-1, keepdims=True)

    x = rng.standard_normal(shape).astype(np.float32)
    assert_matches(softmax(x), _softmax_numpy(x))
    assert_matches(ten.softmax(x), _softmax_numpy(x))


def _layer_norm(x, gamma, beta, eps=1e-5):
    """The layer norm of docs/python.md."""
    mean = x.mean(axis=-1, keepdims=True)
    centered = x - mean
    variance = (centered * centered).mean(axis=-1, keepdims=True)
    return centered * ten.rsqrt(variance + eps) * gamma + beta


def test_layer_norm(rng):
    layer_norm = ten.jit(_layer_norm)
    x = rng.standard_normal((64, 256)).astype(np.float32)
    gamma = rng.standard_normal(256).astype(np.float32)
    beta = rng.standard_normal(256).astype(np.float32)
    mean = x.mean(axis=-1, keepdims=True)
    want = (x - mean) / np.sqrt(x.var(axis=-1, keepdims=True) + 1e-5) * gamma + beta
    assert_matches(layer_norm(x, gamma, beta), want.astype(np.float32), rtol=1e-4, atol=1e-4)


def test_linear_relu(rng):
    @ten.jit
    def layer(x, w, b):
        return ten.relu(x @ w + b)

    x = rng.standard_normal((32, 64)).astype(np.float32)
    w = rng.standard_normal((64, 48)).astype(np.float32)
    b = rng.standard_normal(48).astype(np.float32)
    assert_matches(layer(x, w, b), np.maximum(x @ w + b, 0), rtol=1e-4, atol=1e-4)
    # One module, with the einsum, the add and the relu in it.
    ir = layer.ir()
    assert "ten.einsum" in ir and "ten.add" in ir and "ten.relu" in ir
    assert ir.count("func.func") == 1


def test_attention_scores(rng):
    @ten.jit
    def attention(q, k, v):
        scores = ten.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(q.shape[-1])
        return ten.einsum("bhqk,bhkd->bhqd", ten.softmax(scores, axis=-1), v)

    q, k, v = (rng.standard_normal((2, 4, 16, 8)).astype(np.float32) for _ in range(3))
    scores = np.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(8)
    want = np.einsum("bhqk,bhkd->bhqd", _softmax_numpy(scores), v)
    assert_matches(attention(q, k, v), want, rtol=1e-4, atol=1e-5)


def test_compiles_once_per_signature(rng):
    calls = []

    @ten.jit
    def f(x, y):
        calls.append(1)
        return x * y + 1.0

    a = rng.standard_normal((3, 4)).astype(np.float32)
    b = rng.standard_normal((3, 4)).astype(np.float32)
    f(a, b)
    f(b, a)
    f(a, b)
    assert f.compile_count == 1 and len(calls) == 1
    # A new shape or dtype is a new signature.
    f(a[:2], b[:2])
    f(a.astype(np.float64), b.astype(np.float64))
    assert f.compile_count == 3
    # The eager functions cache theirs too: a shape no other test uses.
    c = rng.standard_normal((7, 3, 5)).astype(np.float32)
    before = ten.exp.compiled.compile_count
    ten.exp(c)
    ten.exp(c + 1)
    assert ten.exp.compiled.compile_count == before + 1


def test_static_arguments_are_part_of_the_signature(rng):
    @ten.jit
    def scale(x, factor):
        return x * factor

    x = rng.standard_normal(5).astype(np.float32)
    assert_matches(scale(x, 2.0), x * 2.0)
    assert_matches(scale(x, 3.0), x * 3.0)
    assert_matches(scale(x, 3), x * 3)
    assert scale.compile_count == 3


def test_operators(rng):
    @ten.jit
    def everything(x, y):
        return (
            x + y, x - y, x * y, x / y, -x, abs(x), x ** 2, 2 ** x,
            x < y, x <= y, x > y, x >= y, x == y, x != y,
            1 - x, 2 / y, x.T, x.reshape(-1), x.sum(axis=0), x.max(),
        )

    x = rng.uniform(0.5, 1.5, size=(3, 4)).astype(np.float32)
    y = rng.uniform(0.5, 1.5, size=(3, 4)).astype(np.float32)
    want = (
        x + y, x - y, x * y, x / y, -x, abs(x), x ** 2, 2 ** x,
        x < y, x <= y, x > y, x >= y, x == y, x != y,
        1 - x, 2 / y, x.T, x.reshape(-1), x.sum(axis=0), np.asarray(x.max()),
    )
    got = everything(x, y)
    assert isinstance(got, tuple) and len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)


def test_numpy_arrays_in_traced_code_are_constants(rng):
    table = np.arange(4, dtype=np.float32)

    @ten.jit
    def shift(x):
        return x + table

    x = rng.standard_normal((2, 4)).astype(np.float32)
    assert_matches(shift(x), x + table)
    assert "ten.constant" in shift.ir()


def test_jit_inside_jit_is_inlined(rng):
    @ten.jit
    def inner(x):
        return ten.exp(x)

    @ten.jit
    def outer(x):
        return inner(x) + 1

    x = rng.standard_normal(4).astype(np.float32)
    assert_matches(outer(x), np.exp(x) + 1)
    assert outer.ir().count("func.func") == 1


def test_explain_reports_decisions(rng):
    @ten.jit
    def chain(a, b, c):
        return ten.einsum("ij,jk,kl->il", a, b, c)

    a = rng.standard_normal((64, 512)).astype(np.float32)
    b = rng.standard_normal((512, 512)).astype(np.float32)
    c = rng.standard_normal((512, 8)).astype(np.float32)
    assert_matches(chain(a, b, c), a @ b @ c, rtol=1e-3, atol=1e-3)
    explanation = chain.explain()
    assert "ij,jk,kl->il" in explanation
    assert "test_jit.py" in explanation
    # The order is visible in the module the pipeline sees, not the traced
    # one, which has the one einsum the user wrote.
    assert chain.ir().count("ten.einsum") == 1


def test_ir_before_a_call_needs_arguments():
    @ten.jit
    def f(x):
        return x

    with pytest.raises(ValueError, match="nothing compiled"):
        f.ir()
    assert "func.func @jit_f" in f.ir(np.ones(2, np.float32))


def test_results_own_their_memory(rng):
    x = rng.standard_normal((3, 4)).astype(np.float32)
    y = ten.exp(x)
    assert y.base is not None  # the buffer the compiled code allocated
    y[0, 0] = 7.0  # writable, and ours
    z = ten.exp(x)
    assert z[0, 0] != 7.0
    del y
    assert_matches(z, np.exp(x))


def test_returning_an_argument_twice(rng):
    @ten.jit
    def twice(x):
        y = x + 1
        return y, y

    x = rng.standard_normal(3).astype(np.float32)
    a, b = twice(x)
    a[0] = 100
    assert_matches(b, x + 1)


def test_mixed_dtypes_cast_in_the_module(rng):
    @ten.jit
    def mixed(i, f):
        return i * f

    i = rng.integers(-3, 4, size=(4,)).astype(np.int32)
    f = rng.standard_normal(4).astype(np.float32)
    assert_matches(mixed(i, f), i * f)
    # int32 * float32 is float64 in NumPy: both operands are cast.
    assert mixed.ir().count("ten.cast") == 2
    assert "tensor<4xf64>" in mixed.ir()


def test_explain_of_functions(rng):
    a = rng.standard_normal((64, 512)).astype(np.float32)
    b = rng.standard_normal((512, 512)).astype(np.float32)
    c = rng.standard_normal((512, 8)).astype(np.float32)
    assert "ij,jk,kl->il" in ten.explain(ten.einsum, "ij,jk,kl->il", a, b, c)
    with pytest.raises(TypeError):
        ten.explain(print)


def test_explain_of_a_program_without_contractions(rng):
    # The documented layer norm: the explanation says how its loops run
    # (here: on one thread, too small to split), never nothing.
    layer_norm = ten.jit(_layer_norm)
    x = rng.standard_normal((64, 128)).astype(np.float32)
    gamma = np.ones(128, np.float32)
    beta = np.zeros(128, np.float32)
    layer_norm(x, gamma, beta)
    explanation = layer_norm.explain()
    assert "runs on one thread" in explanation
    assert "test_jit.py" in explanation
    big = rng.standard_normal((1024, 1024)).astype(np.float32)
    split = ten.jit(lambda x: ten.exp(x) + 1, threads=2)
    split(big)
    assert "split over 2 threads" in split.explain()


def test_traced_scalars_run_one_program_for_every_value():
    @ten.jit(trace_scalars=True, static_argnames="axis")
    def scaled_sum(x, scale, shift=0, axis=0):
        return (x * scale + shift).sum(axis=axis)

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for scale in (2.0, 3.5, -1.25, 0.0):
        got = scaled_sum(x, scale, shift=1, axis=1)
        want = (x * scale + 1).sum(axis=1)
        assert_matches(got, want)
    assert scaled_sum.cache_info().misses == 1
    # A static argument and a number of another type are new signatures.
    assert_matches(scaled_sum(x, 2.0, shift=1, axis=0),
                   (x * 2.0 + 1).sum(axis=0))
    assert_matches(scaled_sum(x, 2, shift=1, axis=1), (x * 2 + 1).sum(axis=1))
    assert scaled_sum.cache_info().misses == 3


@pytest.mark.parametrize("scalar", [5, 2.5, True, 1 + 2j], ids=repr)
@pytest.mark.parametrize("dtype", [np.int8, np.float32, np.float64])
def test_traced_scalars_promote_as_python_numbers(dtype, scalar):
    # NEP 50: a Python number is weak beside an array, traced or not.
    add = ten.jit(lambda a, s: a + s, trace_scalars=True)
    a = np.arange(3).astype(dtype)
    assert_matches(add(a, scalar), a + scalar)


def test_traced_scalars_alone_are_numpy_defaults():
    square = ten.jit(lambda s: s * s, trace_scalars=True)
    assert_matches(square(3), np.asarray(9))
    assert_matches(square(1.5), np.asarray(2.25))
    assert square.cache_info().misses == 2


def test_dynamic_auto_compiles_once_for_a_sequence_of_batch_sizes(rng):
    @ten.jit(dynamic="auto")
    def layer(x, w, b):
        return ten.relu(x @ w + b).mean(axis=-1)

    w = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal(8).astype(np.float32)
    for batch in (2, 3, 5, 9, 64, 1, 0, 2):
        x = rng.standard_normal((batch, 16)).astype(np.float32)
        assert_matches(layer(x, w, b), np.maximum(x @ w + b, 0).mean(axis=-1),
                       rtol=1e-5, atol=1e-6)
    # The first batch size static, then one program for every other but 1
    # and 0, which are never dynamic (as torch.compile's): 4 in all.
    info = layer.cache_info()
    assert info.misses == 4 and info.currsize == 4
    # Another dtype is another signature.
    layer(np.ones((4, 16)), w.astype(np.float64), b.astype(np.float64))
    assert layer.cache_info().misses == 5


def test_dynamic_is_the_default_and_sizes_of_one_still_broadcast(rng):
    @ten.jit
    def add(a, b):
        return a + b

    for n in (3, 4, 5):
        x, y = rng.standard_normal(n), rng.standard_normal(n)
        assert_matches(add(x, y), x + y)
    assert add.cache_info().misses == 2
    # A size of 1 broadcasts, as NumPy's: it gets a static program, never
    # the dynamic one (whose sizes must agree when it runs).
    x, y = rng.standard_normal(1), rng.standard_normal(6)
    assert_matches(add(x, y), x + y)
    assert_matches(add(y, x), y + x)
    assert add.cache_info().misses == 4


def test_dynamic_axes_per_argument(rng):
    @ten.jit(dynamic={0: 0, "w": (-1,)})
    def layer(x, w):
        return (x @ w).sum(axis=0)

    for rows, columns in ((3, 4), (7, 5), (2, 9)):
        x = rng.standard_normal((rows, 6))
        w = rng.standard_normal((6, columns))
        assert_matches(layer(x, w=w), (x @ w).sum(axis=0))
    assert layer.cache_info().misses == 1
    # The axes not named stay static: another size there is another program.
    layer(rng.standard_normal((3, 7)), w=rng.standard_normal((7, 4)))
    assert layer.cache_info().misses == 2
    with pytest.raises(ValueError, match="'dynamic' axis 2 of argument 0 is "
                       "out of range for its 2 dimension"):
        ten.jit(lambda x: x, dynamic={0: 2})(np.ones((2, 2)))
    with pytest.raises(TypeError, match="by position or keyword"):
        ten.jit(lambda x: x, dynamic={1.5: 0})
    with pytest.raises(TypeError, match="its axes as integers"):
        ten.jit(lambda x: x, dynamic={0: "rows"})


def test_dynamic_auto_keeps_static_sizes_a_function_needs():
    @ten.jit(dynamic="auto")
    def flatten(x):
        return x.reshape(x.shape[0] * x.shape[1])

    for rows in (2, 3, 4):
        assert flatten(np.ones((rows, 3))).shape == (rows * 3,)
    assert flatten.cache_info().misses == 3


def test_dynamic_true_compiles_one_program_per_rank(rng):
    @ten.jit(dynamic=True)
    def spread(x):
        return ten.var(x, axis=0, ddof=1), ten.softmax(x, axis=-1)

    for rows, columns in ((3, 4), (7, 2), (5, 9)):
        x = rng.standard_normal((rows, columns))
        variance, softmax = spread(x)
        assert_matches(variance, np.var(x, axis=0, ddof=1))
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        assert_matches(softmax, e / e.sum(axis=-1, keepdims=True))
    assert spread.cache_info().misses == 1


def test_dynamic_true_refuses_size_arithmetic():
    @ten.jit(dynamic=True)
    def flatten(x):
        return x.reshape(x.shape[0] * x.shape[1])

    with pytest.raises(TypeError, match="known only when the program runs"):
        flatten(np.ones((2, 3)))


def test_dynamic_is_checked():
    with pytest.raises(ValueError, match="'dynamic' must be"):
        ten.jit(lambda x: x, dynamic="sometimes")
