"""Targets by name: the CUDA target runs through the same calls as the CPU
(ten.compile, ten.jit) on the test's fake CUDA driver, whose kernels are
compiled for the host (emulate-kernels), and is refused with the reason
where there is no driver. The driver is loaded once per process: each case
runs in a process of its own, with the driver its environment names."""

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import ten

# The build tree's fake driver, next to the package's build directory.
FAKE_DRIVER = (
    pathlib.Path(ten.__file__).resolve().parents[2]
    / "lib"
    / "libten-fake-cuda-driver.so"
)


TESTS = pathlib.Path(__file__).resolve().parent


def run_python(code, driver, trace=False):
    environment = dict(os.environ, TEN_CUDA_DRIVER=str(driver))
    # The helpers of this directory (fake_gpu_arrays) import in the child.
    environment["PYTHONPATH"] = os.pathsep.join(
        [str(TESTS)] + [path for path in sys.path if path])
    if trace:
        environment["TEN_FAKE_CUDA_TRACE"] = "1"
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )


def has_cuda_target():
    """Whether this build has the CUDA target (TEN_ENABLE_CUDA)."""
    try:
        ten.check_target("cuda")
    except Exception as error:  # no driver or device: the target is there
        return "unknown target" not in str(error)
    return True


pytestmark = pytest.mark.skipif(
    not has_cuda_target(),
    reason="ten is built without the CUDA target (TEN_ENABLE_CUDA=OFF)",
)

needs_fake_driver = pytest.mark.skipif(
    not FAKE_DRIVER.exists(),
    reason="the fake CUDA driver is built with the tests (build/lib), not "
    "installed with the package",
)

SOFTMAX_MATMUL = """
func.func @main(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>) -> (tensor<5x7xf32>, tensor<5x3xf32>) {
  %m = ten.reduce max %x dims [1] keepdim : tensor<5x7xf32> -> tensor<5x1xf32>
  %d = ten.sub %x, %m : (tensor<5x7xf32>, tensor<5x1xf32>) -> tensor<5x7xf32>
  %e = ten.exp %d : tensor<5x7xf32>
  %s = ten.reduce sum %e dims [1] keepdim : tensor<5x7xf32> -> tensor<5x1xf32>
  %p = ten.div %e, %s : (tensor<5x7xf32>, tensor<5x1xf32>) -> tensor<5x7xf32>
  %y = ten.einsum "ij,jk->ik" (%p, %w) : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
  return %p, %y : tensor<5x7xf32>, tensor<5x3xf32>
}
"""


@needs_fake_driver
def test_compile_on_cuda():
    result = run_python(
        f'''
        import numpy as np, ten
        ten.check_target("cuda")
        f = ten.compile({SOFTMAX_MATMUL!r}, target="cuda",
                        pipeline_options="emulate-kernels=true use-cublas=false")
        rng = np.random.default_rng(0)
        x = rng.standard_normal((5, 7)).astype(np.float32)
        w = rng.standard_normal((7, 3)).astype(np.float32)
        p, y = f(x, w)
        e = np.exp(x - x.max(axis=1, keepdims=True))
        want = e / e.sum(axis=1, keepdims=True)
        np.testing.assert_allclose(p, want, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(y, want @ w, rtol=1e-5, atol=1e-6)
        print("ok", p.dtype, y.shape)
        ''',
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok float32 (5, 3)"


@needs_fake_driver
def test_jit_on_cuda():
    result = run_python(
        '''
        import numpy as np, ten

        @ten.jit(target="cuda", pipeline_options="emulate-kernels=true use-cublas=false")
        def layer(x, w, b):
            return ten.relu(x @ w + b)

        rng = np.random.default_rng(1)
        x = rng.standard_normal((4, 6))
        w = rng.standard_normal((6, 2))
        b = rng.standard_normal(2)
        np.testing.assert_allclose(layer(x, w, b), np.maximum(x @ w + b, 0),
                                   rtol=1e-12)
        print("ok", layer.cache_info().misses)
        ''',
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok 1"


@needs_fake_driver
def test_cuda_options_are_the_targets():
    result = run_python(
        '''
        import ten
        text = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> { return %a : tensor<2xf32> }"
        for kwargs in ({"threads": 2}, {"pipeline_options": "chip=sm_10"}):
            try:
                ten.compile(text, target="cuda", **kwargs)
            except Exception as error:
                print(type(error).__name__, error)
        ''',
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].endswith(
        "threads: ten-nvvm-pipeline options 'threads=2' are not valid: "
        "no such option threads (target 'cuda')"
    ), lines
    assert "ten-nvvm-pipeline: unknown chip 'sm_10'" in lines[1], lines


def test_cuda_without_a_driver():
    result = run_python(
        '''
        import ten
        for call in (lambda: ten.check_target("cuda"),
                     lambda: ten.compile("func.func @main() { return }", target="cuda")):
            try:
                call()
            except Exception as error:
                print(error)
        ''',
        "libten-no-such-driver.so",
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 2, lines
    for line in lines:
        assert line.startswith("no CUDA driver: libten-no-such-driver.so"), line


def test_unknown_target():
    with pytest.raises(Exception, match=r"unknown target 'tpu' \(this build has: cpu"):
        ten.check_target("tpu")
    with pytest.raises(Exception, match="unknown target 'tpu'"):
        ten.compile("func.func @main() { return }", target="tpu")
    with pytest.raises(TypeError, match="'pipeline_options' must be a string"):
        ten.compile("func.func @main() { return }", pipeline_options=3)


@needs_fake_driver
def test_whole_programs_on_cuda():
    """Sorts, scans, masks, unique values, accumulations at repeated indices
    and checked takes run on the CUDA target (kernels emulated on the host)
    as on the CPU; an index out of range fails the run with NumPy's error
    type."""
    result = run_python(
        '''
        import numpy as np, ten

        def program(x, i):
            s = np.sort(x, axis=1)
            order = np.argsort(x[0], kind="stable")
            c = np.cumsum(x[0])
            positive = x[x > 0]
            values, counts = np.unique(np.round(x), return_counts=True)
            total = np.zeros_like(x[0, :6])
            np.add.at(total, i, x[0, :8])
            where = np.searchsorted(s[0], x[1])
            return s, order, c, positive, values, counts, total, where, \\
                np.take(x[0], i)

        options = "emulate-kernels=true use-cublas=false"
        on_gpu = ten.jit(program, target="cuda", pipeline_options=options)
        rng = np.random.default_rng(2)
        x = rng.normal(size=(3, 2000))
        i = np.array([0, 5, 5, -1, 2, 0, 3, 5])
        for got, want in zip(on_gpu(x, i), program(x, i)):
            assert got.dtype == want.dtype and got.shape == want.shape
            np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)
        try:
            on_gpu(x, np.array([0, 5, 5, -1, 2, 0, 3, 6]))
        except ten.IndexOutOfRangeError as error:
            assert "out of range" in str(error), error
        else:
            raise AssertionError("no error for an index out of range")
        print("ok")
        ''',
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


@needs_fake_driver
def test_checks_on_cuda():
    """ten.check on the CUDA target (kernels emulated on the host): the
    condition reduced on the device, a failed one ten.CheckError."""
    result = run_python(
        """
        import numpy as np, ten

        def program(x):
            ten.check(x >= 0, "x must be non-negative")
            return ten.sqrt(x)

        on_gpu = ten.jit(program, target="cuda",
                         pipeline_options="emulate-kernels=true")
        np.testing.assert_allclose(on_gpu(np.array([1.0, 4.0])), [1.0, 2.0])
        try:
            on_gpu(np.array([1.0, -4.0]))
        except ten.CheckError as error:
            assert str(error) == "x must be non-negative", error
        else:
            raise AssertionError("no error for a failed check")
        print("ok")
        """,
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


@needs_fake_driver
def test_gpu_arrays_in_place():
    """Arrays in the GPU's memory (DLPack, kDLCUDA) go into programs of the
    CUDA target without a copy, and the results then stay there as
    ten.DeviceArray, which exports itself with DLPack and goes into the next
    program in place; a host array beside them is copied in alone. The fake
    driver's trace shows the copies and frees."""
    result = run_python(
        """
        import sys
        import numpy as np, ten
        from fake_gpu_arrays import FakeGpuArray, describe, read

        @ten.jit(target="cuda",
                 pipeline_options="emulate-kernels=true use-cublas=false")
        def layer(x, w, b):
            return ten.relu(x @ w + b), (x * 2).sum(axis=0)

        def mark(text):
            print(text, file=sys.stderr, flush=True)

        rng = np.random.default_rng(0)
        x = rng.standard_normal((4, 6)).astype(np.float32)
        w = rng.standard_normal((6, 3)).astype(np.float32)
        b = rng.standard_normal(3).astype(np.float32)
        want = np.maximum(x @ w + b, 0)
        mark("== all on the GPU")
        y, s = layer(FakeGpuArray(x), FakeGpuArray(w), FakeGpuArray(b))
        mark("== done")
        print(type(y).__name__, y.shape, y.dtype, y.__dlpack_device__(),
              describe(y), repr(s))
        np.testing.assert_allclose(read(y), want, rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(read(s), 2 * x.sum(axis=0), rtol=1e-5)
        mark("== a result in, a host array beside it")
        z, _ = layer(y, FakeGpuArray(np.eye(3, dtype=np.float32)), b)
        mark("== done")
        np.testing.assert_allclose(read(z), np.maximum(want + b, 0),
                                   rtol=1e-5, atol=1e-6)
        # Host arrays alone: host results, as before.
        h, _ = layer(x, w, b)
        print(type(h).__name__)
        mark("== freed")
        del y, s, z
        mark("== end")

        compiled = ten.compile(
            "func.func @main(%a: tensor<3xf64>) -> tensor<3xf64> {"
            " return %a : tensor<3xf64> }", target="cuda",
            pipeline_options="emulate-kernels=true")
        a = np.array([1.0, 2.0, 3.0])
        same = compiled(FakeGpuArray(a))
        print("identity", type(same).__name__, read(same).tolist())
        """,
        FAKE_DRIVER,
        trace=True,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "DeviceArray (4, 3) float32 (2, 0) (2, 0, 2, 32) "
        "ten.DeviceArray(shape=(6,), dtype=float32, device='cuda:0')"), lines
    assert lines[1] == "ndarray", lines
    assert lines[2] == "identity DeviceArray [1.0, 2.0, 3.0]", lines

    def between(start, end):
        text = result.stderr
        return text[text.index(start):text.index(end, text.index(start))]

    on_gpu = between("== all on the GPU", "== done")
    # The run's stream waits for the legacy default stream, which DLPack's
    # default stream names, and nothing is copied either way.
    assert "cuEventRecord stream 0" in on_gpu, on_gpu
    assert "cuStreamWaitEvent" in on_gpu, on_gpu
    assert "cuMemcpyAsync" not in on_gpu, on_gpu
    mixed = between("== a result in", "== done")
    assert mixed.count("cuMemcpyAsync") == 1, mixed
    # Each result's buffer is freed when its last holder goes.
    assert between("== freed", "== end").count("cuMemFree stream 0") == 3


@needs_fake_driver
def test_gpu_array_errors():
    result = run_python(
        """
        import numpy as np, ten
        from fake_gpu_arrays import FakeGpuArray

        options = "emulate-kernels=true use-cublas=false"
        on_gpu = ten.jit(lambda x: x + 1, target="cuda",
                         pipeline_options=options)
        on_cpu = ten.jit(lambda x: x + 1)
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        y = on_gpu(FakeGpuArray(x))
        cases = [
            lambda: on_gpu(FakeGpuArray(x, strides=(1, 2))),
            lambda: on_gpu(FakeGpuArray(x, device_id=1)),
            lambda: on_cpu(FakeGpuArray(x)),
            lambda: on_cpu(y),
            lambda: ten.add(y, 1),
            lambda: np.asarray(y),
            lambda: y.__dlpack__(copy=True),
            lambda: y.__dlpack__(dl_device=(1, 0)),
        ]
        for case in cases:
            try:
                case()
            except Exception as error:
                print(type(error).__name__, error)
            else:
                print("no error")
        """,
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 8, lines
    assert lines[0] == (
        "BufferError ten reads an array in a GPU's memory in place only when "
        "it is row-major (contiguous): make it contiguous first"), lines
    assert lines[1] == (
        "BufferError ten's CUDA target runs on GPU 0, and this array is on "
        "GPU 1"), lines
    for line in lines[2:5]:
        assert line.startswith("BufferError ten reads arrays in the CPU's "
                               "memory, and this one is on a CUDA GPU 0: "
                               "copy it to the CPU first"), line
    assert lines[5].startswith("TypeError this array is in a CUDA GPU's "
                               "memory, which NumPy cannot read"), lines
    assert lines[6] == ("BufferError ten's GPU arrays are exported without "
                        "a copy"), lines
    assert lines[7] == ("BufferError this array is on CUDA GPU 0, not on "
                        "DLPack device (1, 0)"), lines


FAKE_CUSOLVER = FAKE_DRIVER.parent / "libten-fake-cusolver.so"


@needs_fake_driver
def test_linalg_on_cuda():
    """numpy.linalg in a traced program on the CUDA target: cuSOLVER's
    calls (the tests' fake, LAPACK on the fake driver's memory) with the
    lowering's transposes around them, against NumPy; a singular matrix
    raises ten.LinAlgError with NumPy's message, as on the CPU."""
    result = run_python(
        f'''
        import os
        os.environ["TEN_CUSOLVER"] = {str(FAKE_CUSOLVER)!r}
        import numpy as np, ten

        def program(a, b, h):
            x = np.linalg.solve(a, b)
            sign, logdet = np.linalg.slogdet(a)
            q, r = np.linalg.qr(a)
            w, v = np.linalg.eigh(h)
            u, s, vh = np.linalg.svd(a)
            return (x, np.linalg.inv(a), sign, logdet, q @ r,
                    (v * w[..., None, :]) @ v.conj().swapaxes(-1, -2),
                    (u * s[..., None, :]) @ vh, s, np.linalg.cholesky(h),
                    np.linalg.pinv(a), np.linalg.det(a))

        on_gpu = ten.jit(program, target="cuda",
                         pipeline_options="emulate-kernels=true use-cublas=false")
        rng = np.random.default_rng(2)
        for dtype in (np.float64, np.complex64):
            a = rng.standard_normal((3, 4, 4)).astype(dtype)
            b = rng.standard_normal((3, 4, 2)).astype(dtype)
            m = rng.standard_normal((3, 4, 4)).astype(dtype)
            if dtype == np.complex64:
                a = a + 1j * rng.standard_normal(a.shape).astype(np.float32)
            h = m @ m.conj().swapaxes(-1, -2) + 4 * np.eye(4, dtype=dtype)
            tolerance = 1e-10 if dtype == np.float64 else 2e-4
            for got, want in zip(on_gpu(a, b, h), program(a, b, h)):
                assert got.dtype == want.dtype, (got.dtype, want.dtype)
                np.testing.assert_allclose(got, want, rtol=tolerance,
                                           atol=tolerance)
        try:
            on_gpu(np.zeros((3, 4, 4)), np.ones((3, 4, 2)), np.eye(4))
        except ten.LinAlgError as error:
            print("LinAlgError:", error)
        ''',
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "LinAlgError: Singular matrix"


@needs_fake_driver
def test_fft_eig_and_gcd_on_cuda():
    """numpy.fft, numpy.linalg.eigvals and numpy.gcd in a traced program on
    the CUDA target: the transforms' stages, cuSOLVER's geev (the tests'
    fake) and the gcd's loop, each in emulated kernels, against NumPy."""
    result = run_python(
        f'''
        import os
        os.environ["TEN_CUSOLVER"] = {str(FAKE_CUSOLVER)!r}
        import numpy as np, ten

        def program(x, a, n):
            s = np.fft.rfft(x)
            return (s, np.fft.irfft(s * 2, n=x.shape[-1]), np.fft.fft2(x),
                    np.fft.ifft(x, n=17), np.linalg.eigvals(a),
                    np.gcd(n, 18))

        on_gpu = ten.jit(program, target="cuda",
                         pipeline_options="emulate-kernels=true use-cublas=false")
        rng = np.random.default_rng(3)
        x = rng.standard_normal((3, 12))
        a = rng.standard_normal((2, 5, 5))
        n = np.arange(-20, 20)
        results = list(zip(on_gpu(x, a, n), program(x, a, n)))
        # The eigenvalues, traced, are complex, NumPy's where any is.
        got, want = results.pop(4)
        np.testing.assert_allclose(got, want.astype(np.complex128),
                                   rtol=1e-9, atol=1e-9)
        for got, want in results:
            assert got.dtype == want.dtype, (got.dtype, want.dtype)
            np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)
        print("ok")
        ''',
        FAKE_DRIVER,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
