"""ten.jit over a grid of processes: sharded_programs.py on 2 and 4 MPI
processes (each checking its results against NumPy), and the mistakes a
single process can make."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

import ten

MPIRUN = shutil.which("mpirun")
needs_mpirun = pytest.mark.skipif(
    MPIRUN is None, reason="no mpirun (MPICH: apt-get install mpich)")


def run_programs(processes, *options, environment=None):
    """Runs sharded_programs.py on `processes` MPI processes and checks
    that each passed every check; the finished process."""
    script = os.path.join(os.path.dirname(__file__), "sharded_programs.py")
    done = subprocess.run(
        [MPIRUN, "-launcher", "fork", "-hosts", "localhost", "-np",
         str(processes), sys.executable, script, *options],
        stdin=subprocess.DEVNULL, capture_output=True, text=True,
        timeout=600, env=environment)
    if "unknown target" in done.stderr:
        pytest.skip("ten is built without the CUDA target")
    assert done.returncode == 0, done.stdout + done.stderr
    # mpirun forwards each process's output as it comes: lines may run
    # into one another.
    reports = sorted(re.findall(r"rank (\d+): (\d+) checks passed",
                                done.stdout))
    checks = "23" if processes == 4 else "14"
    assert reports == [(str(rank), checks) for rank in range(processes)], \
        done.stdout


@needs_mpirun
@pytest.mark.parametrize("processes", [2, 4])
def test_programs_on_processes(processes):
    run_programs(processes)


# The build tree's fakes of the CUDA driver, cuBLAS and NCCL, next to the
# package's build directory.
FAKES = pathlib.Path(ten.__file__).resolve().parents[2] / "lib"
FAKE_NCCL = FAKES / "libten-fake-nccl.so"


@needs_mpirun
@pytest.mark.skipif(not FAKE_NCCL.exists(),
                    reason="the fake NCCL is built with the tests where "
                           "MPICH is (build/lib)")
@pytest.mark.parametrize("processes", [2, 4])
def test_programs_on_gpus(processes):
    """The same programs on the CUDA target, one process per (fake) GPU,
    the collectives on the fake NCCL."""
    run_programs(processes, "--cuda", environment=dict(
        os.environ,
        TEN_CUDA_DRIVER=str(FAKES / "libten-fake-cuda-driver.so"),
        TEN_CUBLAS=str(FAKES / "libten-fake-cublas.so"),
        TEN_CUBLASLT=str(FAKES / "libten-fake-cublaslt.so"),
        TEN_NCCL=str(FAKE_NCCL)))


def test_pip_nccl_is_found_when_none_is_named(monkeypatch):
    """Without TEN_NCCL, a grid on the CUDA target takes pip's NCCL (as
    PyTorch installs it) where there is one."""
    pytest.importorskip("nvidia.nccl")
    monkeypatch.delenv("TEN_NCCL", raising=False)
    ten.jit(lambda x: x, target="cuda", grid=(1,))
    assert os.environ["TEN_NCCL"].endswith("libnccl.so.2")
    assert os.path.exists(os.environ["TEN_NCCL"])


def test_single_process_is_its_own_job():
    assert ten.process_index() == 0
    assert ten.process_count() == 1


def test_grid_of_one_is_the_plain_path():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    f = ten.jit(lambda a: a * 2, grid=1, in_shardings=[(0, None)])
    np.testing.assert_array_equal(f(a), a * 2)


def test_grid_larger_than_the_job():
    f = ten.jit(lambda a: a + 1, grid=(2,), in_shardings=[(0, None)])
    with pytest.raises(RuntimeError,
                       match=r"the grid \(2,\) has 2 processes and this job "
                             r"has 1: run the program under mpirun -np 2"):
        f(np.zeros((4, 2), np.float32))


@pytest.mark.parametrize("options, error, message", [
    (dict(grid=(2, 0)), ValueError, "'grid' takes 1 to 16 sizes"),
    (dict(grid="2x2"), TypeError, "'grid' takes the grid's sizes"),
    (dict(in_shardings=[(0,)]), ValueError, "give its 'grid' too"),
    (dict(grid=2, in_shardings=[(1, None)]), ValueError,
     r"in_shardings\[0\]: grid axis 1 is not one of the grid's 1 axes"),
    (dict(grid=(2, 2), in_shardings=[(0, 0)]), ValueError,
     "grid axis 0 splits two dimensions"),
    (dict(grid=2, in_shardings=["rows"]), TypeError,
     "must be a sequence with one grid axis or None per dimension"),
    (dict(grid=2, in_shardings=[(0.5,)]), TypeError,
     "each dimension takes a grid axis or None"),
    (dict(grid=2, out_shardings=[(0,)]), ValueError,
     "'out_shardings' needs process_local=True"),
], ids=lambda value: str(value)[:40])
def test_bad_layouts(options, error, message):
    with pytest.raises(error, match=message):
        ten.jit(lambda a: a, **options)


def test_sharding_the_compiler_refuses():
    # Checked against the argument's type when the program is compiled.
    f = ten.jit(lambda a: a + 1, grid=(4,), in_shardings=[(0, None)])
    with pytest.raises(ValueError, match="does not split evenly over the 4 "
                                         "processes of grid axis 0"):
        f(np.zeros((6, 2), np.float32))


def test_shard_is_the_array_on_one_process():
    x = np.arange(6.0).reshape(2, 3)
    assert ten.shard(x, (0, None)) is x
    f = ten.jit(lambda x: ten.exp(ten.shard(x * 2, (None, 0))))
    np.testing.assert_allclose(f(x), np.exp(x * 2))
    assert "ten.shard" in f.ir(x) and "[-1, 0]" in f.ir(x)


@pytest.mark.parametrize("axes, error, message", [
    ((0,), ValueError, "1 axes for an array of 2 dimension"),
    ((0, -1), ValueError, "a grid axis is 0 or more, not -1"),
    ("rows", TypeError, "one grid axis or None per dimension"),
    ((0, 0.5), TypeError, "each dimension takes a grid axis or None"),
])
def test_bad_shard(axes, error, message):
    with pytest.raises(error, match=message):
        ten.shard(np.zeros((2, 3)), axes)


def test_shard_axis_beyond_the_grid():
    # The grid is checked when the program is compiled.
    f = ten.jit(lambda x: ten.shard(x, (None, 1)), grid=2,
                in_shardings=[(0, None)])
    with pytest.raises(ValueError, match="'ten.shard': dimension 1 is split "
                                         "over grid axis 1, and the grid has "
                                         "1 axis"):
        f(np.zeros((4, 2), np.float32))
