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

from ._dtypes import bfloat16
from ._jit import (
    DEFAULT_CACHE_SIZE,
    CacheInfo,
    Executable,
    JitFunction,
    check_target,
    compile,
    explain,
    jit,
)
from ._ops import (
    abs,
    absolute,
    add,
    all,
    amax,
    amin,
    any,
    argmax,
    argmin,
    astype,
    broadcast_to,
    cos,
    divide,
    einsum,
    equal,
    erf,
    exp,
    greater,
    greater_equal,
    less,
    less_equal,
    log,
    matmul,
    max,
    maximum,
    mean,
    min,
    minimum,
    multiply,
    negative,
    not_equal,
    power,
    prod,
    relu,
    reshape,
    rsqrt,
    sigmoid,
    sin,
    softmax,
    sqrt,
    subtract,
    sum,
    tanh,
    transpose,
    where,
)
from ._trace import Tensor

__all__ = [name for name in dir() if not name.startswith("_")]
