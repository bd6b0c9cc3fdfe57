"""Programs over a grid of processes (docs/Sharding.md): how ten.jit lays a
function's arguments and results out over the grid, and each process's
part of the arrays.

Every process of an MPI job (started by `mpirun -np N python3 ...`) runs the
same Python program, as JAX's multi-controller model does: each calls the
jitted function, which runs on its blocks and exchanges data with the others
through the collectives of the compiled program.
"""

import functools
import math
import operator
import os

import numpy as np

from . import _ten
from ._trace import Tensor

@functools.cache
def _group():
    """(rank, size) of this process's job, MPI started if need be."""
    return _ten.process_group()


def use_pip_nccl():
    """Points the CUDA target's collectives at NCCL from pip's
    nvidia-nccl-cu12 (as PyTorch installs it, outside the loader's search
    path) when TEN_NCCL names none: the runtime reads it at the first
    collective."""
    if os.environ.get("TEN_NCCL"):
        return
    try:
        import nvidia.nccl
    except ImportError:
        return
    for root in nvidia.nccl.__path__:
        library = os.path.join(root, "lib", "libnccl.so.2")
        if os.path.exists(library):
            os.environ["TEN_NCCL"] = library
            return


def process_index():
    """This process's rank in its job (an MPI job that mpirun started); 0
    in a process started otherwise."""
    return _group()[0]


def process_count():
    """The processes of this process's job; 1 outside an MPI job."""
    return _group()[1]


def _axes_of(spec, what):
    """The grid axis (-1 for None) of each dimension of a layout given as
    one grid axis or None per dimension."""
    if isinstance(spec, (str, bytes)) or not hasattr(spec, "__iter__"):
        raise TypeError(
            f"{what} must be a sequence with one grid axis or None per "
            f"dimension ((0, None) splits the rows over axis 0), not "
            f"{spec!r}")
    axes = []
    for entry in spec:
        if entry is None:
            axes.append(-1)
            continue
        try:
            axis = operator.index(entry)
        except TypeError:
            raise TypeError(
                f"{what}: each dimension takes a grid axis or None, not "
                f"{entry!r}") from None
        if axis < 0:
            raise ValueError(f"{what}: a grid axis is 0 or more, not {axis}")
        if axis in axes:
            raise ValueError(f"{what}: grid axis {axis} splits two dimensions")
        axes.append(axis)
    return axes


def _check_spec(spec, what, grid):
    """A sharding as the compiler takes it, checked against `grid` (None:
    replicated)."""
    if spec is None:
        return None
    axes = _axes_of(spec, what)
    for axis in axes:
        if axis >= len(grid):
            raise ValueError(
                f"{what}: grid axis {axis} is not one of the grid's "
                f"{len(grid)} axes")
    return tuple(axes)


class GridLayout:
    """A jitted function's grid and the layouts of its arguments and
    results over it."""

    def __init__(self, grid, in_shardings, out_shardings, process_local):
        if isinstance(grid, int):
            grid = (grid,)
        try:
            grid = tuple(operator.index(size) for size in grid)
        except TypeError:
            raise TypeError(
                f"'grid' takes the grid's sizes ((2, 2)), not {grid!r}"
            ) from None
        if not grid or len(grid) > 16 or any(size < 1 for size in grid):
            raise ValueError(
                f"'grid' takes 1 to 16 sizes, each 1 or more, not {grid}")
        self.grid = grid
        self.processes = math.prod(grid)
        self.process_local = bool(process_local)
        if isinstance(in_shardings, dict):
            self.in_shardings = {
                key: _check_spec(spec, f"in_shardings[{key!r}]", grid)
                for key, spec in in_shardings.items()}
        else:
            self.in_shardings = {
                index: _check_spec(spec, f"in_shardings[{index}]", grid)
                for index, spec in enumerate(in_shardings or ())}
        if out_shardings is not None and not self.process_local:
            raise ValueError(
                "'out_shardings' needs process_local=True: without it every "
                "process gets the whole results")
        self.out_shardings = [
            _check_spec(spec, f"out_shardings[{index}]", grid)
            for index, spec in enumerate(out_shardings or ())]

    def spec_of(self, origin):
        """The sharding of the array argument at `origin` (a position or a
        keyword's name); None: replicated."""
        return self.in_shardings.get(origin)

    def check_job(self):
        """This process's rank, once the job is checked to be the grid's."""
        rank, size = _group()
        if size != self.processes:
            raise RuntimeError(
                f"the grid {self.grid} has {self.processes} processes and "
                f"this job has {size}: run the program under mpirun -np "
                f"{self.processes}")
        return rank

    def position(self, rank):
        """The position of process `rank` on each axis (row-major ranks)."""
        position = []
        for size in reversed(self.grid):
            position.append(rank % size)
            rank //= size
        return tuple(reversed(position))

    def take_block(self, array, spec, rank):
        """Process `rank`'s block of the whole `array` under `spec`."""
        if spec is None or all(axis < 0 for axis in spec):
            return array
        if len(spec) != array.ndim:
            raise ValueError(
                f"a sharding of {len(spec)} dimension(s) for an array of "
                f"{array.ndim}")
        position = self.position(rank)
        index = []
        for size, axis in zip(array.shape, spec):
            if axis < 0:
                index.append(slice(None))
                continue
            parts = self.grid[axis]
            if size % parts:
                raise ValueError(
                    f"a dimension of size {size} does not split evenly over "
                    f"the {parts} processes of grid axis {axis}")
            block = size // parts
            index.append(slice(position[axis] * block,
                               (position[axis] + 1) * block))
        return np.ascontiguousarray(array[tuple(index)])

    def global_shape(self, shape, spec):
        """The whole shape of which a process's block has `shape`."""
        if spec is None:
            return shape
        return tuple(size * self.grid[axis] if axis >= 0 and size >= 0
                     else size for size, axis in zip(shape, spec))

    def annotate(self, module, entry, origins):
        """Sets the grid and the shardings on a traced module whose array
        arguments come from `origins`."""
        module.set_grid(list(self.grid))
        for index, origin in enumerate(origins):
            spec = self.spec_of(origin)
            if spec is not None:
                module.set_argument_sharding(entry, index, list(spec))
        for index, spec in enumerate(self.out_shardings):
            if spec is not None:
                module.set_result_sharding(entry, index, list(spec))


def shard(x, axes):
    """`x` laid out over the grid of the jitted function being traced, for
    the operations that read it: per dimension the grid axis it is split
    over, or None (the `ten.shard` op; the program moves data where its
    producer makes it otherwise). Outside a traced function, or on one
    process, it is `x`."""
    spec = _axes_of(axes, "ten.shard")
    if not isinstance(x, Tensor):
        x = np.asarray(x)
    if len(spec) != x.ndim:
        raise ValueError(f"ten.shard: {len(spec)} axes for an array of "
                         f"{x.ndim} dimension(s)")
    if not isinstance(x, Tensor):
        return x
    return x.graph.apply("shard", x.value, spec)
