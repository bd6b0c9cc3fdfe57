"""Compiling traced programs once per signature and running them.

`JitFunction` traces a Python function into a `ten` module the first time it
sees a signature (the shapes and dtypes of its array arguments, the values
of the others), compiles it, and keeps the executable; later calls with that
signature only run it. `ten.jit` makes one for a user's function; every
NumPy-named function of the package has one of its own (`eager`).
"""

import collections
import functools
import inspect
import operator
import re
import threading

import numpy as np

from . import _checks
from . import _dtypes
from . import _grid
from . import _interop
from . import _ten
from ._trace import Graph, Tensor, context

# Tracing and compiling use the one compiler context: one at a time.
_compile_lock = threading.RLock()

# How many signatures each function keeps compiled; the least recently used
# is dropped beyond (its machine code freed when no call still runs it).
DEFAULT_CACHE_SIZE = 128

CacheInfo = collections.namedtuple(
    "CacheInfo", ["hits", "misses", "maxsize", "currsize"]
)


def _check_threads(threads):
    try:
        threads = operator.index(threads)
    except TypeError:
        raise TypeError(
            f"'threads' must be an integer, not {type(threads).__name__}"
        ) from None
    if not 0 <= threads < 2**31:
        raise ValueError(
            f"'threads' must be 0 (every core) or a positive count, not {threads}"
        )
    return threads


def _check_target(target):
    if not isinstance(target, str):
        raise TypeError(f"'target' must be a string, not {type(target).__name__}")
    return target


def _check_pipeline_options(options):
    if not isinstance(options, str):
        raise TypeError(
            f"'pipeline_options' must be a string, not {type(options).__name__}"
        )
    return options


def _prepare(array):
    """A NumPy array of a dtype ten has, in native byte order: another
    framework's array over its own memory where it exports DLPack."""
    if type(array) is not np.ndarray:
        array = _interop.from_dlpack(array)
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return array


# What makes an object an array for NumPy besides being one: the protocols
# np.asarray reads (a PyTorch CPU tensor has __array__ and __dlpack__).
_ARRAY_PROTOCOLS = ("__array__", "__array_interface__", "__array_struct__",
                    "__dlpack__")


def _is_array(value):
    """Whether `value` is an operand to pass as an argument of the compiled
    program (its data read at each call), rather than a constant of the
    trace: NumPy arrays and scalars, lists, and anything NumPy reads as an
    array (an object with __array__, a PyTorch tensor)."""
    if isinstance(value, (np.ndarray, np.generic, list)):
        return True
    if isinstance(value, (Tensor, TraceConstant, type)):
        return False
    return any(hasattr(value, name) for name in _ARRAY_PROTOCOLS)


def _no_results(outputs):
    return None


def _flatten_results(results):
    """The traced values a function returned, and how to rebuild them: a
    named tuple (ten.linalg's SVDResult, say) from its fields, a tuple or a
    list from the sequence; None (a function that only checks, ten.check)
    from no values."""
    if results is None:
        return [], _no_results
    if isinstance(results, tuple) and hasattr(results, "_fields"):
        return list(results), type(results)._make
    if isinstance(results, (tuple, list)):
        return list(results), type(results)
    return [results], None


# What the run-time checks of indices (ten.take, ten.scatter) say when one is
# out of range (lib/Conversion/TenToLinalg/LoweringUtils.cpp) or indexes an
# empty dimension (Take.cpp): NumPy raises IndexError for both.
_INDEX_OUT_OF_RANGE = ("an index is out of range for dimension",
                       "a take of some indices from dimension")


class IndexOutOfRangeError(IndexError, ValueError):
    """A run stopped by an index out of range: an IndexError, as NumPy
    raises for one, and a ValueError, as every other failed run-time check
    is (NumPy's AxisError is both in the same way)."""


# What a run that cannot allocate a buffer says: the host runtime's
# allocator (lib/Runtime/Host/HostAllocator.cpp), the copy of a result
# (lib/Target/Executable.cpp), and the CUDA driver.
_OUT_OF_MEMORY = (": out of memory", "CUDA_ERROR_OUT_OF_MEMORY")


class OutOfMemoryError(MemoryError, ValueError):
    """A run stopped by a buffer it could not allocate: a MemoryError, as
    NumPy raises for an array larger than memory, and a ValueError, as every
    other failed run is."""


# What the host runtime's linear algebra says when LAPACK reports an error
# (lib/Runtime/Host/LinearAlgebra.cpp): NumPy's message, then the op and the
# matrix in parentheses. NumPy raises its LinAlgError with the message alone.
_LINALG_ERRORS = ("Singular matrix", "Matrix is not positive definite",
                  "SVD did not converge", "Eigenvalues did not converge",
                  "Array must not contain infs or NaNs")


class LinAlgError(np.linalg.LinAlgError):
    """An error of dense linear algebra: NumPy's numpy.linalg.LinAlgError
    (a ValueError), with NumPy's message."""


def _linalg_error(message):
    """The LinAlgError that a failed run with `message` is, or None."""
    for text in _LINALG_ERRORS:
        if message.startswith(text + " (ten.linalg."):
            return LinAlgError(text)
    return None


class TraceConstant:
    """An array known when tracing, passed to a compiled function as a
    constant of its trace (hashed by value into the signature), not as an
    argument: bin edges, quantiles."""

    __slots__ = ("array", "_key")

    def __init__(self, array):
        # Not np.ascontiguousarray, which makes a 0-d array 1-d.
        self.array = np.array(array, order="C")
        self._key = (self.array.dtype.str, self.array.shape,
                     self.array.tobytes())

    def __hash__(self):
        return hash(self._key)

    def __eq__(self, other):
        return isinstance(other, TraceConstant) and self._key == other._key

    def __array__(self, dtype=None, copy=None):
        return self.array if dtype is None else self.array.astype(dtype)


class _ArrayKey(collections.namedtuple("_ArrayKey", ["shape", "dtype"])):
    """An array argument's part of a signature: its shape (-1 where a
    program takes any size) and dtype."""


class _KeywordKey(tuple):
    """The keyword arguments' part of a signature: (name, entry) pairs."""


def _array_keys(key):
    """The array entries of a signature, in the order of its arrays."""
    entries = []
    for entry in key:
        if isinstance(entry, _ArrayKey):
            entries.append(entry)
        elif isinstance(entry, _KeywordKey):
            entries.extend(value for _, value in entry
                           if isinstance(value, _ArrayKey))
    return entries


def _replace_array_keys(key, shapes):
    """`key` with its arrays' shapes replaced by `shapes`, in order."""
    shapes = iter(shapes)

    def replace(entry):
        if isinstance(entry, _ArrayKey):
            return _ArrayKey(next(shapes), entry.dtype)
        if isinstance(entry, _KeywordKey):
            return _KeywordKey((name, replace(value)) for name, value in entry)
        return entry

    return tuple(replace(entry) for entry in key)


def _structure(key):
    """What two signatures share when they differ only in sizes."""
    return _replace_array_keys(key, [len(array.shape) for array in
                                     _array_keys(key)])


def _has_dynamic_sizes(key):
    return any(-1 in array.shape for array in _array_keys(key))


# Sizes a program never takes as dynamic, as torch.compile specializes
# them: a 1 broadcasts (a dynamic size does not), a 0 empties the array.
_SPECIALIZED_SIZES = (0, 1)


def _fits(general, key):
    """Whether the arrays of signature `key` have the sizes that the program
    of signature `general`, of the same structure, takes (-1: any but a
    specialized size)."""
    return all(g == k or (g == -1 and k not in _SPECIALIZED_SIZES)
               for general_array, array in zip(_array_keys(general),
                                               _array_keys(key))
               for g, k in zip(general_array.shape, array.shape))


def _made_dynamic(shape, axes):
    """`shape` with the sizes at `axes` dynamic (-1), but specialized ones."""
    return tuple(-1 if dim in axes and size not in _SPECIALIZED_SIZES
                 else size for dim, size in enumerate(shape))


def _check_dynamic(dynamic):
    """`dynamic` as ten.jit takes it: False, True, "auto", or per argument
    (index or keyword name) the axes that are dynamic."""
    if isinstance(dynamic, dict):
        axes_of = {}
        for where, axes in dynamic.items():
            if not isinstance(where, (int, str)) or isinstance(where, bool):
                raise TypeError(
                    f"'dynamic' names arguments by position or keyword, not "
                    f"{where!r}")
            if isinstance(axes, int):
                axes = (axes,)
            try:
                axes_of[where] = tuple(operator.index(axis) for axis in axes)
            except TypeError:
                raise TypeError(
                    f"'dynamic' gives each argument its axes as integers, "
                    f"not {axes!r}") from None
        return axes_of
    if dynamic is False or dynamic is True or dynamic == "auto":
        return dynamic
    raise ValueError(
        f"'dynamic' must be False, True, 'auto' or a dict of each argument's "
        f"dynamic axes, not {dynamic!r}")


def _argument_array_keys(key):
    """(argument index or keyword name, array entry) for each array of a
    signature, in the order of its arrays."""
    for index, entry in enumerate(key):
        if isinstance(entry, _ArrayKey):
            yield index, entry
        elif isinstance(entry, _KeywordKey):
            for name, value in entry:
                if isinstance(value, _ArrayKey):
                    yield name, value


class Program:
    """One signature of a function, traced and compiled."""

    def __init__(self, module, executable, structure):
        self.module = module
        self.executable = executable
        self.structure = structure
        self.ir = str(module)
        self.codes = [code for code, _ in executable.arguments]
        self.bits_arguments = any(_dtypes.bits_dtype(code) for code in self.codes)
        self.bits_results = [
            (index, _dtypes.dtype_of(code))
            for index, (code, _) in enumerate(executable.results)
            if _dtypes.bits_dtype(code) is not None
        ]

    def run(self, arrays):
        """Runs on arrays of the signature's dtypes: NumPy arrays, and on the
        CUDA target arrays in the GPU's memory (DeviceOperand), with which
        the results stay there (DeviceArray)."""
        on_device = any(isinstance(array, _interop.DeviceOperand)
                        for array in arrays)
        if self.bits_arguments:
            # The extension module takes bf16 and fp8 as their bits.
            arrays = [
                array.view(_dtypes.bits_dtype(code) or array.dtype)
                if isinstance(array, np.ndarray) else array
                for array, code in zip(arrays, self.codes)
            ]
        try:
            if on_device:
                outputs = self.executable.run_on_device(
                    [array.value if isinstance(array, _interop.DeviceOperand)
                     else array for array in arrays], self.codes)
            else:
                outputs = self.executable.run(arrays, self.codes)
        except ValueError as error:
            if any(marker in str(error) for marker in _INDEX_OUT_OF_RANGE):
                raise IndexOutOfRangeError(str(error)) from None
            if any(marker in str(error) for marker in _OUT_OF_MEMORY):
                raise OutOfMemoryError(str(error)) from None
            linalg_error = _linalg_error(str(error))
            if linalg_error is not None:
                raise linalg_error from error
            failed_check = _checks.check_error(str(error))
            if failed_check is not None:
                raise failed_check from None
            raise
        if on_device:
            outputs = [_interop.DeviceArray(buffer, shape,
                                            _dtypes.dtype_of(code))
                       for (buffer, shape), (code, _) in zip(
                           outputs, self.executable.results)]
        else:
            for index, dtype in self.bits_results:
                outputs[index] = outputs[index].view(dtype)
            outputs = [_canonical_integers(output) for output in outputs]
        if self.structure is None:
            return outputs[0]
        return self.structure(outputs)


def _canonical_integers(array):
    """`array` (a result) with NumPy's own type of its integer dtype: the
    extension module's 64-bit integers come as C's long long ('q'), which
    on LP64 hosts NumPy keeps apart from its int64 (C's long, 'l') in the
    scalar type, though the dtypes compare equal. A view, not a copy."""
    if array.dtype.kind in "iu":
        canonical = np.dtype(array.dtype.name)
        if array.dtype.char != canonical.char:
            return array.view(canonical)
    return array


class JitFunction:
    """A function compiled once per signature of its arguments.

    Array arguments (NumPy arrays and scalars, lists) become the compiled
    function's arguments; the others (Python numbers, strings, tuples, None)
    are constants of the trace and part of the signature.
    """

    def __init__(self, function, target="cpu", threads=0,
                 cache_size=DEFAULT_CACHE_SIZE, pipeline_options="",
                 like="numpy", trace_scalars=False, static_argnums=(),
                 static_argnames=(), dynamic=False, grid=None,
                 in_shardings=None, out_shardings=None, process_local=False):
        functools.update_wrapper(self, function)
        self.function = function
        if grid is None:
            if in_shardings is not None or out_shardings is not None or \
                    process_local:
                raise ValueError(
                    "'in_shardings', 'out_shardings' and 'process_local' "
                    "lay a function out over a grid: give its 'grid' too")
            self.layout = None
        else:
            self.layout = _grid.GridLayout(grid, in_shardings, out_shardings,
                                           process_local)
        self.like = _interop.check_like(like)
        self.dynamic = _check_dynamic(dynamic)
        # Signature structures whose dynamic trace failed (auto): static.
        self._static_only = set()
        # The kept programs with dynamic sizes: signature -> structure.
        self._dynamic_signatures = {}
        self.trace_scalars = bool(trace_scalars)
        if isinstance(static_argnums, int):
            static_argnums = (static_argnums,)
        if isinstance(static_argnames, str):
            static_argnames = (static_argnames,)
        self.static_argnums = frozenset(operator.index(n)
                                        for n in static_argnums)
        self.static_argnames = frozenset(static_argnames)
        self.target = _check_target(target)
        if self.layout is not None and self.target == "cuda":
            _grid.use_pip_nccl()
        self.threads = _check_threads(threads)
        self.pipeline_options = _check_pipeline_options(pipeline_options)
        cache_size = operator.index(cache_size)
        if cache_size < 1:
            raise ValueError(f"'cache_size' must be 1 or more, not {cache_size}")
        self.cache_size = cache_size
        # Signature -> Program, least recently used first.
        self.programs = collections.OrderedDict()
        self.compile_count = 0
        self._hits = 0
        # Guards the cache; compiling takes the process's compile lock too.
        self._lock = threading.Lock()
        self._last = None
        # The prefix keeps the entry's symbol apart from the C library's
        # functions that the generated code calls (a traced `erf` calls libm's).
        self._name = "jit_" + re.sub(r"[^A-Za-z0-9_]", "_", function.__name__)

    def _signature(self, args, kwargs):
        """The arrays to pass, in order (the positional ones, then those of
        keywords by name), and the key of the program that takes them."""
        arrays = []
        key = []
        # Where each array comes from: a position or a keyword's name.
        origins = []

        def add(what, arg, static=False, origin=None):
            passed = len(arrays)
            result = add_one(what, arg, static)
            if len(arrays) > passed:
                origins.append(origin)
            return result

        def add_one(what, arg, static):
            if not static and self._traces_scalar(arg):
                # A 0-d argument of the number's default dtype; its type is
                # in the key, as promotion depends on it.
                arrays.append(np.asarray(arg))
                return ("scalar", type(arg))
            if type(arg) is np.ndarray and arg.dtype.isnative:
                arrays.append(arg)
                return _ArrayKey(arg.shape, arg.dtype)
            if self.target == "cuda" and _interop.is_gpu_array(arg):
                # Read in place on the GPU, not through the host.
                operand = _interop.DeviceOperand(arg)
                arrays.append(operand)
                return _ArrayKey(operand.shape, operand.dtype)
            if _is_array(arg):
                array = _prepare(arg)
                arrays.append(array)
                return _ArrayKey(array.shape, array.dtype)
            # 1, 1.0 and True are equal keys: the type tells them apart.
            try:
                hash(arg)
            except TypeError:
                raise TypeError(
                    f"{what} of {self.__name__} is a {type(arg).__name__}: "
                    "neither an array nor a hashable value the trace could "
                    "take as a constant"
                ) from None
            return (type(arg), arg)

        for index, arg in enumerate(args):
            key.append(add(f"argument {index}", arg,
                           index in self.static_argnums, index))
        if kwargs:
            key.append(_KeywordKey(
                (name, add(f"argument '{name}'", kwargs[name],
                           name in self.static_argnames, name))
                for name in sorted(kwargs)))
        return arrays, tuple(key), origins

    def _traces_scalar(self, arg):
        """Whether `arg` is a Python number to trace as a 0-d argument."""
        return self.trace_scalars and type(arg) in (bool, int, float, complex)

    def __call__(self, *args, **kwargs):
        if any(isinstance(arg, Tensor) for arg in args) or any(
            isinstance(value, Tensor) for value in kwargs.values()
        ):
            # Called from a program being traced: inline it.
            return self.function(*args, **kwargs)
        return self.run(args, kwargs)

    def run(self, args, kwargs):
        """Runs on arguments that hold no traced value."""
        arrays, key, origins = self._signature(args, kwargs)
        program = self._lookup(key)
        if program is None and self.dynamic:
            program = self._lookup_dynamic(key)
        if program is None:
            program = self._compile_for(key, args, kwargs)
        self._last = program
        layout = self.layout
        if layout is not None and layout.processes > 1:
            rank = layout.check_job()
            if not layout.process_local:
                # Every process holds the whole arguments: each runs on its
                # blocks, and the results come back whole.
                arrays = [layout.take_block(array, layout.spec_of(origin),
                                            rank)
                          for array, origin in zip(arrays, origins)]
        results = program.run(arrays)
        if self.like == "numpy":
            return results
        framework = self.like
        if framework == "input":
            framework = next(
                (_interop.framework_of(value)
                 for value in (*args, *kwargs.values()) if _is_array(value)),
                "numpy")
        return _interop.to_framework(results, framework)

    def _lookup(self, key):
        """The program of `key` if compiled, now the most recently used."""
        with self._lock:
            program = self.programs.get(key)
            if program is not None:
                self.programs.move_to_end(key)
                self._hits += 1
            return program

    def _lookup_dynamic(self, key):
        """A program with dynamic sizes that takes `key`'s arrays."""
        structure = _structure(key)
        with self._lock:
            for general, general_structure in reversed(
                    self._dynamic_signatures.items()):
                if general_structure == structure and _fits(general, key):
                    self.programs.move_to_end(general)
                    self._hits += 1
                    return self.programs[general]
        return None

    def _compile_for(self, key, args, kwargs):
        """Compiles `key`, with dynamic sizes where `dynamic` asks: every
        size (True), or after a second signature of the same structure, the
        sizes that differ ("auto", as torch.compile does; where the function
        needs static sizes there, it stays static)."""
        if self.dynamic is False:
            return self._compile(key, args, kwargs)
        arrays = _array_keys(key)
        if self.dynamic is True or isinstance(self.dynamic, dict):
            shapes = []
            for where, array in _argument_array_keys(key):
                rank = len(array.shape)
                if self.dynamic is True:
                    axes = range(rank)
                else:
                    axes = self.dynamic.get(where, ())
                    for axis in axes:
                        if not -rank <= axis < rank:
                            raise ValueError(
                                f"'dynamic' axis {axis} of argument "
                                f"{where!r} is out of range for its "
                                f"{rank} dimension(s)")
                    axes = {axis % rank for axis in axes}
                shapes.append(_made_dynamic(array.shape, axes))
            general = _replace_array_keys(key, shapes)
            return self._compile(general, args, kwargs)
        structure = _structure(key)
        if structure in self._static_only:
            return self._compile(key, args, kwargs)
        with self._lock:
            seen = [other for other in self.programs
                    if other != key and _structure(other) == structure]
        if not seen:
            return self._compile(key, args, kwargs)
        changed = [set() for _ in arrays]
        for other in seen:
            for axes, array, other_array in zip(changed, arrays,
                                                _array_keys(other)):
                axes.update(dim for dim, size in enumerate(other_array.shape)
                            if size != array.shape[dim])
        general = _replace_array_keys(
            key, [_made_dynamic(array.shape, axes)
                  for array, axes in zip(arrays, changed)])
        if general == key:
            return self._compile(key, args, kwargs)
        try:
            return self._compile(general, args, kwargs)
        except Exception:
            # The function needs static sizes there (it computes with one,
            # or calls what takes only static shapes): it stays static, and
            # an error of its own shows in the static trace.
            self._static_only.add(structure)
            return self._compile(key, args, kwargs)

    def cache_info(self):
        """Hits, misses (compilations), the limit and the programs kept, as
        functools.lru_cache reports them."""
        with self._lock:
            return CacheInfo(
                self._hits, self.compile_count, self.cache_size,
                len(self.programs)
            )

    def cache_clear(self):
        """Drops every compiled program and the counts."""
        with self._lock:
            self.programs.clear()
            self._dynamic_signatures.clear()
            self._hits = 0
            self.compile_count = 0
            self._last = None

    def _compile(self, key, args, kwargs):
        with _compile_lock:
            # Threads that missed the same signature at once compile it once:
            # the first compiles, the others find its program here.
            program = self._lookup(key)
            if program is not None:
                return program
            graph = Graph(self._name)
            # The arrays' shapes (-1: any size) and dtypes as the signature
            # has them.
            array_keys = iter(_array_keys(key))

            layout = self.layout
            origins = []

            def trace(arg, static, origin):
                if not static and self._traces_scalar(arg):
                    origins.append(origin)
                    value = graph.argument(np.asarray(arg).dtype, ())
                    value.weak = type(arg)
                    return value
                if _is_array(arg):
                    origins.append(origin)
                    entry = next(array_keys)
                    shape = entry.shape
                    if layout is not None and layout.process_local:
                        # A process's block of the whole argument.
                        shape = layout.global_shape(shape,
                                                    layout.spec_of(origin))
                    return graph.argument(entry.dtype, shape)
                return arg

            # Arguments in the order _signature passes the arrays.
            traced = [trace(arg, index in self.static_argnums, index)
                      for index, arg in enumerate(args)]
            traced_kwargs = {name: trace(kwargs[name],
                                         name in self.static_argnames, name)
                             for name in sorted(kwargs)}
            with graph.active():
                results, structure = _flatten_results(
                    self.function(*traced, **traced_kwargs))
            values = []
            for result in results:
                if not isinstance(result, Tensor):
                    result = graph.constant(result)
                elif result.graph is not graph:
                    raise ValueError("a result belongs to another traced program")
                values.append(result)
            module = graph.finish(values)
            if layout is not None:
                layout.annotate(module, self._name, origins)
            executable = _ten.Executable(
                module, self._name, self.target, self.threads, True,
                self.pipeline_options,
            )
            program = Program(module, executable, structure)
            with self._lock:
                self.programs[key] = program
                if _has_dynamic_sizes(key):
                    self._dynamic_signatures[key] = _structure(key)
                while len(self.programs) > self.cache_size:
                    evicted, _ = self.programs.popitem(last=False)
                    self._dynamic_signatures.pop(evicted, None)
                self.compile_count += 1
            return program

    def _program(self, args, kwargs):
        if not args and not kwargs:
            if self._last is None:
                raise ValueError(
                    "nothing compiled yet: call the function, or pass its "
                    "arguments"
                )
            return self._last
        arrays, key, _ = self._signature(args, kwargs)
        return self._lookup(key) or self._compile(key, args, kwargs)

    def ir(self, *args, **kwargs):
        """The traced `ten` module for these arguments (none: the last call)."""
        return self._program(args, kwargs).ir

    def explain(self, *args, **kwargs):
        """The compiler's decisions for these arguments (none: the last
        call), one per line."""
        return self._program(args, kwargs).executable.explanation


def jit(function=None, *, target="cpu", threads=0,
        cache_size=DEFAULT_CACHE_SIZE, pipeline_options="", like="numpy",
        trace_scalars=False, static_argnums=(), static_argnames=(),
        dynamic="auto", grid=None, in_shardings=None, out_shardings=None,
        process_local=False):
    """Traces `function` into one `ten` module per signature of its
    arguments, compiles it once and caches it: the `cache_size` most
    recently used signatures stay compiled (`cache_info()`, `cache_clear()`).
    `target` names where it runs ("cpu", "cuda"); `pipeline_options` are
    options of that target's pipeline as text ("prefetch=false"). Results
    are NumPy arrays, or with `like="torch"`, `"jax"` that framework's
    tensors over the same memory (`like="input"`: the framework of the
    first array argument). With `trace_scalars=True`, Python numbers are
    traced as 0-d arguments (promoting as the numbers would, NEP 50), so a
    new value runs the same program, except those named by
    `static_argnums`/`static_argnames`, which stay constants of the trace.
    `dynamic="auto"` (the default) compiles the first shapes static and,
    when a call brings other sizes, one program in which the sizes that
    changed are dynamic (where the function needs them static, it stays
    static), as torch.compile does; `dynamic=True` compiles every size as
    dynamic from the first call (one program for all shapes of each rank);
    a dict makes the axes it gives each argument dynamic (`{0: (0,), "y":
    0}`: axis 0 of the first argument and of keyword argument y);
    `dynamic=False` compiles every shape apart. Sizes 0 and 1 are never
    dynamic (a 1 broadcasts): they get programs of their own.

    `grid` ((2, 2)) runs the function over a grid of processes, one per
    device, each a rank of the MPI job that `mpirun -np 4 python3 prog.py`
    started, every one calling the function (docs/Sharding.md).
    `in_shardings` gives per argument (a sequence by position, or a dict by
    position or keyword) how it is split: one grid axis or None per
    dimension ((0, None): rows over axis 0); None, or an argument left out,
    is whole on every process. Each process passes the whole arrays and
    gets the whole results, running on its blocks; with
    `process_local=True` it passes its own blocks instead and gets its
    blocks of the results that `out_shardings` splits (the others whole).

        @ten.jit
        def layer(x, w, b):
            return ten.relu(x @ w + b)
    """
    def make(f):
        return JitFunction(f, target=target, threads=threads,
                           cache_size=cache_size,
                           pipeline_options=pipeline_options, like=like,
                           trace_scalars=trace_scalars,
                           static_argnums=static_argnums,
                           static_argnames=static_argnames, dynamic=dynamic,
                           grid=grid, in_shardings=in_shardings,
                           out_shardings=out_shardings,
                           process_local=process_local)

    if function is None:
        return make
    return make(function)


def _as_tuples(value):
    """`value` with its lists, at any depth, as tuples."""
    if isinstance(value, (list, tuple)):
        return tuple(_as_tuples(item) for item in value)
    return value


def eager(function=None, *, sequences=()):
    """Makes a function written on traced values callable on NumPy arrays:
    each signature is compiled once and cached. The parameters named in
    `sequences` take Python integers or sequences of them (axes, a shape,
    round's decimals), never an operand: a list there is a tuple, a
    constant of the trace, as NumPy takes `transpose(a, [1, 0])`, and a
    number there stays one where the operands are Python numbers too."""
    if function is None:
        return functools.partial(eager, sequences=sequences)
    compiled = JitFunction(function)
    parameters = list(inspect.signature(function).parameters)
    positions = {parameters.index(name): name for name in sequences}
    out_position = _numpy_out_position(function)

    @functools.wraps(function)
    def call(*args, out=None, **kwargs):
        if out_position is not None and len(args) > out_position:
            if out is not None:
                raise TypeError(f"ten.{function.__name__}() got multiple "
                                "values for argument 'out'")
            out = args[out_position]
            args = args[:out_position] + args[out_position + 1:]
        if positions:
            args = tuple(_as_tuples(arg) if index in positions else arg
                         for index, arg in enumerate(args))
            for name in sequences:
                if name in kwargs:
                    kwargs[name] = _as_tuples(kwargs[name])
        if any(isinstance(arg, Tensor) for arg in args) or any(
                isinstance(value, Tensor) for value in kwargs.values()):
            if out is not None:
                raise TypeError(
                    f"ten.{function.__name__} takes no 'out' on traced "
                    "values: assign its result instead")
            return function(*args, **kwargs)
        if not any(_is_array(arg) for arg in args):
            # Only Python numbers, as in np.add(1, 2.5) or np.sum(5, 0): the
            # first is the 0-d array of NumPy's default dtype that NumPy
            # makes of it, and the others stay numbers, as beside an array
            # (weak operands; axes, counts and the like known when it is
            # compiled).
            numbers = [index for index, arg in enumerate(args)
                       if type(arg) in (bool, int, float, complex)
                       and index not in positions]
            if numbers:
                first = numbers[0]
                args = (args[:first] + (np.asarray(args[first]),)
                        + args[first + 1:])
        result = compiled.run(args, kwargs)
        return result if out is None else _store_in(out, result)

    call.compiled = compiled
    call.cache_info = compiled.cache_info
    call.cache_clear = compiled.cache_clear
    if out_position is not None:
        signature = inspect.signature(function)
        listed = list(signature.parameters.values())
        listed.insert(out_position, inspect.Parameter(
            "out", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=None))
        call.__signature__ = signature.replace(parameters=listed)
    return call


_NUMPY_MODULES = {"ten.linalg": np.linalg, "ten.fft": np.fft}


def _numpy_out_position(function):
    """Where NumPy's function of the same name takes `out` among its
    positional parameters, when its others are `function`'s first ones in
    the same order: a call that passes `out` by position (np.std(a, 0, None,
    out, 1)) then means to ten what it means to NumPy, where the arguments
    after it would otherwise land one parameter early. None where NumPy has
    no such function or `function` takes `out` itself."""
    name = function.__name__
    module = _NUMPY_MODULES.get(function.__module__, np)
    reference = getattr(module, name, None)
    if name.startswith("_") or reference is None or isinstance(
            reference, (type, np.ufunc)):
        return None

    def positional(callable_):
        kinds = (inspect.Parameter.POSITIONAL_ONLY,
                 inspect.Parameter.POSITIONAL_OR_KEYWORD)
        return [parameter.name for parameter in
                inspect.signature(callable_).parameters.values()
                if parameter.kind in kinds]

    try:
        theirs = positional(reference)
    except (TypeError, ValueError):
        return None
    ours = positional(function)
    if "out" not in theirs or "out" in ours:
        return None
    position = theirs.index("out")
    rest = theirs[:position] + theirs[position + 1:]
    return position if ours[:len(rest)] == rest else None


def stored(result, out, name):
    """`result`, or NumPy's `out=`: `result` written into the NumPy array
    `out` (see _store_in), which is returned; a traced result has no array
    to write into."""
    if out is None:
        return result
    if isinstance(result, Tensor) or isinstance(out, Tensor):
        raise TypeError(f"ten.{name} takes no 'out' on traced values: "
                        "assign its result instead")
    return _store_in(out, result)


def _store_in(out, result, casting="same_kind", where=True):
    """NumPy's `out=`: `result` written into the array `out` (broadcast to
    its shape, cast by the rule `casting`, where `where` holds), which is
    returned."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(
                f"'out' must be a tuple of 1 array for one result, not of "
                f"{len(out)}")
        out = out[0]
    if isinstance(result, tuple):
        raise TypeError("'out' is for functions of one result")
    if not isinstance(out, np.ndarray):
        raise TypeError(
            f"'out' must be a NumPy array, not {type(out).__name__}")
    result = np.asarray(result)
    if np.broadcast_shapes(out.shape, result.shape) != out.shape:
        raise ValueError(
            f"non-broadcastable output operand with shape {out.shape} "
            f"doesn't match the broadcast shape {result.shape}")
    np.copyto(out, result, casting=casting, where=where)
    return out


class Executable:
    """A module compiled from text: call it with NumPy arrays (and, on the
    CUDA target, arrays in the GPU's memory, read in place)."""

    def __init__(self, text, target="cpu", entry="main", threads=0,
                 pipeline_options=""):
        if not isinstance(text, str):
            raise TypeError(f"'text' must be a string, not {type(text).__name__}")
        if not isinstance(entry, str):
            raise TypeError(f"'entry' must be a string, not {type(entry).__name__}")
        target = _check_target(target)
        threads = _check_threads(threads)
        pipeline_options = _check_pipeline_options(pipeline_options)
        with _compile_lock:
            self._module = _ten.parse(context(), text, "<string>")
            self._executable = _ten.Executable(
                self._module, entry, target, threads, True, pipeline_options
            )
        self.entry = entry
        self._target = target
        self.arguments = [
            (_dtypes.dtype_of(code), tuple(shape))
            for code, shape in self._executable.arguments
        ]
        self.results = [
            (_dtypes.dtype_of(code), tuple(shape))
            for code, shape in self._executable.results
        ]
        self._program = Program(self._module, self._executable, tuple)
        self._codes = [_dtypes.code_of(dtype) for dtype, _ in self.arguments]

    def __call__(self, *arrays):
        if len(arrays) != len(self.arguments):
            raise TypeError(
                f"'{self.entry}' takes {len(self.arguments)} argument(s) but "
                f"{len(arrays)} were given"
            )
        prepared = []
        for index, (array, (dtype, _)) in enumerate(zip(arrays, self.arguments)):
            if self._target == "cuda" and _interop.is_gpu_array(array):
                array = _interop.DeviceOperand(array)
            else:
                array = _prepare(array)
            if array.dtype != dtype:
                raise TypeError(
                    f"argument {index} of '{self.entry}' is {dtype.name} but "
                    f"the array is {array.dtype.name}"
                )
            prepared.append(array)
        outputs = self._program.run(prepared)
        return outputs[0] if len(outputs) == 1 else outputs

    def ir(self):
        return self._program.ir

    def explain(self):
        return self._executable.explanation


def explain(function, *args, **kwargs):
    """The compiler's decisions for a jit-compiled or NumPy-named function on
    these arguments, one per line."""
    compiled = getattr(function, "compiled", function)
    if not isinstance(compiled, (JitFunction, Executable)):
        raise TypeError("ten.explain takes a ten.jit function or a ten function")
    return compiled.explain(*args, **kwargs)


def compile(text, target="cpu", entry="main", threads=0, pipeline_options=""):
    """Compiles a module of `ten` IR for `target` ("cpu", "cuda"); the
    result is called with NumPy arrays, one per argument of `entry`, and
    returns its results (NumPy arrays, on the host)."""
    return Executable(text, target=target, entry=entry, threads=threads,
                      pipeline_options=pipeline_options)


def check_target(target):
    """Raises an error saying why this process cannot run code for `target`
    ("cuda" without a driver or a device, an unknown name); returns None
    where it can."""
    _ten.check_target(_check_target(target))
