"""ten: NumPy-style tensor code compiled into fused loops.

    import numpy as np, ten
    c = ten.einsum("bij,bjk->bik", a, b)     # NumPy in, NumPy out
    s = ten.sum(x, axis=1, keepdims=True)

    @ten.jit                                 # one fused, compiled program
    def layer(x, w, b):
        return ten.relu(x @ w + b)

Every function compiles itself once per signature (shapes, dtypes) and
caches the result; see docs/python.md.
"""

import numpy as _np

from ._dtypes import (
    bfloat16,
    bool_,
    byte,
    cdouble,
    complex64,
    complex128,
    complexfloating,
    csingle,
    double,
    dtype,
    finfo,
    float8_e4m3fn,
    float8_e5m2,
    float16,
    float32,
    float64,
    floating,
    generic,
    half,
    iinfo,
    inexact,
    int8,
    int16,
    int32,
    int64,
    int_,
    intc,
    integer,
    intp,
    isdtype,
    issubdtype,
    long,
    longlong,
    number,
    short,
    signedinteger,
    single,
    ubyte,
    uint,
    uint8,
    uint16,
    uint32,
    uint64,
    uintc,
    uintp,
    ulong,
    ulonglong,
    unsignedinteger,
    ushort,
)
from ._checks import CheckError, check
from ._grid import process_count, process_index, shard
from ._interop import DeviceArray, from_dlpack
from ._jit import (
    DEFAULT_CACHE_SIZE,
    CacheInfo,
    Executable,
    IndexOutOfRangeError,
    OutOfMemoryError,
    JitFunction,
    LinAlgError,
    check_target,
    compile,
    explain,
    jit,
)
from ._ops import (
    abs,
    absolute,
    all,
    amax,
    amin,
    any,
    argmax,
    argmin,
    astype,
    broadcast_to,
    einsum,
    equal,
    greater,
    greater_equal,
    less,
    less_equal,
    matmul,
    max,
    mean,
    min,
    not_equal,
    prod,
    relu,
    reshape,
    softmax,
    sum,
    transpose,
    where,
)

# Every elementwise op of the dialect's catalogue (generated from its ODS)
# as a NumPy-named function: ten.exp, ten.add, ...
from . import _ops as _ops_module

for _name in _ops_module.CATALOGUE_FUNCTIONS + list(_ops_module.ALIASES):
    globals()[_name] = getattr(_ops_module, _name)
del _name
from ._creation import (
    arange,
    bartlett,
    blackman,
    diag_indices,
    diag_indices_from,
    empty,
    empty_like,
    eye,
    full,
    full_like,
    geomspace,
    hamming,
    hanning,
    identity,
    indices,
    kaiser,
    linspace,
    logspace,
    ones,
    ones_like,
    tri,
    tril_indices,
    tril_indices_from,
    triu_indices,
    triu_indices_from,
    zeros,
    zeros_like,
)
from ._joins import (
    array_split,
    column_stack,
    concatenate,
    dsplit,
    dstack,
    flip,
    fliplr,
    flipud,
    hsplit,
    hstack,
    pad,
    roll,
    split,
    stack,
    vsplit,
    vstack,
)
from . import random
from ._layout import (
    atleast_1d,
    atleast_2d,
    atleast_3d,
    broadcast_arrays,
    broadcast_shapes,
    expand_dims,
    matrix_transpose,
    moveaxis,
    ravel,
    repeat,
    rollaxis,
    squeeze,
    swapaxes,
    tile,
)
from ._math import (
    allclose,
    around,
    array_equal,
    array_equiv,
    clip,
    divmod,
    fabs,
    fix,
    gelu,
    isclose,
    isneginf,
    isposinf,
    log_softmax,
    logical_and,
    logical_not,
    logical_or,
    logical_xor,
    logsumexp,
    modf,
    nan_to_num,
    nanargmax,
    nanargmin,
    nanmax,
    nanmean,
    nanmin,
    nansum,
    round,
    silu,
    softplus,
    std,
    var,
)
from ._numpy_api import ndim, shape, size
from ._gather import take, take_along_axis
from . import _scatter  # ten.add.at and the other ufuncs' at
from ._scatter import put, put_along_axis
from ._masks import argwhere, count_nonzero, flatnonzero, nonzero
from ._unique import unique
from ._sets import (
    intersect1d,
    setdiff1d,
    setxor1d,
    union1d,
    unique_all,
    unique_counts,
    unique_inverse,
    unique_values,
)
from ._edits import delete, insert, resize
from ._special import i0
from ._polynomials import (
    poly,
    polyadd,
    polyder,
    polyfit,
    polyint,
    polymul,
    polysub,
    polydiv,
    roots,
)
from ._functional import (
    apply_along_axis,
    apply_over_axes,
    fromfunction,
    vectorize,
)
from ._array_helpers import (
    asarray_chkfinite,
    common_type,
    einsum_path,
    iterable,
    mask_indices,
    min_scalar_type,
    mintypecode,
)
from ._updates import copyto, place, putmask
from ._bits import (
    bitwise_count,
    copysign,
    frexp,
    ldexp,
    nextafter,
    packbits,
    signbit,
    spacing,
    unpackbits,
)
from ._histogram import (
    bincount,
    digitize,
    histogram,
    histogram2d,
    histogram_bin_edges,
    histogramdd,
)
from ._statistics import (
    diff,
    median,
    nanmedian,
    nanpercentile,
    nanquantile,
    percentile,
    quantile,
)
from ._selection import (
    argpartition,
    compress,
    extract,
    isin,
    partition,
    piecewise,
    select,
    trim_zeros,
)
from ._sorting import argsort, searchsorted, sort, sort_complex, topk
from ._scans import (
    cummax,
    cummin,
    cumprod,
    cumsum,
    cumulative_prod,
    cumulative_sum,
    nancumprod,
    nancumsum,
)
from ._numeric import (
    append,
    average,
    cbrt,
    convolve,
    corrcoef,
    correlate,
    cov,
    cross,
    deg2rad,
    degrees,
    diag,
    diagflat,
    diagonal,
    dot,
    ediff1d,
    float_power,
    fmax,
    fmin,
    gradient,
    heaviside,
    hypot,
    inner,
    interp,
    iscomplex,
    iscomplexobj,
    isreal,
    isrealobj,
    kron,
    lcm,
    lexsort,
    logaddexp,
    logaddexp2,
    matvec,
    meshgrid,
    nanprod,
    nanstd,
    nanvar,
    outer,
    polyval,
    positive,
    ptp,
    rad2deg,
    radians,
    real_if_close,
    rot90,
    sinc,
    tensordot,
    trace,
    trapezoid,
    tril,
    triu,
    unwrap,
    vander,
    vdot,
    vecdot,
    vecmat,
)
from ._methods import array, asarray, ascontiguousarray, copy
from ._index_math import (
    block,
    can_cast,
    choose,
    fill_diagonal,
    ix_,
    promote_types,
    ravel_multi_index,
    result_type,
    unravel_index,
    unstack,
)
from ._trace import Tensor
from ._index_tricks import (
    c_,
    index_exp,
    mgrid,
    ndenumerate,
    ndindex,
    ogrid,
    r_,
    s_,
)

# NumPy's constants; and, as ten's eager results are NumPy arrays, NumPy's
# own functions that only store, load, print, or ask about them (not
# computations, which compile), and its error handling, which governs what
# NumPy computes for ten (ten's compiled code follows IEEE 754 and warns of
# nothing). On a traced value each function raises TypeError naming the
# NumPy function.
_NUMPY_OWN = (
    "e euler_gamma inf nan newaxis pi little_endian "
    "ndarray asfortranarray require isfortran shares_memory may_share_memory "
    "broadcast errstate seterr geterr seterrcall geterrcall "
    "save savez savez_compressed load savetxt loadtxt genfromtxt fromfile "
    "frombuffer fromiter fromstring fromregex "
    "array2string array_repr array_str printoptions set_printoptions "
    "get_printoptions format_float_positional format_float_scientific "
    "base_repr binary_repr typename typecodes sctypeDict ScalarType"
).split()
for _name in _NUMPY_OWN:
    globals()[_name] = getattr(_np, _name)
del _name
asanyarray = asarray

# The array API's inspection: ten's defaults, devices and standard dtypes
# are NumPy's (its extra ones, bfloat16 and the float8 types, are outside
# the standard), as is the version of the standard its names follow.
__array_namespace_info__ = _np.__array_namespace_info__
__array_api_version__ = _np.__array_api_version__

# NumPy 2's array API names of functions ten has under NumPy's older names.
concat = concatenate
permute_dims = transpose
# NumPy's deprecated name of vstack, and its isscalar (a question about
# Python types).
row_stack = vstack
isscalar = _np.isscalar
# NumPy 2's name of the boolean scalar type (bound last: the module's code
# above means Python's bool by `bool`).
bool = bool_

# numpy.linalg's names (it composes the functions above).
from . import linalg
from . import fft

# NumPy's ufunc keywords (dtype, casting, where, ...) on every elementwise
# function that is a ufunc in NumPy.
from ._ufunc_keywords import with_ufunc_keywords as _with_ufunc_keywords

for _name, _function in list(globals().items()):
    _ufunc = getattr(_np, _name, None)
    if (not _name.startswith("_") and isinstance(_ufunc, _np.ufunc)
            and _ufunc.signature is None and callable(_function)):
        globals()[_name] = _with_ufunc_keywords(_function, _ufunc)
del _name, _function, _ufunc

# NumPy's scalars where NumPy's function gives one for a 0-d result.
from ._scalar_results import LINALG as _SCALAR_LINALG
from ._scalar_results import NAMESPACE as _SCALAR_NAMESPACE
from ._scalar_results import with_numpy_scalars as _with_numpy_scalars

for _name in _SCALAR_NAMESPACE:
    globals()[_name] = _with_numpy_scalars(globals()[_name])
for _name in _SCALAR_LINALG:
    setattr(linalg, _name, _with_numpy_scalars(getattr(linalg, _name)))
from ._scalar_results import PYTHON_NUMBER_PARTS as _PYTHON_NUMBER_PARTS
from ._scalar_results import with_python_number_parts as _with_number_parts

for _name, (_part, _keeps) in _PYTHON_NUMBER_PARTS.items():
    globals()[_name] = _with_number_parts(globals()[_name], _part, _keeps)
del _name, _part, _keeps

__all__ = [name for name in dir() if not name.startswith("_")]


def _register_torch_backend():
    """torch.compile(backend="ten") in a process that already loaded
    TorchDynamo; elsewhere PyTorch loads the backend through the package's
    entry point when a compile names it (ten.torch_backend)."""
    import sys

    if "torch._dynamo" in sys.modules:
        from . import torch_backend

        torch_backend.register()


_register_torch_backend()
