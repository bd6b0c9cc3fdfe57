"""torch.compile(backend="ten") on PyTorch's convolutions, pooling,
normalization and the selection operators the decompositions keep whole:
each runs in ten (no node left to PyTorch) and matches eager PyTorch."""

import copy
import math

import pytest

torch = pytest.importorskip(
    "torch", reason="PyTorch is not installed (utils/setup.sh --frameworks)")
F = torch.nn.functional

from ten import torch_backend  # noqa: E402


pytestmark = pytest.mark.usefixtures("fresh_dynamo")


def runs_in_ten(function, *inputs, rtol=1e-4, atol=1e-4):
    """`function` compiled by ten gives eager PyTorch's results (twice: the
    second call runs the compiled program again), with every node of its
    graph in ten."""
    with torch.no_grad():
        expected = function(*inputs)
        compiled = torch.compile(function, backend="ten")
        results = [compiled(*inputs), compiled(*inputs)]
    for got in results:
        torch.testing.assert_close(got, expected, rtol=rtol, atol=atol,
                                   equal_nan=True)
    report = torch_backend.reports[-1]
    assert report.torch_nodes == 0, dict(report.unsupported)


def image(*shape, dtype=torch.float32):
    return torch.randn(*shape, dtype=dtype)


CONVOLUTIONS = {
    "conv1d": (lambda x, w: F.conv1d(x, w, padding=2, stride=3),
               (2, 4, 17), (6, 4, 5)),
    "conv2d": (lambda x, w: F.conv2d(x, w), (2, 3, 8, 9), (5, 3, 3, 3)),
    "conv2d strided, padded, dilated": (
        lambda x, w: F.conv2d(x, w, stride=(2, 1), padding=(1, 3),
                              dilation=(1, 2)),
        (2, 3, 9, 8), (4, 3, 3, 2)),
    "conv2d grouped": (lambda x, w: F.conv2d(x, w, groups=3, padding=1),
                       (1, 6, 7, 7), (9, 2, 3, 3)),
    "conv2d depthwise with bias": (
        lambda x, w: F.conv2d(x, w, torch.arange(4.0), groups=4, stride=2),
        (2, 4, 8, 8), (4, 1, 3, 3)),
    "conv2d same padding": (lambda x, w: F.conv2d(x, w, padding="same"),
                            (1, 2, 6, 7), (3, 2, 4, 3)),
    "conv3d": (lambda x, w: F.conv3d(x, w, stride=2, padding=1),
               (1, 2, 5, 6, 7), (3, 2, 3, 3, 3)),
    "conv_transpose1d": (
        lambda x, w: F.conv_transpose1d(x, w, stride=3, padding=1,
                                        output_padding=2),
        (2, 3, 7), (3, 4, 4)),
    "conv_transpose2d": (
        lambda x, w: F.conv_transpose2d(x, w, stride=2, padding=1),
        (2, 4, 5, 6), (4, 3, 3, 3)),
    "conv_transpose2d grouped and dilated": (
        lambda x, w: F.conv_transpose2d(x, w, stride=(1, 2), groups=2,
                                        dilation=2, output_padding=(0, 1)),
        (1, 4, 5, 5), (4, 3, 2, 3)),
    "conv_transpose2d padding past the overhang": (
        lambda x, w: F.conv_transpose2d(x, w, stride=3, padding=3),
        (1, 2, 6, 6), (2, 2, 3, 3)),
    "conv_transpose3d": (
        lambda x, w: F.conv_transpose3d(x, w, stride=2),
        (1, 2, 3, 4, 3), (2, 3, 2, 2, 2)),
}


@pytest.mark.parametrize("case", sorted(CONVOLUTIONS))
def test_convolutions(case):
    function, x_shape, w_shape = CONVOLUTIONS[case]
    runs_in_ten(function, image(*x_shape), image(*w_shape))


def test_convolutions_of_16_bit_floats_accumulate_in_float32():
    x = image(1, 8, 6, 6, dtype=torch.bfloat16)
    w = image(4, 8, 3, 3, dtype=torch.bfloat16)
    runs_in_ten(lambda x, w: F.conv2d(x, w), x, w, rtol=2e-2, atol=2e-2)


def test_a_convolutional_network():
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, stride=2, padding=1),
        torch.nn.BatchNorm2d(8), torch.nn.ReLU6(),
        torch.nn.MaxPool2d(3, stride=2, padding=1),
        torch.nn.Conv2d(8, 8, 3, padding=1, groups=4),
        torch.nn.GroupNorm(2, 8), torch.nn.LeakyReLU(0.1),
        torch.nn.AdaptiveAvgPool2d(1), torch.nn.Flatten(),
        torch.nn.Linear(8, 5)).eval()
    runs_in_ten(model, image(2, 3, 20, 20))


def with_nan(x):
    x = x.clone()
    x.view(-1)[3] = float("nan")
    return x


POOLING = {
    "max_pool2d with indices": (
        lambda x: F.max_pool2d(x, 3, stride=2, padding=1,
                               return_indices=True), image(2, 3, 9, 8)),
    "max_pool2d ceil mode, dilated": (
        lambda x: F.max_pool2d(x, 2, stride=2, dilation=2, ceil_mode=True,
                               return_indices=True), image(1, 2, 9, 10)),
    "max_pool2d of NaN": (
        lambda x: F.max_pool2d(x, 2, return_indices=True),
        with_nan(image(1, 1, 4, 4))),
    "max_pool2d unbatched": (lambda x: F.max_pool2d(x, (2, 3)),
                             image(3, 7, 8)),
    "max_pool1d": (lambda x: F.max_pool1d(x, 3, stride=2,
                                          return_indices=True),
                   image(2, 3, 11)),
    "max_pool3d": (lambda x: F.max_pool3d(x, 2, padding=1,
                                          return_indices=True),
                   image(1, 2, 5, 4, 6)),
    "max_pool2d of bfloat16": (
        lambda x: F.max_pool2d(x, 2, return_indices=True),
        with_nan(image(1, 2, 4, 6, dtype=torch.bfloat16))),
    "max_pool2d of integers": (
        lambda x: F.max_pool2d(x, 2, padding=1, return_indices=True),
        torch.randint(-5, 5, (1, 2, 5, 4))),
    "avg_pool2d": (lambda x: F.avg_pool2d(x, 3, stride=2, padding=1),
                   image(2, 3, 9, 8)),
    "avg_pool2d without padding's count": (
        lambda x: F.avg_pool2d(x, 3, stride=2, padding=1,
                               count_include_pad=False), image(2, 3, 9, 8)),
    "avg_pool2d ceil mode": (
        lambda x: F.avg_pool2d(x, 4, stride=3, ceil_mode=True, padding=1),
        image(1, 2, 10, 11)),
    "avg_pool2d divisor": (
        lambda x: F.avg_pool2d(x, 2, divisor_override=3), image(1, 2, 6, 6)),
    "avg_pool1d": (lambda x: F.avg_pool1d(x, 4, stride=2), image(2, 3, 13)),
    "avg_pool3d": (lambda x: F.avg_pool3d(x, 2, stride=1, padding=1),
                   image(1, 2, 4, 5, 3)),
    "adaptive_avg_pool2d": (lambda x: F.adaptive_avg_pool2d(x, (4, 3)),
                            image(2, 3, 9, 7)),
    "adaptive_avg_pool1d": (lambda x: F.adaptive_avg_pool1d(x, 5),
                            image(2, 3, 13)),
    "adaptive_avg_pool3d": (lambda x: F.adaptive_avg_pool3d(x, (2, 3, 2)),
                            image(1, 2, 5, 7, 4)),
    "adaptive_max_pool2d": (
        lambda x: F.adaptive_max_pool2d(x, (4, 3), return_indices=True),
        image(2, 3, 9, 7)),
    "adaptive_max_pool2d of NaN": (
        lambda x: F.adaptive_max_pool2d(x, 3, return_indices=True),
        with_nan(image(1, 1, 7, 5))),
    "adaptive_max_pool1d": (
        lambda x: F.adaptive_max_pool1d(x, 4, return_indices=True),
        image(2, 3, 10)),
}


@pytest.mark.parametrize("case", sorted(POOLING))
def test_pooling(case):
    function, x = POOLING[case]
    runs_in_ten(function, x)


def test_batch_norm_in_training_updates_the_running_statistics():
    norm = torch.nn.BatchNorm2d(3, momentum=0.2).train()
    x = image(4, 3, 5, 5)
    expected_norm = torch.nn.BatchNorm2d(3, momentum=0.2).train()
    with torch.no_grad():
        expected = expected_norm(x)
        compiled = torch.compile(norm, backend="ten")
        got = compiled(x)
    torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-4)
    torch.testing.assert_close(norm.running_mean, expected_norm.running_mean)
    torch.testing.assert_close(norm.running_var, expected_norm.running_var)
    assert torch_backend.reports[-1].torch_nodes == 0


@pytest.mark.parametrize("function", [
    lambda x: F.instance_norm(x),
    lambda x: F.group_norm(x, 2, torch.arange(4.0), torch.ones(4)),
    lambda x: F.batch_norm(x, None, None, training=True),
], ids=["instance_norm", "group_norm", "batch_norm without statistics"])
def test_normalization(function):
    runs_in_ten(function, image(3, 4, 5, 6))


@pytest.mark.parametrize("function", [
    lambda x: F.hardtanh(x, -0.5, 0.25),
    lambda x: F.relu6(x * 4),
    lambda x: F.leaky_relu(x, 0.2),
    lambda x: F.elu(x, 0.7),
    lambda x: F.selu(x),
    lambda x: F.celu(x, 0.5),
    lambda x: F.rrelu(x, 0.1, 0.3, training=False),
], ids=["hardtanh", "relu6", "leaky_relu", "elu", "selu", "celu", "rrelu"])
def test_activations(function):
    x = torch.randn(4, 7)
    x[0, 0] = float("nan")
    runs_in_ten(function, x)


SELECTION = {
    "gather of part of the rows": (
        lambda x, i: torch.gather(x, 1, i),
        (torch.randn(4, 6), torch.randint(0, 6, (3, 2)))),
    "scatter_add": (
        lambda x, i: torch.zeros(3, 6).scatter_add(0, i, x),
        (torch.randn(4, 6), torch.randint(0, 3, (4, 6)))),
    "scatter of part of the source": (
        lambda x, i: torch.zeros(5, 6).scatter(0, i, x),
        (torch.randn(4, 6), torch.tensor([[0, 1, 2], [3, 4, 0]]))),
    "scatter_reduce, every reduction, with and without self": (
        lambda x, i, n: tuple(
            t.scatter_reduce(0, i, s, reduce=reduce, include_self=include)
            for t, s in ((torch.ones(3, 6), x), (torch.full((3, 6), 7), n))
            for reduce in ("sum", "prod", "mean", "amax", "amin")
            for include in (True, False)),
        (torch.tensor([[1.5, float("nan")] * 3] + [[-2.0] * 6] * 3),
         torch.randint(0, 2, (4, 6)), torch.randint(-9, 9, (4, 6)))),
    "index_reduce, every reduction, with and without self": (
        lambda x, n: tuple(
            t.index_reduce(d, torch.tensor([0, 2, 0]), s, reduce=reduce,
                           include_self=include)
            for d, t, s in ((0, torch.ones(4, 6), x), (1, n, n[:, :3]))
            for reduce in ("prod", "mean", "amax", "amin")
            for include in (True, False)),
        (torch.randn(3, 6), torch.randint(-9, 9, (4, 6)))),
    "ldexp (rounded once) and frexp": (
        lambda x, e: (torch.ldexp(x, e), torch.ldexp(x.double(), e),
                      torch.ldexp(x, e.float() / 2), torch.frexp(x)),
        (torch.tensor([2.0**100, -0.0, float("inf"), float("nan"), 3.0]),
         torch.tensor([-200, 7, 1, 0, -150]))),
    "bilinear, addmv and losses of new tensors": (
        lambda x, y, w: (F.bilinear(x, y, w, torch.arange(4.0)),
                         torch.addmv(torch.ones(4), w[:, 0], y[0], beta=0.5,
                                     alpha=2),
                         F.hinge_embedding_loss(x, torch.ones(6, 3))),
        (torch.randn(6, 3), torch.randn(6, 5), torch.randn(4, 3, 5))),
    "index_put accumulating repeated indices": (
        lambda x, i: torch.zeros(5).index_put((i,), x, accumulate=True),
        (torch.randn(6), torch.tensor([0, 4, 0, 2, 4, 4]))),
    "index_add and index_copy": (
        lambda x, i: (torch.ones(4, 3).index_add(1, i, x, alpha=2),
                      torch.zeros(4, 5).index_copy(1, i[:3], x[:, :3])),
        (torch.randn(4, 6), torch.tensor([0, 2, 1, 0, 2, 2]))),
    "diagonal, trace and diag": (
        lambda x: (torch.diagonal(x, -1), torch.trace(x),
                   torch.diag(x, 2), torch.einsum("ii->i", x[:, :4])),
        (torch.randn(4, 6),)),
    "repeat and tile": (
        lambda x: (x.repeat(2, 1, 3), torch.tile(x, (2,))),
        (torch.randn(3, 4),)),
    "unfold": (lambda x: (x.unfold(1, 3, 2), x.unfold(0, 2, 1)),
               (torch.randn(4, 9),)),
    "tril and triu indices": (
        lambda x: (x[tuple(torch.tril_indices(4, 6, -1))],
                   x[tuple(torch.triu_indices(4, 6, 2))]),
        (torch.randn(4, 6),)),
    "median, nanmedian and kthvalue": (
        lambda x: (torch.median(x, 1), torch.median(x),
                   torch.nanmedian(x, 0), torch.kthvalue(x[[0, 1, 3]], 3, 1),
                   torch.kthvalue(x[[0, 3]], 2, 0, keepdim=True)),
        (torch.tensor([[3.0, 1.0, float("nan"), 2.0, 5.0, 4.0],
                       [1.0, 2.0, 2.0, 2.0, 0.0, -1.0],
                       [float("nan")] * 6,
                       [6.0, 5.0, 4.0, 3.0, 2.0, 1.0]]),)),
    "bucketize and searchsorted": (
        lambda x, b: (torch.bucketize(x, b), torch.bucketize(x, b, right=True),
                      torch.searchsorted(b, x, right=True),
                      torch.searchsorted(b, x, side="left", out_int32=True)),
        (torch.tensor([-2.0, 0.0, 0.5, 1.0, 3.0, float("nan")]),
         torch.tensor([0.0, 1.0, 1.0, 2.0]))),
    "cummax and cummin with ties and NaN": (
        lambda x: (torch.cummax(x, 1), torch.cummin(x, 0)),
        (torch.tensor([[1.0, 3.0, 3.0, 2.0, 5.0],
                       [2.0, float("nan"), 1.0, float("nan"), 0.0],
                       [0.0, 0.0, -1.0, -1.0, 4.0]]),)),
    "median of float16 with NaN": (
        lambda x: torch.median(x, 0),
        (torch.tensor([[1.0, float("nan")], [0.5, 2.0], [3.0, 1.0]],
                      dtype=torch.float16),)),
    "mode": (lambda x: (torch.mode(x, 1), torch.mode(x, 0, keepdim=True),
                        torch.mode(x > 2, 1)),
             (torch.tensor([[3, 1, 3, 1, 2], [5, 5, 0, 5, 0],
                            [1, 2, 3, 4, 5], [7, 7, 7, 7, 7]]),)),
    "nonzero_static and combinations": (
        lambda x: (torch.nonzero_static(x, size=7),
                   torch.nonzero_static(x > 0, size=2, fill_value=-5),
                   torch.nonzero_static(x[0, 0], size=2),
                   torch.combinations(x[0], 2)),
        (torch.tensor([[0.0, 1.0, 2.0], [3.0, 0.0, -1.0]]),)),
    "numbers (0-d)": (
        lambda x: (torch.median(x, 0, keepdim=True), torch.median(x),
                   torch.nanmedian(x, 0), torch.kthvalue(x, 1, 0, True),
                   torch.cummax(x, 0), torch.cummin(x, 0),
                   torch.mode(x.long(), 0, keepdim=True)),
        (torch.tensor(2.5),)),
    "integer cummax": (lambda x: torch.cummax(x, 0),
                       (torch.tensor([[3, 1], [3, 4], [2, 4]]),)),
    "logcumsumexp": (lambda x: torch.logcumsumexp(x, 1),
                     (torch.randn(3, 40) * 30,)),
    "masked_scatter": (
        lambda x, m: x.masked_scatter(m, torch.arange(30.0).reshape(5, 6)),
        (torch.randn(4, 6), torch.randn(4, 6) > 0)),
    "circular padding": (lambda x: F.pad(x, (2, 1, 1, 2), mode="circular"),
                         (torch.randn(1, 2, 4, 5),)),
    "vander": (lambda x: torch.vander(x, 4), (torch.randn(5),)),
    "complex numbers and their parts": (
        lambda x: (torch.view_as_real(torch.complex(x, x.flip(0)) * 2j),
                   torch.complex(x, torch.zeros(())).abs()),
        (torch.tensor([1.0, -float("inf"), float("nan"), 0.5]),)),
    "histc": (lambda x: (torch.histc(x, 7, -1, 2), torch.histc(x, 5),
                         torch.histc(torch.ones(3) * x[0], 4)),
              (torch.randn(50),)),
    "batched searchsorted": (
        lambda s, x: (torch.searchsorted(s, x),
                      torch.searchsorted(s, x, right=True)),
        (torch.sort(torch.randn(3, 7), 1)[0], torch.randn(3, 4))),
    "round to decimals": (
        lambda x: (torch.round(x, decimals=2), torch.round(x, decimals=-1)),
        (torch.randn(10) * 100,)),
    "hypot, fmax, fmin, gcd, lcm": (
        lambda x, n: (torch.hypot(x, x.flip(0)),
                      torch.fmax(x, x.log()), torch.fmin(x, x.log()),
                      torch.gcd(n, n.flip(0)), torch.lcm(n, n.flip(0))),
        (torch.randn(6), torch.tensor([0, -4, 6, 9, 12, -15]))),
}


GRID = torch.rand(2, 3, 4, 2) * 2.4 - 1.2
# Points up to 3.5 sizes out, which the reflection folds back several
# times; the corners and the center exactly; NaN and infinite coordinates
# (PyTorch's CPU kernels clip NaN to 0 for the border and the reflection,
# and read nothing there for zeros).
FAR_GRID = torch.cat([torch.tensor([[[[1.0, -1.0], [-1.0, 1.0], [0.0, 0.0],
                                      [-3.0, 3.0]]]]).expand(2, 1, 4, 2),
                      torch.tensor([[[[math.nan, 0.0], [0.0, math.nan],
                                      [math.inf, 0.0], [-math.inf, 0.5]]]]
                                   ).expand(2, 1, 4, 2),
                      torch.rand(2, 3, 4, 2) * 7 - 3.5], dim=1)


@pytest.mark.parametrize("mode", ["bilinear", "nearest", "bicubic"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align_corners", [False, True])
def test_grid_sample(mode, padding, align_corners):
    def sample(x, g):
        return F.grid_sample(x, g, mode=mode, padding_mode=padding,
                             align_corners=align_corners)

    runs_in_ten(sample, image(2, 3, 5, 6), GRID)
    runs_in_ten(sample, image(2, 3, 5, 6), FAR_GRID)
    # A single row: the reflection of a dimension of one element.
    runs_in_ten(sample, image(2, 2, 1, 4), FAR_GRID)


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
@pytest.mark.parametrize("extra", [{}, {"include_last_offset": True},
                                   {"padding_idx": 2}],
                         ids=["plain", "last offset", "padding"])
def test_embedding_bag(mode, extra):
    # Bags of 3, 0 (empty), 2 and 4 indices.
    indices = torch.tensor([1, 2, 4, 2, 9, 0, 2, 2, 5])
    offsets = torch.tensor([0, 3, 3, 5] + (
        [9] if extra.get("include_last_offset") else []))
    runs_in_ten(lambda w: F.embedding_bag(indices, w, offsets, mode=mode,
                                          **extra),
                torch.randn(10, 6))


def test_embedding_bag_with_per_sample_weights():
    indices, offsets = torch.tensor([1, 2, 4, 2, 9]), torch.tensor([0, 2])
    runs_in_ten(lambda w, p: F.embedding_bag(indices, w, offsets,
                                             mode="sum",
                                             per_sample_weights=p),
                torch.randn(10, 3), torch.rand(5))


def test_embedding_bag_under_autograd_leaves_its_backward_to_pytorch():
    """In training the bag's other results (each index's bag, the sizes)
    feed the backward: that node stays with PyTorch, and the gradients
    are eager PyTorch's."""
    weight = torch.randn(10, 4, requires_grad=True)
    indices, offsets = torch.tensor([1, 2, 4, 2, 9]), torch.tensor([0, 2])

    def bags(w):
        return F.embedding_bag(indices, w, offsets, mode="mean")

    torch_backend.reports.clear()
    torch.compile(bags, backend="ten")(weight).sum().backward()
    expected = weight.detach().clone().requires_grad_(True)
    bags(expected).sum().backward()
    torch.testing.assert_close(weight.grad, expected.grad)
    assert any("embedding_bag" in name
               for report in torch_backend.reports
               for name in report.unsupported)


def test_determinants_in_inference():
    a = torch.randn(3, 4, 4, dtype=torch.float64)
    a[1] = a[1, 0]  # singular: det 0, slogdet (0, -inf), logdet -inf
    runs_in_ten(lambda a: (torch.linalg.det(a), torch.linalg.slogdet(a),
                           torch.logdet(a @ a.mT)), a)


def test_pseudo_inverse():
    a = torch.randn(2, 5, 3, dtype=torch.float64)
    a[1, :, 2] = a[1, :, 0]  # rank 2: the third singular value cut off
    runs_in_ten(lambda a: (torch.linalg.pinv(a),
                           torch.linalg.pinv(a[0] @ a[0].mT,
                                             hermitian=True)), a)


def _checked_in_pytorch(function, *inputs):
    """`function` gives eager's results, its factorizations in ten and only
    PyTorch's checks of their error codes left to PyTorch."""
    with torch.no_grad():
        expected = function(*inputs)
        got = torch.compile(function, backend="ten")(*inputs)
    for e, g in zip(expected, got):
        torch.testing.assert_close(g, e, rtol=1e-4, atol=1e-5)
    unsupported = torch_backend.reports[-1].unsupported
    assert unsupported and all(name.startswith("with_effects")
                               for name in unsupported), dict(unsupported)


def test_solve_inverse_and_cholesky():
    # solve's right-hand sides as PyTorch reads them: a vector, a batch of
    # vectors (B of A's batch and rows), matrices that broadcast, and
    # matrices on the right (X A = B).
    a = torch.randn(3, 4, 4) + 4 * torch.eye(4)
    s = a @ a.mT + torch.eye(4)
    _checked_in_pytorch(
        lambda a, s, v, vs, m: (
            torch.linalg.solve(a, v), torch.linalg.solve(a, vs),
            torch.linalg.solve(a[0], m), torch.linalg.inv(a),
            torch.linalg.solve(a, m[:3].mT, left=False),
            torch.linalg.cholesky(s), torch.linalg.cholesky(s, upper=True),
            torch.linalg.matrix_power(a, -2)),
        a, s, torch.randn(4), torch.randn(3, 4), torch.randn(5, 4, 2))


def test_singular_and_indefinite_matrices_raise_pytorchs_error():
    for function, matrix in ((lambda a: torch.linalg.solve(a, a[0]),
                              torch.ones(3, 3)),
                             (torch.linalg.inv, torch.zeros(2, 2)),
                             (torch.linalg.cholesky, -torch.eye(2))):
        with pytest.raises(torch.linalg.LinAlgError):
            torch.compile(function, backend="ten")(matrix)
        torch._dynamo.reset()


def test_error_codes_read_by_the_caller_stay_with_pytorch():
    """cholesky_ex returns its code instead of raising: ten's op, which
    raises, does not run it."""
    with torch.no_grad():
        l, info = torch.compile(torch.linalg.cholesky_ex, backend="ten")(
            -torch.eye(3))
    assert info.item() == 1
    assert any("cholesky_ex" in name for name in
               torch_backend.reports[-1].unsupported)


def test_determinants_under_autograd_leave_their_lu_to_pytorch():
    """det's backward reads the LU factors that ten does not compute: the
    node stays with PyTorch, and the gradient is eager's."""
    a = torch.randn(4, 4, requires_grad=True)
    torch_backend.reports.clear()
    torch.compile(torch.linalg.det, backend="ten")(a).backward()
    expected = a.detach().clone().requires_grad_(True)
    torch.linalg.det(expected).backward()
    torch.testing.assert_close(a.grad, expected.grad)
    assert any("linalg_det" in name for report in torch_backend.reports
               for name in report.unsupported)


@pytest.mark.parametrize("case", sorted(SELECTION))
def test_selection(case):
    function, inputs = SELECTION[case]
    runs_in_ten(function, *inputs)


DISTANCES = {
    "cdist of few rows": (lambda a, b: torch.cdist(a, b), (3, 5), (4, 5)),
    "cdist of many rows by products": (
        lambda a, b: torch.cdist(a, b), (2, 30, 6), (2, 40, 6)),
    "cdist p=1 and inf": (
        lambda a, b: (torch.cdist(a, b, p=1), torch.cdist(a, b, p=math.inf),
                      torch.cdist(a, b, p=0.5)), (6, 3), (30, 3)),
    "cdist without products": (
        lambda a, b: torch.cdist(
            a, b, compute_mode="donot_use_mm_for_euclid_dist"),
        (30, 4), (27, 4)),
    "pdist": (lambda a, b: (F.pdist(a), F.pdist(a, p=1)), (5, 3), (1,)),
    "dist": (lambda a, b: (torch.dist(a, b), torch.dist(a, b, 3),
                           torch.dist(a, b, math.inf), torch.dist(a, b, 0)),
             (4, 3), (4, 3)),
}


@pytest.mark.parametrize("case", sorted(DISTANCES))
def test_distances(case):
    function, a_shape, b_shape = DISTANCES[case]
    runs_in_ten(function, torch.randn(*a_shape), torch.randn(*b_shape))


def gradients_match(function, *inputs, rtol=1e-4, atol=1e-4):
    """The gradients of `function`'s result (against a fixed random weight)
    with respect to every input, compiled by ten and eagerly, agree; every
    node of the forward and backward graphs runs in ten."""
    weights = None
    results = []
    for compiled in (False, True):
        leaves = [value.detach().clone().requires_grad_(True)
                  for value in inputs]
        run = torch.compile(function, backend="ten") if compiled \
            else function
        if compiled:
            torch_backend.reports.clear()
        output = run(*leaves)
        if weights is None:
            weights = torch.randn(output.shape)
        (output * weights).sum().backward()
        results.append([leaf.grad for leaf in leaves])
    for got, expected in zip(results[1], results[0]):
        torch.testing.assert_close(got, expected, rtol=rtol, atol=atol)
    assert len(torch_backend.reports) == 2
    for report in torch_backend.reports:
        assert report.torch_nodes == 0, dict(report.unsupported)


GRADIENTS = {
    "conv1d": (lambda x, w: F.conv1d(x, w, stride=2, padding=1),
               (2, 3, 11), (4, 3, 3)),
    "conv2d strided, dilated, grouped": (
        lambda x, w: F.conv2d(x, w, stride=(2, 3), padding=(1, 2),
                              dilation=(2, 1), groups=2),
        (2, 4, 9, 10), (6, 2, 3, 2)),
    "conv2d whose stride drops the last rows": (
        lambda x, w: F.conv2d(x, w, stride=3), (1, 2, 10, 8), (3, 2, 2, 2)),
    "conv3d": (lambda x, w: F.conv3d(x, w, padding=1), (1, 2, 4, 5, 3),
               (2, 2, 3, 3, 3)),
    "conv_transpose2d": (
        lambda x, w: F.conv_transpose2d(x, w, stride=2, padding=1,
                                        output_padding=1, groups=2),
        (2, 4, 5, 4), (4, 3, 3, 3)),
    "conv_transpose1d dilated": (
        lambda x, w: F.conv_transpose1d(x, w, stride=3, dilation=2),
        (2, 3, 6), (3, 2, 3)),
    "max_pool2d": (lambda x, w: F.max_pool2d(x * w, 3, stride=2, padding=1),
                   (2, 3, 9, 8), (1,)),
    "max_pool3d": (lambda x, w: F.max_pool3d(x * w, 2, ceil_mode=True),
                   (1, 2, 5, 4, 5), (1,)),
    "adaptive_max_pool2d": (
        lambda x, w: F.adaptive_max_pool2d(x * w, (3, 4)), (2, 2, 7, 9),
        (1,)),
    "avg_pool2d": (
        lambda x, w: F.avg_pool2d(x * w, 3, stride=2, padding=1,
                                  ceil_mode=True, count_include_pad=False),
        (2, 3, 10, 9), (1,)),
    "avg_pool2d divisor": (
        lambda x, w: F.avg_pool2d(x * w, 2, divisor_override=3),
        (1, 2, 6, 7), (1,)),
    "avg_pool3d": (lambda x, w: F.avg_pool3d(x * w, 2, stride=1, padding=1),
                   (1, 2, 4, 3, 5), (1,)),
    "adaptive_avg_pool2d": (
        lambda x, w: F.adaptive_avg_pool2d(x * w, (4, 3)), (2, 3, 9, 7),
        (1,)),
}


@pytest.mark.parametrize("case", sorted(GRADIENTS))
def test_gradients(case):
    function, x_shape, w_shape = GRADIENTS[case]
    gradients_match(function, torch.randn(*x_shape), torch.randn(*w_shape))


def test_a_convolutional_network_trains_wholly_in_ten():
    """A training step of a small CNN: forward and backward graphs run in
    ten, with eager PyTorch's gradients and batch norm's running
    statistics."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Conv2d(3, 8, 3, stride=2, padding=1),
        torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
        torch.nn.MaxPool2d(3, 2, 1),
        torch.nn.Conv2d(8, 8, 3, padding=1, groups=2),
        torch.nn.GroupNorm(2, 8), torch.nn.LeakyReLU(0.1),
        torch.nn.AvgPool2d(2),
        torch.nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1,
                                 output_padding=1), torch.nn.ELU(),
        torch.nn.AdaptiveAvgPool2d(2), torch.nn.Flatten(),
        torch.nn.Linear(16, 5))
    eager = copy.deepcopy(model)
    x = torch.randn(4, 3, 20, 20)
    torch_backend.reports.clear()
    torch.compile(model, backend="ten")(x).square().sum().backward()
    eager(x).square().sum().backward()
    for got, expected in zip(model.parameters(), eager.parameters()):
        torch.testing.assert_close(got.grad, expected.grad, rtol=1e-3,
                                   atol=1e-4)
    torch.testing.assert_close(model[1].running_var, eager[1].running_var)
    assert all(report.torch_nodes == 0 for report in torch_backend.reports)


# Drawn from a generator of their own: the arguments are the same whatever
# other test modules drew before.
_SPECIAL_DRAWS = torch.Generator().manual_seed(7)
SPECIAL_ARGUMENTS = torch.cat([
    torch.randn(500, generator=_SPECIAL_DRAWS) * 5,
    torch.rand(200, generator=_SPECIAL_DRAWS) * 200 - 100,
    torch.rand(50, generator=_SPECIAL_DRAWS) * 1e-3,
    # 2e-6 above -38: digamma reflects through pi times x's distance to
    # -38, not pi x, whose rounding was 1.3e-10 of the value.
    torch.tensor([-38 + 2**-19, -12 + 2**-20], dtype=torch.float64),
    torch.tensor([0.0, -0.0, -1.0, -2.5, 1.0, 2.0, math.inf, -math.inf,
                  math.nan, 1e-8, -1e-8, 0.5, 1e30, -3.0, 171.5, -1.5])])


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64],
                         ids=["float32", "float64"])
def test_lgamma_and_digamma(dtype):
    """Poles, infinities, the reflection below 1/2 and large arguments as
    PyTorch's: lgamma +inf at 0 and the negative integers; digamma -inf
    at +0, +inf at -0, NaN at the negative integers and at -inf."""
    tolerance = 1e-6 if dtype == torch.float32 else 1e-10
    runs_in_ten(lambda x: (torch.lgamma(x), torch.digamma(x)),
                SPECIAL_ARGUMENTS.to(dtype), rtol=tolerance, atol=tolerance)


def test_erfc_erfcx_and_log_ndtr():
    """Relative accuracy out to where erfc underflows (1 - erf keeps no
    digit past 4 in float32), erfcx's infinities and its large arguments,
    and log_ndtr, which PyTorch builds of both, all in ten."""
    x = torch.cat([torch.rand(400) * 14 - 4, torch.rand(100) * 1e6,
                   torch.tensor([0.0, -0.0, 9.0, 25.0, 26.0, -9.0, -30.0,
                                 math.inf, -math.inf, math.nan, 1e30])])
    runs_in_ten(torch.erfc, x, rtol=2e-6, atol=0)
    runs_in_ten(torch.special.erfcx, x, rtol=2e-6, atol=0)
    runs_in_ten(torch.special.log_ndtr, x, rtol=2e-6, atol=1e-30)
    runs_in_ten(torch.erfc, x.double(), rtol=1e-13, atol=0)
    runs_in_ten(torch.erfc, x.to(torch.bfloat16), rtol=1e-2, atol=0)


@pytest.mark.parametrize("function", [torch.special.i0e, torch.special.i1,
                                      torch.special.i1e],
                         ids=["i0e", "i1", "i1e"])
def test_modified_bessel_functions(function):
    """Against PyTorch's float64 values rounded once: PyTorch's float32
    kernels are 4-16 times further off (8.6e-7 against 5.6e-8 for i1) and
    overflow inside i1(89), which is 1.89e37."""
    x = torch.cat([torch.rand(300) * 80 - 40, torch.rand(50) * 1e6,
                   torch.tensor([0.0, -0.0, 1e-30, 29.99, 30.0, 30.01,
                                 -30.01, 89.0, 100.0, math.inf, -math.inf,
                                 math.nan])])
    with torch.no_grad():
        got = torch.compile(function, backend="ten")(x)
    assert torch_backend.reports[-1].torch_nodes == 0
    expected = function(x.double()).float()
    torch.testing.assert_close(got, expected, rtol=1.2e-7, atol=0,
                               equal_nan=True)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64],
                         ids=str)
def test_polygamma_of_orders_0_and_1(dtype):
    """Order 1 is PyTorch's trigamma arithmetic, so its values match to the
    rounding, at the poles too (large finite numbers at the negative
    integers, from sin of the rounded pi x; +inf at zero)."""
    x = torch.cat([torch.rand(200) * 40 - 20, torch.rand(50) * 1e4,
                   torch.tensor([-2.5, -1.0, -7.0, -0.5, 0.0, -0.0, 1e-8,
                                 0.5, 1.0, 1e6, math.inf, -math.inf,
                                 math.nan])]).to(dtype)
    runs_in_ten(lambda x: (torch.polygamma(0, x), torch.polygamma(1, x)),
                x, rtol=1e-6, atol=1e-6)


def test_erfinv():
    y = torch.cat([torch.rand(1000) * 2 - 1, 1 - torch.rand(100) * 1e-6,
                   torch.tensor([0.0, -0.0, 1.0, -1.0, 1.5, -2.0, 0.9999999,
                                 math.nan, 1e-30])])
    runs_in_ten(torch.erfinv, y, rtol=2e-6, atol=1e-6)
    runs_in_ten(torch.erfinv, y.to(torch.bfloat16), rtol=1e-2, atol=1e-2)


def test_one_hot_checks_its_classes_in_ten():
    """one_hot's graph asserts its classes (_assert_async of a flag): ten
    runs the asserts with the rest, and a class out of range raises
    PyTorch's RuntimeError with the assert's message."""
    classes = torch.tensor([[0, 3], [4, 1]])
    runs_in_ten(lambda c: F.one_hot(c, 5) * 2, classes)
    runs_in_ten(lambda c: F.one_hot(c), classes)
    compiled = torch.compile(lambda c: F.one_hot(c, 5), backend="ten")
    for bad, message in (([0, -1], "non-negative"),
                         ([0, 5], "smaller than num_classes")):
        with pytest.raises(RuntimeError, match=message):
            compiled(torch.tensor(bad))


def test_assert_async_of_one_element_runs_in_ten():
    def function(x):
        torch._assert_async(x.sum() > 0, "the sum must be positive")
        return x + 1

    runs_in_ten(function, torch.ones(3))
    with pytest.raises(RuntimeError, match="the sum must be positive"):
        torch.compile(function, backend="ten")(-torch.ones(3))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_ndtri(dtype):
    """The middle, both tails down to the smallest subnormal probability
    (the Newton steps' density written so that it does not underflow), and
    the infinities and NaNs at and past the ends."""
    p = torch.cat([torch.rand(500, dtype=torch.float64),
                   10 ** (-torch.rand(200, dtype=torch.float64) * 300),
                   1 - 10 ** (-torch.rand(50, dtype=torch.float64) * 15),
                   torch.tensor([0.0, 1.0, 0.5, -0.1, 1.1, math.nan, 5e-324,
                                 0.02, 0.98])]).to(dtype)
    tolerance = 2e-6 if dtype == torch.float32 else 1e-12
    runs_in_ten(torch.special.ndtri, p, rtol=tolerance, atol=tolerance)


def test_hurwitz_zeta():
    """Tensors and Python numbers for either argument; the poles (s = 1, q
    a non-positive integer: +inf), NaN for s < 1, for q < 0 with s not an
    integer and at NaN; negative q of integer s through the sums of their
    positive magnitudes."""
    s = torch.tensor([2.0, 3.0, 4.5, 1.0, 0.5, 2.0, 3.0, 5.0, 2.0, 3.0,
                      10.0, 30.0, 2.0, 2.5, 3.0, math.nan, 2.0, 100.0],
                     dtype=torch.float64)
    q = torch.tensor([0.5, 1.0, 2.0, 1.0, 1.0, 0.0, -2.0, -2.5, -0.3, -7.7,
                      0.01, 3.0, 1e-5, -1.5, -33.3, 1.0, math.nan, 0.9],
                     dtype=torch.float64)
    runs_in_ten(torch.special.zeta, s, q, rtol=1e-11, atol=0)
    runs_in_ten(torch.special.zeta, s.float(), q.float(), rtol=1e-6, atol=0)
    runs_in_ten(lambda q: torch.special.zeta(2.0, q), q, rtol=1e-11, atol=0)
    runs_in_ten(lambda s: torch.special.zeta(s, 3.0), s, rtol=1e-11, atol=0)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_polygamma_of_higher_orders(dtype):
    """(-1)^(n + 1) n! zeta(n + 1, x): positive and negative arguments
    (away from the cancellation next to the poles, where PyTorch's own
    float64 is 1e-5 off), the poles (+-inf) and NaN."""
    x = torch.cat([torch.rand(300) * 20, -torch.rand(100) * 9 - 0.1,
                   torch.tensor([0.0, -1.0, -3.0, 1e-3, 100.0, 1e6, 0.5,
                                 math.nan])]).to(dtype)
    tolerance = 1e-5 if dtype == torch.float32 else 1e-9
    # polygamma(7, 1e6) is a float32 subnormal: PyTorch's float32 keeps
    # fewer of its digits.
    tiny = torch.finfo(dtype).tiny
    for n in (2, 3, 4, 7):
        runs_in_ten(lambda x: torch.polygamma(n, x), x, rtol=tolerance,
                    atol=tiny)


def test_mode_of_long_rows_stays_with_pytorch():
    """Past 16 elements std::sort's introsort leaves equal values in an
    order of its own, which sets PyTorch's index: such rows run in PyTorch,
    with its indices; rows of 16 or fewer in ten, with the same."""
    x = torch.randint(0, 3, (4, 40))
    with torch.no_grad():
        expected = torch.mode(x, 1)
        got = torch.compile(lambda x: torch.mode(x, 1), backend="ten")(x)
    torch.testing.assert_close(got.indices, expected.indices)
    assert any("aten.mode" in name
               for name in torch_backend.reports[-1].unsupported)
    runs_in_ten(lambda x: torch.mode(x, 1), x[:, :16])


GRID_3D = torch.cat([torch.tensor([[[[[math.nan, 0.0, 0.1],
                                      [0.2, math.inf, 0.0],
                                      [1e30, -1e30, 0.5],
                                      [0.3, 0.2, -math.inf]]]]]
                                  ).expand(2, 1, 1, 4, 3),
                     torch.rand(2, 1, 1, 4, 3) * 2.6 - 1.3], dim=2)


@pytest.mark.parametrize("mode", ["bilinear", "nearest"])
@pytest.mark.parametrize("padding", ["zeros", "border", "reflection"])
@pytest.mark.parametrize("align_corners", [False, True])
def test_grid_sample_3d(mode, padding, align_corners):
    """Trilinear and nearest, and NaN coordinates as PyTorch's 3-D kernel
    takes them: the last element under the border and the reflection,
    outside (zero) under the zeros."""
    def sample(x, g):
        return F.grid_sample(x, g, mode=mode, padding_mode=padding,
                             align_corners=align_corners)

    runs_in_ten(sample, image(2, 3, 4, 5, 6), GRID_3D)
    runs_in_ten(sample, image(2, 3, 4, 5, 6).double(), GRID_3D.double())


@pytest.mark.parametrize("mode", ["bilinear", "bicubic"])
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("resize", [
    {"size": (5, 7)}, {"size": (20, 3)}, {"scale_factor": 0.3},
    {"scale_factor": (2.5, 0.4)}, {"size": (1, 1)}, {"size": (224, 224)}],
    ids=str)
def test_antialiased_resizing(mode, align_corners, resize):
    """F.interpolate(..., antialias=True) (torchvision's resize of
    tensors): its weights rounded as PyTorch's float32 kernel rounds them
    (in float64 they would be 7e-5 off its values of a 300 x 200 image)."""
    def resized(x):
        return F.interpolate(x, mode=mode, antialias=True,
                             align_corners=align_corners, **resize)

    runs_in_ten(resized, image(2, 3, 300, 200), rtol=1.3e-6, atol=1e-5)
    # A second shape would make the sizes symbolic (scale_factor's output
    # size computed in the graph, which stays with PyTorch).
    torch._dynamo.reset()
    runs_in_ten(resized, image(1, 2, 17, 13).double(), rtol=1e-12,
                atol=1e-12)


def test_antialiased_resizing_of_16_bit_floats_stays_with_pytorch():
    """PyTorch's kernel has none: its error, not a result."""
    with pytest.raises(RuntimeError, match="not implemented for 'Half'"):
        torch.compile(lambda x: F.interpolate(x, size=(2, 2),
                                              mode="bilinear",
                                              antialias=True),
                      backend="ten")(image(1, 1, 5, 5, dtype=torch.float16))


@pytest.mark.parametrize("function", [
    torch.special.modified_bessel_i0, torch.special.modified_bessel_i1,
    torch.special.modified_bessel_k0, torch.special.modified_bessel_k1,
    torch.special.scaled_modified_bessel_k0,
    torch.special.scaled_modified_bessel_k1,
    torch.special.spherical_bessel_j0], ids=lambda f: f.__name__)
def test_modified_and_spherical_bessel_functions(function):
    """In float64 against PyTorch's (K across its series, trapezoid and
    asymptotic ranges, 2 and 25; the infinities, 0, negative arguments
    and NaN as PyTorch's); in float32 against PyTorch's float64 rounded
    once, as ten computes them."""
    x = torch.cat([torch.rand(400, dtype=torch.float64) * 60 - 10,
                   torch.rand(100, dtype=torch.float64) * 2,
                   torch.tensor([0.0, -0.0, 1e-300, 1e-5, 1.999, 2.001,
                                 24.99, 25.01, 700.0, 1e20, math.inf,
                                 -math.inf, math.nan, -2.5],
                                dtype=torch.float64)])
    runs_in_ten(function, x, rtol=1e-12, atol=0)
    narrow = x.float()
    with torch.no_grad():
        got = torch.compile(function, backend="ten")(narrow)
    assert torch_backend.reports[-1].torch_nodes == 0
    torch.testing.assert_close(got, function(narrow.double()).float(),
                               rtol=2.4e-7, atol=0, equal_nan=True)


ORTHOGONAL_POLYNOMIALS = [
    torch.special.chebyshev_polynomial_t, torch.special.chebyshev_polynomial_u,
    torch.special.chebyshev_polynomial_v, torch.special.chebyshev_polynomial_w,
    torch.special.hermite_polynomial_h, torch.special.hermite_polynomial_he,
    torch.special.laguerre_polynomial_l, torch.special.legendre_polynomial_p]


@pytest.mark.parametrize("function", ORTHOGONAL_POLYNOMIALS,
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64], ids=str)
def test_orthogonal_polynomials_of_a_known_degree(function, dtype):
    """PyTorch's recurrences and rules: 0 below degree 0, 1 at degree 0
    (at NaN too), the ends -1 and 1 exactly, the Chebyshev polynomials of
    higher degrees from the angle inside (-1, 1), NaN from inf - inf."""
    x = torch.cat([torch.tensor([-1.0, 1.0, 0.5, -0.3, 2.0, -3.0, math.nan,
                                 math.inf, -math.inf, 0.0]),
                   torch.rand(200) * 2.4 - 1.2]).to(dtype)
    degrees = (-2, 0, 1, 2, 5, 9, 12, 16)
    if dtype == torch.float64:
        degrees += (30, 64)
    for n in degrees:
        expected = function(x, n)
        scale = expected[torch.isfinite(expected)].abs().max().item()
        tolerance = 1e-5 if dtype == torch.float32 else 1e-12
        runs_in_ten(lambda x: function(x, n), x, rtol=tolerance,
                    atol=tolerance * max(scale, 1.0))
        torch._dynamo.reset()
