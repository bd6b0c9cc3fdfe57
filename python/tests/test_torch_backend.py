"""torch.compile(backend="ten") on real PyTorch modules, against eager
PyTorch: results within tolerance, and the graph splits it reports."""

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

torch = pytest.importorskip(
    "torch", reason="PyTorch is not installed (utils/setup.sh --frameworks)")
nn = torch.nn

import ten  # noqa: E402
from ten import torch_backend  # noqa: E402


pytestmark = pytest.mark.usefixtures("fresh_dynamo")


def compiled_matches(model, *inputs, rtol=1e-5, atol=1e-5):
    """Runs `model` eagerly and compiled by ten; returns the last report."""
    with torch.no_grad():
        expected = model(*inputs)
        compiled = torch.compile(model, backend="ten")
        result = compiled(*inputs)
        # A second call runs the compiled program again.
        again = compiled(*inputs)
    for got in (result, again):
        if isinstance(expected, tuple):
            for e, g in zip(expected, got):
                torch.testing.assert_close(g, e, rtol=rtol, atol=atol,
                                           equal_nan=True)
        else:
            torch.testing.assert_close(got, expected, rtol=rtol, atol=atol,
                                       equal_nan=True)
    return torch_backend.reports[-1]


def _load_models():
    """The example's modules (examples/python/torch_models.py)."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples",
                        "python", "torch_models.py")
    spec = importlib.util.spec_from_file_location("torch_models", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_models = _load_models()
MLP, Block = _models.MLP, _models.Block


def _run_python(code):
    """Runs `code` in a fresh interpreter; returns its last line of output."""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True,
                            text=True, env=dict(os.environ), timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip().splitlines()[-1]


def test_mlp():
    report = compiled_matches(MLP(), torch.randn(16, 32))
    assert report.ten_parts == 1 and report.torch_nodes == 0


def test_linear_model():
    report = compiled_matches(nn.Linear(8, 2), torch.randn(100, 8))
    assert report.torch_nodes == 0


def test_transformer_block():
    report = compiled_matches(Block().eval(), torch.randn(2, 16, 64),
                              rtol=1e-4, atol=1e-4)
    assert report.ten_parts == 1 and report.torch_nodes == 0
    assert report.ten_nodes > 30


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("activation", ["relu", "gelu"])
@pytest.mark.parametrize("masks", [None, "causal", "padding", "both",
                                   "a padded sequence"])
def test_pytorch_transformer_layers_in_inference(norm_first, activation,
                                                 masks):
    # Eval mode without gradients calls PyTorch's fused layer
    # (aten._transformer_encoder_layer_fwd), which ten decomposes; its
    # masks come as floats (0 and -inf), and a fully padded sequence gives
    # NaN, as the fused kernel's.
    torch.manual_seed(0)
    layer = nn.TransformerEncoderLayer(
        16, 4, 32, dropout=0.0, batch_first=True, norm_first=norm_first,
        activation=activation).eval()
    causal = padding = None
    if masks in ("causal", "both"):
        causal = nn.Transformer.generate_square_subsequent_mask(5) != 0
    if masks in ("padding", "both", "a padded sequence"):
        padding = torch.zeros(2, 5, dtype=torch.bool)
        padding[0, 3:] = True
        if masks == "a padded sequence":
            padding[1] = True
    report = compiled_matches(
        lambda x: layer(x, src_mask=causal, src_key_padding_mask=padding),
        torch.randn(2, 5, 16), rtol=1e-4, atol=1e-4)
    assert report.torch_nodes == 0, dict(report.unsupported)


@pytest.mark.parametrize("mask_type", [None, 0, 1, 2])
@pytest.mark.parametrize("floating_mask", [False, True])
@pytest.mark.parametrize("weights", ["averaged", "per head", "none"])
def test_fused_multi_head_attention(mask_type, floating_mask, weights):
    # PyTorch's fused self-attention, which nn.MultiheadAttention calls in
    # eager inference (under torch.compile it takes the unfused path): mask
    # types 0 (target x source), 1 (key padding) and 2 (broadcast to the
    # scores), boolean or floating (masked where nonzero).
    torch.manual_seed(0)
    attention = nn.MultiheadAttention(16, 4, batch_first=True).eval()
    shapes = {None: None, 0: (5, 5), 1: (2, 5), 2: (2, 4, 5, 5)}
    mask = None
    if mask_type is not None:
        mask = torch.rand(*shapes[mask_type]) > 0.7
        if floating_mask:
            mask = torch.zeros(mask.shape).masked_fill(mask, float("-inf"))

    def fused(x):
        return torch._native_multi_head_attention(
            x, x, x, 16, 4, attention.in_proj_weight, attention.in_proj_bias,
            attention.out_proj.weight, attention.out_proj.bias, mask,
            weights != "none", weights == "averaged", mask_type)

    report = compiled_matches(fused, torch.randn(2, 5, 16), rtol=1e-4,
                              atol=1e-4)
    assert report.torch_nodes == 0, dict(report.unsupported)


def test_layer_norm_and_softmax():
    norm = nn.LayerNorm(48)
    report = compiled_matches(lambda x: torch.softmax(norm(x) * 2, dim=-1),
                              torch.randn(4, 10, 48))
    assert report.torch_nodes == 0


def test_scaled_dot_product_attention():
    def attention(q, k, v):
        return nn.functional.scaled_dot_product_attention(q, k, v)

    q, k, v = (torch.randn(2, 3, 8, 16) for _ in range(3))
    report = compiled_matches(attention, q, k, v)
    assert report.torch_nodes == 0


def test_einsum_heavy_code():
    def bilinear(x, w, y):
        scores = torch.einsum("bqd,bkd->bqk", x, y)
        mixed = torch.einsum("bqk,bkd,de->bqe", scores.softmax(-1), y, w)
        return mixed.sum(dim=1), torch.einsum("bqe->b", mixed)

    report = compiled_matches(bilinear, torch.randn(3, 5, 8),
                              torch.randn(8, 6), torch.randn(3, 7, 8),
                              rtol=1e-4, atol=1e-4)
    assert report.torch_nodes == 0


@pytest.mark.parametrize("dtype", [torch.float64, torch.float16,
                                   torch.bfloat16])
def test_float_dtypes(dtype):
    tolerance = {torch.float64: 1e-10, torch.float16: 2e-3,
                 torch.bfloat16: 2e-2}[dtype]
    model = MLP((8, 16, 4)).to(dtype)
    compiled_matches(model, torch.randn(5, 8, dtype=dtype), rtol=tolerance,
                     atol=tolerance)


def test_pytorch_promotion_and_integer_division():
    def mixed(i, x):
        # int32 + a Python float is float32 in PyTorch (float64 in NumPy);
        # division modes of integers round as PyTorch's.
        return (i + 1.5, i * x, torch.div(i, 3, rounding_mode="trunc"),
                torch.div(i, 3, rounding_mode="floor"), i / 2, i.sum(),
                (x > 0).sum(dim=0))

    i = torch.arange(-7, 8, dtype=torch.int32)
    x = torch.randn(15)
    expected = mixed(i, x)
    with torch.no_grad():
        got = torch.compile(mixed, backend="ten")(i, x)
    for e, g in zip(expected, got):
        assert g.dtype == e.dtype, (g.dtype, e.dtype)
        torch.testing.assert_close(g, e)


def test_unsupported_operators_run_in_pytorch():
    def with_sort(x):
        y = torch.exp(x) + 1
        values, _ = torch.sort(y, dim=-1, stable=True)
        # inv's error code is checked by an effectful op PyTorch runs.
        inverse = torch.linalg.inv(x @ x.mT + 5 * torch.eye(4))
        return values.cumsum(-1) * 2 + inverse

    report = compiled_matches(with_sort, torch.randn(3, 4, 4))
    assert report.torch_nodes >= 1
    assert report.ten_parts >= 1
    assert any("with_effects" in name for name in report.unsupported)


def test_parameters_that_require_grad_in_inference():
    model = MLP((8, 8, 2))
    x = torch.randn(4, 8)
    expected = model(x).detach()
    with torch.no_grad():
        got = torch.compile(model, backend="ten")(x)
    torch.testing.assert_close(got, expected)


def test_new_batch_sizes():
    model = MLP((16, 32, 4))
    compiled = torch.compile(model, backend="ten")
    with torch.no_grad():
        for batch in (2, 3, 5, 9):
            x = torch.randn(batch, 16)
            torch.testing.assert_close(compiled(x), model(x))


def test_the_backend_is_found_by_name_without_importing_ten():
    # PyTorch loads it through the package's entry point.
    code = (
        "import torch\n"
        "m = torch.nn.Linear(4, 3)\n"
        "x = torch.randn(2, 4)\n"
        "with torch.no_grad():\n"
        "    y = torch.compile(m, backend='ten')(x)\n"
        "    torch.testing.assert_close(y, m(x))\n"
        "import sys\n"
        "print('ten.torch_backend' in sys.modules)\n")
    assert _run_python(code) == "True"


def test_registered_when_dynamo_is_loaded_first():
    code = ("import torch._dynamo\n"
            "import ten\n"
            "from torch._dynamo.backends.registry import _COMPILER_FNS\n"
            "print('ten' in _COMPILER_FNS)\n")
    assert _run_python(code) == "True"


def test_importing_ten_does_not_load_pytorch():
    code = "import ten, sys\nprint('torch' in sys.modules)\n"
    assert _run_python(code) == "False"


def test_the_example_runs():
    reports = _models.main()
    assert all(report.torch_nodes == 0 for report in list(reports)[-2:])


def test_a_training_step_gives_eager_gradients():
    # AOTAutograd compiles the backward graph with the same backend: the
    # operators it converts run on ten, the others in PyTorch.
    model = MLP((8, 16, 2))
    reference = MLP((8, 16, 2))
    reference.load_state_dict(model.state_dict())
    x, y = torch.randn(32, 8), torch.randn(32, 2)
    loss = ((torch.compile(model, backend="ten")(x) - y) ** 2).mean()
    loss.backward()
    expected = ((reference(x) - y) ** 2).mean()
    expected.backward()
    torch.testing.assert_close(loss, expected)
    for got, want in zip(model.parameters(), reference.parameters()):
        torch.testing.assert_close(got.grad, want.grad)
    # The forward graph and the backward one, each wholly on ten.
    forward, backward = list(torch_backend.reports)[-2:]
    assert forward.torch_nodes == 0 and backward.torch_nodes == 0


def test_a_transformer_blocks_gradients():
    model = Block()
    reference = Block()
    reference.load_state_dict(model.state_dict())
    x = torch.randn(2, 8, 64)
    (torch.compile(model, backend="ten")(x) ** 2).mean().backward()
    (reference(x) ** 2).mean().backward()
    for got, want in zip(model.parameters(), reference.parameters()):
        torch.testing.assert_close(got.grad, want.grad, rtol=1e-4, atol=1e-6)
    backward = torch_backend.reports[-1]
    assert backward.torch_nodes == 0 and backward.ten_nodes > 60


def test_sorting_scans_and_gathers():
    def select(x, rows, picks):
        values, order = torch.sort(x, dim=-1, descending=True)
        top, where = torch.topk(x, 3, dim=1)
        return (values, order, top, where, torch.cumsum(x, dim=0),
                torch.index_select(x, 1, rows), torch.gather(x, 1, picks),
                torch.flip(x, dims=[0, 1]), x[rows])

    x = torch.randn(4, 6)
    x[1, 2] = float("nan")  # NaN sorts as the largest, as PyTorch's does
    rows = torch.tensor([3, 0, 0, 2])
    picks = torch.randint(0, 6, (4, 6))
    with torch.no_grad():
        expected = select(x, rows, picks)
        got = torch.compile(select, backend="ten")(x, rows, picks)
    for e, g in zip(expected, got):
        torch.testing.assert_close(g, e, equal_nan=True)
    assert torch_backend.reports[-1].torch_nodes == 0


EDGE_CASES = {
    "empty batch": (lambda x, w: torch.relu(x @ w).sum(-1),
                    lambda: (torch.randn(0, 4), torch.randn(4, 3))),
    "0-d result": (lambda x: x.sum(), lambda: (torch.randn(5),)),
    "int64 arithmetic": (lambda x: (x * 3 + 1) // 2 % 5,
                         lambda: (torch.arange(-6, 6),)),
    "booleans": (lambda x: (x > 0) & (x < 0.5) | ~(x == 0),
                 lambda: (torch.randn(10),)),
    "in-place updates": (lambda x: x.clone().add_(1).mul_(2),
                         lambda: (torch.randn(4),)),
    "complex": (lambda x: (x * x).abs(),
                lambda: (torch.randn(4, dtype=torch.complex64),)),
    "transposed input": (lambda x: x.t().exp(), lambda: (torch.randn(3, 5),)),
    "max with indices": (lambda x: x.max(dim=1), lambda: (torch.randn(3, 5),)),
    "layer norm without affine": (
        lambda x: nn.functional.layer_norm(x, (5,)), lambda: (torch.randn(3, 5),)),
    "division by zero": (lambda x: x / 0, lambda: (torch.arange(3).float(),)),
    "embedding": (lambda w, i: nn.functional.embedding(i, w),
                  lambda: (torch.randn(10, 4), torch.tensor([[1, 2], [9, 0]]))),
    "padding": (lambda x: nn.functional.pad(x, (1, 2)),
                lambda: (torch.randn(2, 3),)),
    # A negative width crops its end of the dim.
    "padding that crops": (
        lambda x: (nn.functional.pad(x, (-1, 2, 1, -2), value=7.0),
                   nn.functional.pad(x, (-2, -3)),
                   nn.functional.pad(x.int(), (0, 0, -3, 0), value=4)),
        lambda: (torch.randn(2, 3, 5),)),
    # PyTorch's angle of reals: pi below zero, 0 at -0 (NumPy's is pi),
    # NaN at NaN; integers and booleans give floats.
    "angle and polar": (
        lambda x, n, r: (torch.angle(x), torch.angle(n), torch.angle(n > 0),
                         torch.angle(torch.complex(x, x.flip(0))),
                         torch.view_as_real(torch.polar(r, x))),
        lambda: (torch.tensor([-0.0, 0.0, -1.0, float("nan"),
                               -float("inf"), 2.5]),
                 torch.tensor([-3, 0, 5, 1, -1, 2]),
                 torch.tensor([1.0, -1.0, 0.0, float("inf"), 2.0, 0.5]))),
    "sum to float64": (lambda x: x.sum(dtype=torch.float64),
                       lambda: (torch.randn(5),)),
    "variance": (lambda x: x.var(dim=1), lambda: (torch.randn(4, 6),)),
    # PyTorch computes the composite operators of 16-bit floats in float32
    # and rounds once; so does the backend.
    "float16 softmax": (lambda x: torch.softmax(x, -1),
                        lambda: (torch.randn(4, 6, dtype=torch.float16),)),
    # Bits: views between dtypes, signs of NaN and of zero, the next float.
    "view as another dtype": (
        lambda x: (x.view(torch.int32) >> 23, x.view(torch.int16) << 3,
                   x.view(torch.uint8),
                   x.view(torch.float64)),
        lambda: (torch.randn(3, 4),)),
    "signbit, copysign, nextafter": (
        lambda x, y: (torch.signbit(x), torch.copysign(x, y),
                      torch.copysign(x, -1.0), torch.nextafter(x, y)),
        lambda: (torch.tensor([-0.0, 0.0, float("nan"), -float("nan"), 1.5,
                               -float("inf")]),
                 torch.tensor([1.0, -0.0, -2.0, float("nan"), 3.0, 0.0]))),
    "bfloat16 layer norm and GELU": (
        lambda x: nn.functional.gelu(nn.functional.layer_norm(x, (6,))),
        lambda: (torch.randn(4, 6, dtype=torch.bfloat16),)),
}


@pytest.mark.parametrize("case", sorted(EDGE_CASES))
def test_edge_cases(case):
    function, make_inputs = EDGE_CASES[case]
    report = compiled_matches(function, *make_inputs(), rtol=1e-3, atol=1e-3)
    assert report.torch_nodes == 0


def test_fourier_transforms():
    # torch.fft's three operators over dims, every normalization, real and
    # complex signals, and the conjugate hfft takes: all on ten.
    def spectra(x, c):
        return (torch.fft.fft(x), torch.fft.rfft(x, norm="ortho"),
                torch.fft.irfft(c, n=10), torch.fft.ifft(c),
                torch.fft.fft2(c), torch.fft.hfft(c), torch.fft.rfftn(x),
                torch.fft.irfftn(torch.fft.rfftn(x), s=x.shape),
                torch.fft.ifftn(c, norm="forward"))

    x = torch.randn(4, 12)
    c = torch.randn(4, 5, dtype=torch.complex64)
    report = compiled_matches(spectra, x, c, rtol=1e-4, atol=1e-4)
    assert report.torch_nodes == 0


def test_decompositions():
    # QR, eigh, SVD and the general eigendecomposition: every result of
    # each, in the input's precision. The vectors are unique up to sign or
    # phase, so what they must satisfy is checked, and the values.
    def decompose(a, s):
        q, r = torch.linalg.qr(a)
        w, v = torch.linalg.eigh(s)
        u, sv, vh = torch.linalg.svd(a, full_matrices=False)
        e, ev = torch.linalg.eig(a)
        residual = a.to(ev.dtype) @ ev - ev * e.unsqueeze(-2)
        return (q @ r, w, v @ torch.diag_embed(w) @ v.mT,
                u @ torch.diag_embed(sv) @ vh, sv, residual.abs().max(),
                torch.max(a), torch.min(s))

    a = torch.randn(3, 5, 5)
    report = compiled_matches(decompose, a, a + a.mT, rtol=1e-4, atol=1e-4)
    assert report.torch_nodes == 0


@pytest.mark.parametrize("function, argument", [
    (torch.sign, torch.tensor([-0.0, float("nan"), 3.0, -2.0])),
    (lambda v: nn.functional.log_softmax(v, 0),
     torch.tensor([float("inf"), 1.0])),
    (lambda v: nn.functional.softmax(v, 0),
     torch.tensor([float("inf"), 1.0])),
    (lambda v: nn.functional.softmax(v, 0), torch.zeros(0, 5)),
    (lambda v: nn.functional.log_softmax(v, 0), torch.zeros(0, 5)),
], ids=["sign", "log_softmax", "softmax", "empty-softmax",
        "empty-log_softmax"])
def test_nan_and_infinite_edges_as_pytorch(function, argument):
    """Where PyTorch's operators part from NumPy's on NaN, infinities and
    empty dimensions, ten gives PyTorch's answer: the sign of NaN is 0,
    log_softmax subtracts an infinite maximum too (log_softmax([inf, 1])
    is [nan, nan]), and softmax over an empty dimension is empty."""
    report = compiled_matches(function, argument)
    assert report.ten_parts == 1 and report.torch_nodes == 0
