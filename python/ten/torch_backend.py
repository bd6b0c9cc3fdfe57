"""`torch.compile(model, backend="ten")`: PyTorch programs compiled by ten.

TorchDynamo captures a model's forward as an FX graph; AOTAutograd turns it
into a graph of Core ATen operators (PyTorch's decompositions applied: a
`linear` is an `addmm` of a transposed weight, an `einsum` views, permutes
and `bmm`s). This backend splits that graph into the parts ten can run
(every node an operator of the table below, on CPU tensors of dtypes ten
has) and the rest, which PyTorch runs as it would have: a graph split,
never a wrong answer. Each part becomes one `ten.jit` program, traced by
interpreting its nodes with ten's NumPy-named functions on traced values
and compiled once per signature (the shapes and dtypes of its tensors, the
values of its integer arguments); its tensors go in and come out through
DLPack, without copies.

Each node's result is cast to the dtype PyTorch's own result has (the
graph's metadata records it), so PyTorch's promotion rules hold where they
differ from NumPy's.

Under autograd, AOTAutograd compiles the backward graph the same way (the
decompositions make its gradient operators ones converted here); the
tensors given to ten are detached, as AOTAutograd's compiled graphs take
them. See docs/python.md.

Importing `ten` registers the backend when TorchDynamo is already loaded;
otherwise PyTorch finds it, when a `torch.compile` names it, through the
`torch_dynamo_backends` entry point of the installed package (and of the
build tree's metadata), so that `import ten` never loads PyTorch.
"""

import collections
import functools
import logging
import math
import operator
import os
import re

import numpy as np
import torch
from torch._decomp import core_aten_decompositions
from torch._dynamo.backends.common import aot_autograd
from torch._functorch.aot_autograd import make_boxed_func
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
from torch.fx.passes.operator_support import OperatorSupportBase

import ten

from . import _dtypes, _torch_decompositions
from ._trace import located_at

_log = logging.getLogger("ten.torch")

aten = torch.ops.aten
prims = torch.ops.prims

_NUMPY_DTYPES = {
    torch.bool: np.dtype(np.bool_),
    torch.int8: np.dtype(np.int8),
    torch.int16: np.dtype(np.int16),
    torch.int32: np.dtype(np.int32),
    torch.int64: np.dtype(np.int64),
    torch.uint8: np.dtype(np.uint8),
    torch.uint16: np.dtype(np.uint16),
    torch.uint32: np.dtype(np.uint32),
    torch.uint64: np.dtype(np.uint64),
    torch.float16: np.dtype(np.float16),
    torch.float32: np.dtype(np.float32),
    torch.float64: np.dtype(np.float64),
    torch.complex64: np.dtype(np.complex64),
    torch.complex128: np.dtype(np.complex128),
}
if _dtypes.bfloat16 is not None:
    _NUMPY_DTYPES[torch.bfloat16] = _dtypes.bfloat16


def numpy_dtype(dtype):
    """The NumPy dtype of a PyTorch dtype, or None where ten has none."""
    return _NUMPY_DTYPES.get(dtype)


# ---------------------------------------------------------------------------
# Converters: one per ATen operator, on ten's traced values
# ---------------------------------------------------------------------------

# target -> (function of the node's arguments, or None when it cannot run)
_CONVERTERS = {}

# target -> the results the converter computes (a count of the first ones,
# or a tuple of their positions), for those that compute only some (the
# others, which a backward pass reads, come back as None): a node of one
# runs on ten only where nothing reads the others.
_RESULTS_COMPUTED = {}


# target -> the position of its error code, for factorizations whose ten op
# raises where PyTorch's returns a nonzero code: a node of one runs on ten
# only where PyTorch's check of the code (which would raise) reads it, and
# nothing else does.
_ERRORS_CHECKED = {}


def _converts(*targets, when=None, results_computed=None,
              errors_checked=None):
    """Registers a converter for `targets`; `when(*args, **kwargs)` says
    whether a node of these arguments can run on ten."""
    def register(function):
        for target in targets:
            _CONVERTERS[target] = (function, when)
            if results_computed is not None:
                _RESULTS_COMPUTED[target] = results_computed
            if errors_checked is not None:
                _ERRORS_CHECKED[target] = errors_checked
        return function
    return register


def _errors_unchecked(node, position):
    """Whether result `position` of `node` (an error code) is read other
    than by PyTorch's check of linear algebra's errors, or not at all."""
    readers = [user for user in node.users
               if user.op == "call_function" and
               user.target is operator.getitem and user.args[1] == position]
    checks = [check for reader in readers for check in reader.users]
    return not checks or any(
        check.op != "call_function" or
        check.target is not torch.ops.higher_order.with_effects or
        check.args[1] is not aten._linalg_check_errors.default
        for check in checks)


def _reads_other_results(node, computed):
    if isinstance(computed, int):
        computed = range(computed)
    return any(user.op != "call_function" or
               user.target is not operator.getitem or
               user.args[1] not in computed
               for user in node.users)


def _axis(dim, ndim):
    return dim + ndim if dim < 0 else dim


def _axes(dims, ndim):
    """A reduction's dims as axes: every axis where PyTorch means all."""
    if dims is None or (isinstance(dims, (list, tuple)) and len(dims) == 0):
        return None
    if isinstance(dims, int):
        return _axis(dims, ndim)
    return tuple(_axis(dim, ndim) for dim in dims)


def _in_float32(function):
    """`function` computed in float32 for 16-bit floats and rounded once at
    the end (the node's cast), as PyTorch's kernels of these composite
    operators do; NumPy's rule of rounding every step would differ by a few
    ulps."""
    @functools.wraps(function)
    def converter(x, *args, **kwargs):
        if x.dtype in (np.dtype(np.float16), _dtypes.bfloat16):
            x = ten.astype(x, np.float32)
        return function(x, *args, **kwargs)
    return converter


def _wide(x):
    """`x` in float32 where it is a 16-bit float (None stays None):
    PyTorch's CPU kernels accumulate those in float32 and round the result
    once."""
    if x is not None and x.dtype in (np.dtype(np.float16), _dtypes.bfloat16):
        return ten.astype(x, np.float32)
    return x


def _identity(x, *args, **kwargs):
    return x


_converts(aten.clone.default, aten.alias.default, aten.detach.default,
          aten.lift_fresh_copy.default)(_identity)


@_converts(aten._to_copy.default, prims.convert_element_type.default)
def _to_copy(x, dtype=None, **kwargs):
    return x if dtype is None else ten.astype(x, numpy_dtype(dtype))


@_converts(aten.view.default, aten._unsafe_view.default, aten.reshape.default)
def _view(x, shape):
    return ten.reshape(x, tuple(shape))


@_converts(aten.view.dtype)
def _view_dtype(x, dtype):
    return x.view(numpy_dtype(dtype))


@_converts(aten.permute.default)
def _permute(x, dims):
    return ten.transpose(x, tuple(_axis(d, x.ndim) for d in dims))


@_converts(aten.t.default)
def _t(x):
    return x if x.ndim < 2 else ten.transpose(x)


@_converts(aten.transpose.int)
def _transpose(x, dim0, dim1):
    return ten.swapaxes(x, dim0, dim1)


@_converts(aten.expand.default)
def _expand(x, size, implicit=False):
    lead = len(size) - x.ndim
    shape = tuple(x.shape[i - lead] if s == -1 else s
                  for i, s in enumerate(size))
    return ten.broadcast_to(x, shape)


@_converts(aten.unsqueeze.default)
def _unsqueeze(x, dim):
    return ten.expand_dims(x, dim + x.ndim + 1 if dim < 0 else dim)


@_converts(aten.squeeze.dim, aten.squeeze.dims, aten.squeeze.default)
def _squeeze(x, dims=None):
    if dims is None:
        dims = range(x.ndim)
    elif isinstance(dims, int):
        dims = [dims]
    # PyTorch leaves a named dimension of another size alone.
    axes = tuple(sorted({_axis(d, x.ndim) for d in dims
                         if x.shape[_axis(d, x.ndim)] == 1}))
    return ten.squeeze(x, axis=axes) if axes else x


def _slice_along(x, dim, start, stop, step=1):
    index = [slice(None)] * x.ndim
    index[dim] = slice(start, stop, step)
    return x[tuple(index)]


@_converts(aten.slice.Tensor)
def _slice(x, dim=0, start=None, end=None, step=1):
    return _slice_along(x, _axis(dim, x.ndim), start, end, step)


@_converts(aten.select.int)
def _select(x, dim, index):
    where = [slice(None)] * x.ndim
    where[_axis(dim, x.ndim)] = index
    return x[tuple(where)]


@_converts(aten.split_with_sizes.default)
def _split_with_sizes(x, sizes, dim=0):
    dim = _axis(dim, x.ndim)
    parts, start = [], 0
    for size in sizes:
        parts.append(_slice_along(x, dim, start, start + size))
        start += size
    return parts


@_converts(aten.split.Tensor)
def _split(x, split_size, dim=0):
    dim = _axis(dim, x.ndim)
    length = x.shape[dim]
    return [_slice_along(x, dim, start, min(start + split_size, length))
            for start in range(0, max(length, 1), split_size)]


@_converts(aten.cat.default)
def _cat(tensors, dim=0):
    return ten.concatenate(list(tensors), axis=dim)


# Elementwise ---------------------------------------------------------------


def _scaled(value, alpha):
    return value if alpha == 1 else ten.multiply(value, alpha)


@_converts(aten.add.Tensor, aten.add.Scalar)
def _add(a, b, alpha=1):
    return ten.add(a, _scaled(b, alpha))


@_converts(aten.sub.Tensor, aten.sub.Scalar)
def _sub(a, b, alpha=1):
    return ten.subtract(a, _scaled(b, alpha))


@_converts(aten.rsub.Scalar, aten.rsub.Tensor)
def _rsub(a, b, alpha=1):
    return ten.subtract(b, _scaled(a, alpha))


def _is_integer(value):
    if isinstance(value, (bool, int)):
        return True
    dtype = getattr(value, "dtype", None)
    return dtype is not None and dtype.kind in "iub"


@_converts(aten.div.Tensor, aten.div.Scalar)
def _div(a, b):
    return ten.divide(a, b)


@_converts(aten.div.Tensor_mode, aten.div.Scalar_mode)
def _div_mode(a, b, rounding_mode=None):
    if rounding_mode is None:
        return ten.divide(a, b)
    if rounding_mode == "floor":
        return ten.floor_divide(a, b)
    if _is_integer(a) and _is_integer(b):
        # Toward zero: the floor quotient, plus one where it rounded down a
        # negative quotient that was not whole.
        quotient = ten.floor_divide(a, b)
        inexact = ten.not_equal(ten.remainder(a, b), 0)
        negative = ten.not_equal(ten.less(a, 0), ten.less(b, 0))
        return ten.add(quotient, ten.astype(
            ten.logical_and(inexact, negative), quotient.dtype))
    return ten.trunc(ten.divide(a, b))


_converts(aten.mul.Tensor, aten.mul.Scalar)(lambda a, b: ten.multiply(a, b))
_converts(aten.remainder.Tensor, aten.remainder.Scalar)(
    lambda a, b: ten.remainder(a, b))
_converts(aten.fmod.Tensor, aten.fmod.Scalar)(lambda a, b: ten.fmod(a, b))
_converts(aten.pow.Tensor_Scalar, aten.pow.Tensor_Tensor, aten.pow.Scalar)(
    lambda a, b: ten.power(a, b))
_converts(aten.maximum.default)(lambda a, b: ten.maximum(a, b))
_converts(aten.minimum.default)(lambda a, b: ten.minimum(a, b))
_converts(aten.atan2.default)(lambda a, b: ten.arctan2(a, b))
_converts(aten.copysign.Tensor, aten.copysign.Scalar)(
    lambda a, b: ten.copysign(a, b))
_converts(aten.nextafter.default)(lambda a, b: ten.nextafter(a, b))
_converts(aten.hypot.default)(lambda a, b: ten.hypot(a, b))
_converts(aten.fmax.default)(lambda a, b: ten.fmax(a, b))
_converts(aten.fmin.default)(lambda a, b: ten.fmin(a, b))
_converts(aten.gcd.default)(lambda a, b: ten.gcd(a, b))
_converts(aten.lcm.default)(lambda a, b: ten.lcm(a, b))


@_converts(aten.round.decimals)
def _round_decimals(x, *, decimals=0):
    return ten.round(x, decimals)

for _target, _function in {
        aten.eq: ten.equal, aten.ne: ten.not_equal, aten.lt: ten.less,
        aten.le: ten.less_equal, aten.gt: ten.greater,
        aten.ge: ten.greater_equal}.items():
    _converts(_target.Tensor, _target.Scalar)(
        lambda a, b, _function=_function: _function(a, b))

for _target, _function in {
        aten.logical_and: ten.logical_and, aten.logical_or: ten.logical_or,
        aten.logical_xor: ten.logical_xor}.items():
    _converts(_target.default)(lambda a, b, _function=_function: _function(a, b))

for _target, _function in {
        aten.bitwise_and: ten.bitwise_and, aten.bitwise_or: ten.bitwise_or,
        aten.bitwise_xor: ten.bitwise_xor}.items():
    _converts(_target.Tensor, _target.Scalar)(
        lambda a, b, _function=_function: _function(a, b))

# Shifts: arithmetic to the right on signed integers, in both libraries.
_converts(aten.__lshift__.Tensor, aten.__lshift__.Scalar,
          aten.bitwise_left_shift.Tensor,
          aten.bitwise_left_shift.Tensor_Scalar)(
    lambda a, b: ten.left_shift(a, b))
_converts(aten.__rshift__.Tensor, aten.__rshift__.Scalar,
          aten.bitwise_right_shift.Tensor,
          aten.bitwise_right_shift.Tensor_Scalar)(
    lambda a, b: ten.right_shift(a, b))

_UNARY = {
    aten.neg.default: ten.negative, aten.abs.default: ten.abs,
    aten.exp.default: ten.exp, aten.exp2.default: ten.exp2,
    aten.log.default: ten.log, aten.log2.default: ten.log2,
    aten.log10.default: ten.log10, aten.log1p.default: ten.log1p,
    aten.expm1.default: ten.expm1, aten.sqrt.default: ten.sqrt,
    aten.rsqrt.default: ten.rsqrt, aten.reciprocal.default: ten.reciprocal,
    aten.tanh.default: ten.tanh, aten.sigmoid.default: ten.sigmoid,
    aten.sin.default: ten.sin, aten.cos.default: ten.cos,
    aten.tan.default: ten.tan, aten.asin.default: ten.arcsin,
    aten.acos.default: ten.arccos, aten.atan.default: ten.arctan,
    aten.sinh.default: ten.sinh, aten.cosh.default: ten.cosh,
    aten.asinh.default: ten.arcsinh, aten.acosh.default: ten.arccosh,
    aten.atanh.default: ten.arctanh, aten.erf.default: ten.erf,
    aten.erfc.default: ten.erfc,
    aten.floor.default: ten.floor, aten.ceil.default: ten.ceil,
    aten.round.default: ten.rint, aten.trunc.default: ten.trunc,
    aten.relu.default: ten.relu, aten.i0.default: ten.i0,
    aten.isnan.default: ten.isnan, aten.isinf.default: ten.isinf,
    aten.logical_not.default: ten.logical_not,
    aten.bitwise_not.default: ten.invert, aten.signbit.default: ten.signbit,
}
for _target, _function in _UNARY.items():
    _converts(_target)(lambda x, _function=_function: _function(x))
del _target, _function


@_converts(aten.gelu.default,
           when=lambda x, approximate="none": approximate in ("none", "tanh"))
@_in_float32
def _gelu(x, approximate="none"):
    return ten.gelu(x, approximate=approximate)


@_converts(aten.silu.default)
@_in_float32
def _silu(x):
    return ten.silu(x)


@_converts(aten.clamp.default, aten.clamp.Tensor)
def _clamp(x, min=None, max=None):
    if min is not None:
        x = ten.maximum(x, min)
    if max is not None:
        x = ten.minimum(x, max)
    return x


_converts(aten.clamp_min.default)(lambda x, low: ten.maximum(x, low))
_converts(aten.clamp_max.default)(lambda x, high: ten.minimum(x, high))


@_converts(aten.where.self)
def _where(condition, a, b):
    return ten.where(condition, a, b)


@_converts(aten.masked_fill.Scalar, aten.masked_fill.Tensor)
def _masked_fill(x, mask, value):
    return ten.where(mask, value, x)


# Reductions ----------------------------------------------------------------


@_converts(aten.sum.dim_IntList, aten.sum.default)
def _sum(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = ten.astype(x, numpy_dtype(dtype))
    return ten.sum(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


@_converts(aten.mean.dim, aten.mean.default)
def _mean(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = ten.astype(x, numpy_dtype(dtype))
    return ten.mean(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


@_converts(aten.prod.dim_int, aten.prod.default)
def _prod(x, dim=None, keepdim=False, dtype=None):
    if dtype is not None:
        x = ten.astype(x, numpy_dtype(dtype))
    return ten.prod(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


@_converts(aten.amax.default)
def _amax(x, dim=(), keepdim=False):
    return ten.max(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


@_converts(aten.amin.default)
def _amin(x, dim=(), keepdim=False):
    return ten.min(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


# torch.max(x) and torch.min(x) of every element (PyTorch raises on an
# empty tensor, which stays with it).
_converts(aten.max.default, when=lambda x: x.numel() > 0)(
    lambda x: ten.max(x))
_converts(aten.min.default, when=lambda x: x.numel() > 0)(
    lambda x: ten.min(x))


@_converts(aten.max.dim)
def _max_dim(x, dim, keepdim=False):
    return (ten.max(x, axis=dim, keepdims=keepdim),
            ten.argmax(x, axis=dim, keepdims=keepdim))


@_converts(aten.min.dim)
def _min_dim(x, dim, keepdim=False):
    return (ten.min(x, axis=dim, keepdims=keepdim),
            ten.argmin(x, axis=dim, keepdims=keepdim))


@_converts(aten.argmax.default)
def _argmax(x, dim=None, keepdim=False):
    return ten.argmax(x, axis=dim, keepdims=keepdim)


@_converts(aten.argmin.default)
def _argmin(x, dim=None, keepdim=False):
    return ten.argmin(x, axis=dim, keepdims=keepdim)


@_converts(aten.any.dim, aten.any.dims, aten.any.default)
def _any(x, dim=None, keepdim=False):
    return ten.any(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


@_converts(aten.all.dim, aten.all.dims, aten.all.default)
def _all(x, dim=None, keepdim=False):
    return ten.all(x, axis=_axes(dim, x.ndim), keepdims=keepdim)


def _correction(correction):
    # PyTorch's default is Bessel's correction.
    return 1 if correction is None else correction


@_converts(aten.var.correction)
def _var(x, dim=None, *, correction=None, keepdim=False):
    return ten.var(x, axis=_axes(dim, x.ndim), ddof=_correction(correction),
                   keepdims=keepdim)


@_converts(aten.var_mean.correction)
def _var_mean(x, dim=None, *, correction=None, keepdim=False):
    axes = _axes(dim, x.ndim)
    return (ten.var(x, axis=axes, ddof=_correction(correction),
                    keepdims=keepdim),
            ten.mean(x, axis=axes, keepdims=keepdim))


@_converts(aten._softmax.default)
@_in_float32
def _softmax(x, dim, half_to_float=False):
    # PyTorch's CPU kernel multiplies by the reciprocal of the sum (ten's
    # softmax, NumPy's and JAX's way, divides): its rounding, and a
    # multiplication per element where a division costs several.
    shifted = ten.subtract(x, ten.max(x, axis=dim, keepdims=True,
                                      initial=-np.inf))
    e = ten.exp(shifted)
    return ten.multiply(e, ten.reciprocal(ten.sum(e, axis=dim,
                                                  keepdims=True)))


@_converts(aten._log_softmax.default)
@_in_float32
def _log_softmax(x, dim, half_to_float=False):
    # PyTorch's: the maximum subtracted even where it is infinite, so that
    # log_softmax([inf, 1]) is [nan, nan] (ten's, SciPy's, is [nan, -inf]);
    # a maximum of -inf over an empty dimension, whose result is empty.
    shifted = ten.subtract(x, ten.max(x, axis=dim, keepdims=True,
                                      initial=-np.inf))
    return ten.subtract(shifted, ten.log(ten.sum(ten.exp(shifted), axis=dim,
                                                 keepdims=True)))


@_converts(aten.sign.default)
def _sign(x):
    # PyTorch's sign of NaN is 0 (NumPy's, ten's, is NaN).
    if _dtypes.is_float(x.dtype):
        return ten.where(ten.isnan(x), ten.zeros_like(x), ten.sign(x))
    return ten.sign(x)


def _normalized(x, axes, eps):
    """`x` less its mean over `axes`, times the reciprocal square root of
    the biased variance plus `eps`; with that mean, reciprocal and variance
    (keeping the axes). Layer, batch and group norm are this over their
    axes."""
    mean = ten.mean(x, axis=axes, keepdims=True)
    centered = ten.subtract(x, mean)
    variance = ten.mean(ten.multiply(centered, centered), axis=axes,
                        keepdims=True)
    rstd = ten.rsqrt(ten.add(variance, eps))
    return ten.multiply(centered, rstd), mean, rstd, variance


@_converts(aten.native_layer_norm.default)
@_in_float32
def _native_layer_norm(x, normalized_shape, weight, bias, eps):
    axes = tuple(range(x.ndim - len(normalized_shape), x.ndim))
    y, mean, rstd, _ = _normalized(x, axes, eps)
    if weight is not None:
        y = ten.multiply(y, weight)
    if bias is not None:
        y = ten.add(y, bias)
    return y, mean, rstd


# Contractions --------------------------------------------------------------

_converts(aten.mm.default, aten.bmm.default, aten.matmul.default)(
    lambda a, b: ten.matmul(a, b))


@_converts(aten.addmm.default, aten.baddbmm.default)
def _addmm(bias, a, b, *, beta=1, alpha=1):
    product = _scaled(ten.matmul(a, b), alpha)
    if beta == 0:
        return product
    return ten.add(_scaled(bias, beta), product)


@_converts(aten.ldexp.Tensor)
def _ldexp(x, exponent):
    """PyTorch's ldexp: `x` times 2 to the `exponent`, rounded once for an
    integer exponent (NumPy's ldexp: 2**100 * 2**-200 is 2**-100 in
    float32, as PyTorch gives), else times a power of 2 in the float type."""
    if np.dtype(x.dtype).kind not in "fc":
        x = ten.astype(x, np.float32)
    if np.dtype(exponent.dtype).kind in "iub":
        # Past +-2**15 every float overflows or vanishes: int32 holds that.
        clipped = ten.clip(exponent, -2**15, 2**15)
        return ten.ldexp(x, ten.astype(clipped, np.int32))
    return ten.multiply(x, ten.power(2.0, exponent))


_converts(aten.frexp.Tensor)(lambda x: tuple(ten.frexp(x)))


@_converts(aten.addmv.default)
def _addmv(bias, matrix, vector, *, beta=1, alpha=1):
    return _addmm(bias, matrix, vector, beta=beta, alpha=alpha)


@_converts(aten._trilinear.default)
def _trilinear(first, second, third, expand1, expand2, expand3, sumdim,
               unroll_dim=1):
    """The product of three tensors, each with size-1 dimensions inserted
    at its `expand` positions, summed over `sumdim` (F.bilinear's form):
    one einsum, each tensor's dimensions named by the positions they take."""
    rank = first.ndim + len(expand1)
    letters = "abcdefghijklmnopqrstuvwxyz"[:rank]
    operands, subscripts = [], []
    for tensor, expand in ((first, expand1), (second, expand2),
                           (third, expand3)):
        kept = [d for d in range(rank) if d not in expand]
        operands.append(tensor)
        subscripts.append("".join(letters[d] for d in kept))
    result = "".join(letters[d] for d in range(rank) if d not in sumdim)
    summed = ten.einsum(",".join(subscripts) + "->" + result, *operands)
    # The summed dimensions stay, of size 1, as PyTorch's kernel keeps them.
    return ten.reshape(summed, tuple(1 if d in sumdim else
                                     _trilinear_size(operands, subscripts,
                                                     letters[d])
                                     for d in range(rank)))


def _trilinear_size(operands, subscripts, letter):
    """The size of the dimension named `letter`: its largest among the
    operands that have it (the others broadcast it)."""
    return max([tensor.shape[names.index(letter)]
                for tensor, names in zip(operands, subscripts)
                if letter in names] or [1])


# Creation and gathering ----------------------------------------------------


@_converts(aten.full.default)
def _full(size, fill_value, *, dtype=None, **kwargs):
    return ten.full(tuple(size), fill_value,
                    dtype=numpy_dtype(dtype or torch.get_default_dtype()))


@_converts(aten.full_like.default)
def _full_like(x, fill_value, *, dtype=None, **kwargs):
    return ten.full_like(x, fill_value,
                         dtype=numpy_dtype(dtype) if dtype else None)


@_converts(aten.zeros_like.default)
def _zeros_like(x, *, dtype=None, **kwargs):
    return _full_like(x, 0, dtype=dtype)


@_converts(aten.ones_like.default)
def _ones_like(x, *, dtype=None, **kwargs):
    return _full_like(x, 1, dtype=dtype)


@_converts(aten.scalar_tensor.default)
def _scalar_tensor(value, *, dtype=None, **kwargs):
    return ten.full((), value,
                    dtype=numpy_dtype(dtype or torch.get_default_dtype()))


@_converts(aten.arange.start_step, aten.arange.default, aten.arange.start)
def _arange(*args, dtype=None, **kwargs):
    return ten.arange(*args, dtype=numpy_dtype(dtype) if dtype else None)


@_converts(aten.embedding.default)
def _embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False,
               sparse=False):
    return ten.take(weight, indices, axis=0)


def _pad_pairs(ndim, pad):
    """F.pad's flat (before, after) pairs, from the last dim backward, per
    dim from the first."""
    widths = [(0, 0)] * ndim
    for i in range(len(pad) // 2):
        widths[ndim - 1 - i] = (pad[2 * i], pad[2 * i + 1])
    return widths


def _crops_within(x, pad, value=0):
    """Whether `pad` holds pairs for at most every dim of `x` and its
    negative widths (crops) leave at least nothing of each; PyTorch refuses
    the rest."""
    if len(pad) % 2 or len(pad) > 2 * x.ndim:
        return False
    return all(max(-before, 0) + max(-after, 0) <= size for size, (before,
               after) in zip(x.shape, _pad_pairs(x.ndim, pad)))


@_converts(aten.constant_pad_nd.default, when=_crops_within)
def _constant_pad_nd(x, pad, value=0):
    """F.pad's constant padding: a negative width removes that many
    elements from its end of the dim (a crop), as in PyTorch."""
    widths = _pad_pairs(x.ndim, pad)
    crops = tuple(slice(max(-before, 0), size - max(-after, 0))
                  for size, (before, after) in zip(x.shape, widths))
    if any(before < 0 or after < 0 for before, after in widths):
        x = x[crops]
    return ten.pad(x, [(max(before, 0), max(after, 0))
                       for before, after in widths], constant_values=value)


# Fourier transforms ----------------------------------------------------------
#
# PyTorch's torch.fft reaches the graph as three operators over a list of
# dims, with a `normalization` of the result: 0 none, 1 by 1/sqrt(n), 2 by
# 1/n, n the product of the signal's sizes along the dims. Each is ten.fft's
# unnormalized transforms axis by axis, then that scale.

_converts(aten._conj.default, aten.conj_physical.default)(
    lambda x: ten.conjugate(x))


@_converts(aten.complex.default,
           when=lambda real, imag: real.dtype in (torch.float32,
                                                  torch.float64))
def _complex(real, imag):
    """Complex numbers of these parts (an infinite part stays infinite,
    which a sum with a product by 1j would not keep)."""
    from ._ops import _graph_of

    shape = tuple(np.broadcast_shapes(tuple(real.shape), tuple(imag.shape)))
    real, imag = (ten.broadcast_to(part, shape) for part in (real, imag))
    return _graph_of(real).apply("complex", real.value, imag.value)


@_converts(aten.polar.default,
           when=lambda abs, angle: abs.dtype in (torch.float32,
                                                 torch.float64))
def _polar(abs, angle):
    """abs (cos angle + i sin angle), each part a product as PyTorch's:
    polar(inf, 0) is inf + nan i."""
    return _complex(ten.multiply(abs, ten.cos(angle)),
                    ten.multiply(abs, ten.sin(angle)))


@_converts(aten.angle.default)
def _angle(x):
    """The argument of complex numbers (NumPy's angle); of real ones,
    PyTorch's: pi below zero, 0 from -0 up (NumPy's angle(-0.0) is pi), NaN
    at NaN."""
    if np.dtype(x.dtype).kind == "c":
        return ten.angle(x)
    if np.dtype(x.dtype).kind != "f":
        x = ten.astype(x, np.float64)
    return ten.where(ten.isnan(x), x,
                     ten.where(ten.less(x, 0), x.dtype.type(math.pi), 0))


@_converts(aten.view_as_real.default)
def _view_as_real(z):
    return ten.stack([ten.real(z), ten.imag(z)], axis=-1)


def _fft_normalized(x, sizes, normalization):
    n = math.prod(sizes)
    if normalization == 0 or n == 0:
        return x
    real = np.float32 if x.dtype in (np.complex64, np.float32) else np.float64
    factor = 1 / math.sqrt(n) if normalization == 1 else 1 / n
    return ten.multiply(x, real(factor))


@_converts(aten._fft_c2c.default)
def _fft_c2c(x, dim, normalization, forward):
    for d in dim:
        x = ten.fft.fft(x, axis=d, norm="backward") if forward else \
            ten.fft.ifft(x, axis=d, norm="forward")
    return _fft_normalized(x, [x.shape[d] for d in dim], normalization)


@_converts(aten._fft_r2c.default)
def _fft_r2c(x, dim, normalization, onesided):
    sizes = [x.shape[d] for d in dim]
    rest = list(dim)
    if onesided:
        # The last dim's transform keeps its n // 2 + 1 first elements.
        x = ten.fft.rfft(x, axis=rest.pop(), norm="backward")
    for d in rest:
        x = ten.fft.fft(x, axis=d, norm="backward")
    return _fft_normalized(x, sizes, normalization)


@_converts(aten._fft_c2r.default)
def _fft_c2r(x, dim, normalization, last_dim_size):
    for d in dim[:-1]:
        x = ten.fft.ifft(x, axis=d, norm="forward")
    x = ten.fft.irfft(x, n=last_dim_size, axis=dim[-1], norm="forward")
    return _fft_normalized(x, [x.shape[d] for d in dim], normalization)


# Checks ------------------------------------------------------------------------
#
# PyTorch's asserts of values known only when the graph runs (one_hot's of
# its classes, torch._assert_async): ten.check, which stops the run; the
# backend raises PyTorch's RuntimeError with the assert's message. PyTorch
# takes a condition of one element only (and raises another error for
# others): those stay with it.


@_converts(aten._assert_async.default, aten._assert_async.msg,
           when=lambda condition, *message: condition.numel() == 1 and
           not any("\0" in text for text in message))
def _assert_async(condition, message="Expected Tensor with single nonzero "
                  "value, but got zero"):
    ten.check(condition, message)


# Linear algebra ----------------------------------------------------------------
#
# The decompositions whose every result ten computes: in the input's
# precision, as PyTorch's are (not in double, as NumPy's). det and slogdet
# run where nothing reads their LU factors and pivots (a backward does).
# solve, inv and cholesky return an error code that an effectful check
# (with_effects of _linalg_check_errors) reads: ten's ops raise for a
# singular or indefinite matrix themselves, so the code is 0 and the check
# (left to PyTorch) passes it; the error reaches the caller as
# torch.linalg.LinAlgError (TenSubgraph). Where anything else reads the code
# (torch.linalg.cholesky_ex, which raises nothing), the node stays with
# PyTorch. Eigenvectors and singular vectors are unique up to sign or
# phase: ten's LAPACK (the reference one) and PyTorch's may choose
# differently.


def _linalg(name, x, flag=False):
    from ._ops import _graph_of

    graph = _graph_of(x)
    return graph.apply("linalg", name, [x.value], flag)


@_converts(aten.linalg_qr.default,
           when=lambda a, mode="reduced": mode in ("reduced", "complete"))
def _linalg_qr(a, mode="reduced"):
    return _linalg("qr", a, mode == "complete")


@_converts(aten._linalg_eigh.default,
           when=lambda a, UPLO="L", compute_v=True: compute_v)
def _linalg_eigh(a, UPLO="L", compute_v=True):
    return _linalg("eigh", a, UPLO == "U")


@_converts(aten._linalg_svd.default,
           when=lambda a, full_matrices=False, compute_uv=True, driver=None:
           compute_uv and driver is None)
def _linalg_svd(a, full_matrices=False, compute_uv=True, driver=None):
    return _linalg("svd", a, bool(full_matrices))


@_converts(aten.linalg_eig.default)
def _linalg_eig(a):
    return _linalg("eig", a)


def _square_matrices(a, *args, **kwargs):
    return a.ndim >= 2 and a.shape[-1] == a.shape[-2] and (
        a.dtype.is_floating_point or a.dtype.is_complex)


@_converts(aten._linalg_det.default, when=_square_matrices,
           results_computed=1)
def _linalg_det(a):
    """The determinant (0 for a singular matrix, as PyTorch's); the LU
    factors and pivots, which det's backward reads, are not computed."""
    return ten.linalg.det(a), None, None


def _no_errors(batch):
    """The error codes of a batch of factorizations that ten checked: 0."""
    return ten.zeros(tuple(batch), dtype=np.int32)


def _is_vector_rhs(a, b):
    """Whether PyTorch's solve takes `b` as vectors: of one dimension, or of
    A's batch and rows."""
    return b.ndim == 1 or (b.ndim == a.ndim - 1 and
                           tuple(b.shape) == tuple(a.shape[:-1]))


def _solve_fits(a, b, *, left=True, check_errors=False):
    # B on the right (X A = B) of matrices only.
    return (_square_matrices(a) and b.dtype == a.dtype and
            (left or not _is_vector_rhs(a, b)))


@_converts(aten._linalg_solve_ex.default, when=_solve_fits,
           results_computed=(0, 3), errors_checked=3)
def _linalg_solve_ex(a, b, *, left=True, check_errors=False):
    """X with A X = B: B a vector (one dimension, or the batch of A's rows)
    or matrices, PyTorch's rule; or, not `left`, X A = B of matrices, as
    A^T X^T = B^T. The LU factors and pivots are not computed."""
    if not left:
        x = ten.linalg.solve(ten.matrix_transpose(a), ten.matrix_transpose(b))
        x = ten.matrix_transpose(x)
        return x, None, None, _no_errors(x.shape[:-2])
    vector = _is_vector_rhs(a, b)
    if vector and b.ndim > 1:
        x = ten.linalg.solve(a, ten.expand_dims(b, -1))[..., 0]
    else:
        x = ten.linalg.solve(a, b)
    return x, None, None, _no_errors(x.shape[:-1] if vector else
                                     x.shape[:-2])


@_converts(aten.linalg_inv_ex.default, when=_square_matrices,
           errors_checked=1)
def _linalg_inv_ex(a, *, check_errors=False):
    return ten.linalg.inv(a), _no_errors(a.shape[:-2])


@_converts(aten.linalg_cholesky_ex.default, when=_square_matrices,
           errors_checked=1)
def _linalg_cholesky_ex(a, *, upper=False, check_errors=False):
    return (ten.linalg.cholesky(a, upper=upper),
            _no_errors(a.shape[:-2]))


@_converts(aten.linalg_pinv.atol_rtol_tensor,
           when=lambda a, atol=None, rtol=None, hermitian=False:
           atol is None and rtol is None and a.ndim >= 2 and
           (a.dtype.is_floating_point or a.dtype.is_complex))
def _linalg_pinv(a, *, atol=None, rtol=None, hermitian=False):
    """The pseudo-inverse with PyTorch's default cutoff, NumPy 2's too:
    singular values below max(m, n) * eps times the largest count as 0."""
    return ten.linalg.pinv(a, hermitian=hermitian)


@_converts(aten._linalg_slogdet.default, when=_square_matrices,
           results_computed=2)
def _linalg_slogdet(a):
    sign, logabsdet = ten.linalg.slogdet(a)
    return sign, logabsdet, None, None


# Sorting, scans and gathering ----------------------------------------------


@_converts(aten.sort.default)
def _sort(x, dim=-1, descending=False):
    # PyTorch's order of equal elements is unspecified; ten's is the stable
    # one, which is one of them. NaN sorts as the largest, as PyTorch's.
    return (ten.sort(x, axis=dim, descending=descending),
            ten.argsort(x, axis=dim, descending=descending))


@_converts(aten.sort.stable)
def _sort_stable(x, *, stable=None, dim=-1, descending=False):
    return _sort(x, dim, descending)


@_converts(aten.topk.default)
def _topk(x, k, dim=-1, largest=True, sorted=True):
    return ten.topk(x, k, axis=dim, largest=largest)


@_converts(aten.cumsum.default)
def _cumsum(x, dim, *, dtype=None):
    return ten.cumsum(x, axis=dim,
                      dtype=numpy_dtype(dtype) if dtype else None)


@_converts(aten.cumprod.default)
def _cumprod(x, dim, *, dtype=None):
    return ten.cumprod(x, axis=dim,
                       dtype=numpy_dtype(dtype) if dtype else None)


@_converts(aten.flip.default)
def _flip(x, dims):
    return ten.flip(x, axis=tuple(dims)) if len(dims) else x


@_converts(aten.index_select.default)
def _index_select(x, dim, index):
    return ten.take(x, index, axis=_axis(dim, x.ndim))


def _element_indices(index, dim):
    """The index tuple of PyTorch's gather and scatter along `dim`: `index`
    there, and each element's own position along the other dimensions
    (`index` may be smaller than the tensor along them)."""
    shape = tuple(index.shape)
    return tuple(
        index if axis == dim else
        np.arange(size, dtype=np.int64).reshape(
            [size if a == axis else 1 for a in range(len(shape))])
        for axis, size in enumerate(shape))


def _same_rank(x, dim, index, *args, **kwargs):
    return index.ndim == x.ndim and index.numel() > 0


@_converts(aten.gather.default, when=_same_rank)
def _gather(x, dim, index, sparse_grad=False):
    dim = _axis(dim, x.ndim)
    if all(index.shape[d] == x.shape[d] for d in range(x.ndim) if d != dim):
        return ten.take_along_axis(x, index, axis=dim)
    return x[_element_indices(index, dim)]


def _updated(x, where, values, add):
    """A copy of `x` with `values` written at `where` (NumPy's last write
    kept where an element repeats; PyTorch leaves that order unspecified)
    or added there (every repeat counted)."""
    result = ten.copy(x)
    if add:
        ten.add.at(result, where, values)
    else:
        result[where] = values
    return result


def _scattered(x, dim, index, source, add):
    dim = _axis(dim, x.ndim)
    if hasattr(source, "shape") and tuple(source.shape) != tuple(index.shape):
        source = source[tuple(slice(0, size) for size in index.shape)]
    return _updated(x, _element_indices(index, dim), source, add)


@_converts(aten.scatter_add.default, when=_same_rank)
def _scatter_add(x, dim, index, source):
    return _scattered(x, dim, index, source, add=True)


@_converts(aten.scatter.src, aten.scatter.value, when=_same_rank)
def _scatter(x, dim, index, source):
    return _scattered(x, dim, index, source, add=False)


# scatter_reduce's reductions: NumPy's ufunc whose `at` combines the
# scattered values, and the identity written where `include_self=False`
# leaves an element out (the extreme values for amax and amin).
_SCATTER_REDUCTIONS = {"sum": "add", "mean": "add", "prod": "multiply",
                       "amax": "maximum", "amin": "minimum"}


def _reduction_identity(reduce, dtype):
    """The value that `reduce` leaves unchanged, of NumPy dtype `dtype`."""
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    if dtype.kind == "f":
        return -np.inf if reduce == "amax" else np.inf
    if dtype.kind == "b":
        return reduce == "amin"
    info = np.iinfo(dtype)
    return info.min if reduce == "amax" else info.max


def _reduced_into(x, where, source, reduce, include_self, counted,
                  count_index):
    """A copy of `x` with `source` combined into the elements at `where`
    by `reduce` (with each element's own value where `include_self`, else
    with the others combined there alone); the mean divides by the count
    of values combined, a floor division for integers. The counts are
    those of `counted` (a shape broadcast against `x`) at `count_index`."""
    result = ten.copy(x)
    if not include_self:
        result[where] = _reduction_identity(reduce, np.dtype(x.dtype))
    getattr(ten, _SCATTER_REDUCTIONS[reduce]).at(result, where, source)
    if reduce != "mean":
        return result
    counts = ten.full(counted, 1 if include_self else 0, np.int64)
    ten.add.at(counts, count_index, 1)
    counts = ten.maximum(counts, 1)
    if np.dtype(x.dtype).kind in "iub":
        return ten.floor_divide(result, counts).astype(x.dtype)
    return (result / counts).astype(x.dtype)


@_converts(aten.scatter_reduce.two,
           when=lambda x, dim, index, source, reduce, include_self=True:
           _same_rank(x, dim, index) and reduce in _SCATTER_REDUCTIONS)
def _scatter_reduce(x, dim, index, source, reduce, include_self=True):
    """PyTorch's scatter_reduce: each scattered value combined into its
    element."""
    dim = _axis(dim, x.ndim)
    if tuple(source.shape) != tuple(index.shape):
        source = source[tuple(slice(0, size) for size in index.shape)]
    where = _element_indices(index, dim)
    return _reduced_into(x, where, source, reduce, include_self,
                         tuple(x.shape), where)


@_converts(aten.index_reduce.default,
           when=lambda x, dim, index, source, reduce, include_self=True:
           reduce in _SCATTER_REDUCTIONS and index.numel() > 0)
def _index_reduce(x, dim, index, source, reduce, include_self=True):
    """PyTorch's index_reduce: slice i of `source` along `dim` combined
    into slice index[i] of `x`, as scatter_reduce combines elements."""
    dim = _axis(dim, x.ndim)
    where = (slice(None),) * dim + (index,)
    counted = (x.shape[dim],) + (1,) * (x.ndim - dim - 1)
    count_index = (index,) + (0,) * (x.ndim - dim - 1)
    return _reduced_into(x, where, source, reduce, include_self, counted,
                         count_index)


def _integer_indices(x, indices):
    # Masks select a number of elements only the run knows.
    return all(index is None or index.dtype not in (torch.bool, torch.uint8)
               for index in indices)


@_converts(aten.index.Tensor, when=_integer_indices)
def _index(x, indices):
    return x[tuple(slice(None) if index is None else index
                   for index in indices)]


_converts(operator.getitem)(lambda values, index: values[index])


@_converts(aten.index_put.default,
           when=lambda x, indices, values, accumulate=False:
           _integer_indices(x, indices))
def _index_put(x, indices, values, accumulate=False):
    where = tuple(slice(None) if index is None else index
                  for index in indices)
    return _updated(x, where, values, accumulate)


@_converts(aten.diagonal.default)
def _diagonal(x, offset=0, dim1=0, dim2=1):
    return ten.diagonal(x, offset, _axis(dim1, x.ndim), _axis(dim2, x.ndim))


@_converts(aten.repeat.default)
def _repeat(x, repeats):
    return ten.tile(x, tuple(repeats))


@_converts(aten.unfold.default,
           when=lambda x, dimension, size, step: x.ndim > 0 and step > 0)
def _unfold(x, dimension, size, step):
    """Windows of `size` every `step` along `dimension`, as a new last
    dimension: one strided slice per offset within the window."""
    dim = _axis(dimension, x.ndim)
    count = (x.shape[dim] - size) // step + 1
    slices = [_slice_along(x, dim, offset, offset + step * (count - 1) + 1,
                           step) for offset in range(size)]
    return ten.stack(slices, axis=-1)


def _triangle(function):
    def convert(row, col, offset=0, *, dtype=None, **kwargs):
        rows, cols = function(row, offset, col)
        return ten.asarray(np.stack([rows, cols]).astype(
            numpy_dtype(dtype) if dtype else np.int64))
    return convert


_converts(aten.tril_indices.default)(_triangle(np.tril_indices))
_converts(aten.triu_indices.default)(_triangle(np.triu_indices))


def _sorted_pick(x, dim, position, keepdim):
    """The element at `position` of `x` sorted along `dim` (NaN last, equal
    elements in their order) and its index: `position` an int, or an int
    array of x's shape with 1 along `dim`."""
    if x.ndim == 0:
        # A number is its own row; the results are numbers, keepdim or not.
        x, dim, keepdim = ten.reshape(x, (1,)), 0, False
    if isinstance(position, int):
        # A partition's position holds what the stable sort puts there.
        order = ten.argpartition(x, position, axis=dim)
        index = _slice_along(order, dim, position, position + 1)
    else:
        order = ten.argsort(x, axis=dim, kind="stable")
        index = ten.take_along_axis(order, position, axis=dim)
    value = ten.take_along_axis(x, index, axis=dim)
    if not keepdim:
        index, value = ten.squeeze(index, dim), ten.squeeze(value, dim)
    return value, index


def _lower_median(x, dim, keepdim, ignore_nan):
    """PyTorch's median along `dim`: the lower of the two middle values (of
    the values that are not NaN, for nanmedian) and its index; NaN, and the
    first NaN's index, where a NaN is there and counts."""
    if x.ndim == 0:
        return _lower_median(ten.reshape(x, (1,)), 0, False, ignore_nan)
    dim = _axis(dim, x.ndim)
    length = x.shape[dim]
    if not _dtypes.holds_nan(x.dtype):
        return _sorted_pick(x, dim, (length - 1) // 2, keepdim)
    numbers = ten.sum(ten.logical_not(ten.isnan(x)), axis=dim,
                      keepdims=True)
    if ignore_nan:
        middle = ten.floor_divide(ten.maximum(ten.subtract(numbers, 1), 0),
                                  2)
    else:
        # The first NaN sorts right after the numbers.
        middle = ten.where(ten.less(numbers, length), numbers,
                           (length - 1) // 2)
    return _sorted_pick(x, dim, ten.astype(middle, np.int64), keepdim)


def _nonempty_along(x, dim=None, *args, **kwargs):
    return x.numel() > 0 and (dim is None or x.ndim == 0 or
                              x.shape[_axis(dim, x.ndim)] > 0)


@_converts(aten.median.dim, when=_nonempty_along)
def _median_dim(x, dim=-1, keepdim=False):
    return _lower_median(x, dim, keepdim, ignore_nan=False)


@_converts(aten.nanmedian.dim, when=_nonempty_along)
def _nanmedian_dim(x, dim=-1, keepdim=False):
    return _lower_median(x, dim, keepdim, ignore_nan=True)


@_converts(aten.median.default, when=_nonempty_along)
def _median(x):
    return _lower_median(ten.reshape(x, (-1,)), 0, False, False)[0]


@_converts(aten.nanmedian.default, when=_nonempty_along)
def _nanmedian(x):
    return _lower_median(ten.reshape(x, (-1,)), 0, False, True)[0]


@_converts(aten.kthvalue.default,
           when=lambda x, k, dim=-1, keepdim=False:
           _nonempty_along(x, dim) and
           1 <= k <= (x.shape[_axis(dim, x.ndim)] if x.ndim else 1))
def _kthvalue(x, k, dim=-1, keepdim=False):
    """The k-th smallest value (NaN the largest) and its index."""
    return _sorted_pick(x, _axis(dim, x.ndim) if x.ndim else 0, k - 1,
                        keepdim)


@_converts(aten.bucketize.Tensor,
           when=lambda x, boundaries, **kwargs: boundaries.ndim == 1)
def _bucketize(x, boundaries, *, out_int32=False, right=False):
    return ten.searchsorted(boundaries, x, side="right" if right else "left")


def _searchsorted_rows(sorted_sequence, x, side):
    """searchsorted along the last dimension of both, row by row: how many
    elements of each row come before each value (NaN sorts last)."""
    row = ten.expand_dims(sorted_sequence, -2)
    value = ten.expand_dims(x, -1)
    if side == "left":
        before = ten.less(row, value)
        if _dtypes.holds_nan(x.dtype):
            before = ten.logical_or(before, ten.logical_and(
                ten.isnan(value), ten.logical_not(ten.isnan(row))))
    else:
        before = ten.less_equal(row, value)
        if _dtypes.holds_nan(x.dtype):
            before = ten.logical_or(before, ten.isnan(value))
    return ten.sum(before, axis=-1, dtype=np.int64)


def _searchsorted_fits(sorted_sequence, x, **kwargs):
    # One sorted row for every value, or a row for every row of values.
    return kwargs.get("sorter") is None and (
        sorted_sequence.ndim == 1 or
        (sorted_sequence.ndim == x.ndim and
         sorted_sequence.shape[:-1] == x.shape[:-1]))


@_converts(aten.searchsorted.Tensor, when=_searchsorted_fits)
def _searchsorted(sorted_sequence, x, *, out_int32=False, right=False,
                  side=None, sorter=None):
    side = side or ("right" if right else "left")
    if sorted_sequence.ndim == 1:
        return ten.searchsorted(sorted_sequence, x, side=side)
    return _searchsorted_rows(sorted_sequence, x, side)


@_converts(aten.histc.default,
           when=lambda x, bins=100, min=0, max=0:
           x.dtype.is_floating_point and bins > 0 and x.numel() > 0 and
           min <= max)
def _histc(x, bins=100, min=0, max=0):
    """PyTorch's histogram of `bins` equal bins over [min, max] (the data's
    range where both are equal, widened by 1 each way if that is empty
    too): each value's bin is its distance from the minimum times `bins`
    over the range, in the input's precision (as PyTorch's kernel computes
    it), the maximum in the last bin; values outside are left out."""
    values = ten.reshape(x, (-1,))
    if min == max:
        low, high = ten.min(values), ten.max(values)
        empty = ten.equal(low, high)
        low = ten.where(empty, ten.subtract(low, 1), low)
        high = ten.where(empty, ten.add(high, 1), high)
    else:
        low = ten.asarray(min, dtype=x.dtype)
        high = ten.asarray(max, dtype=x.dtype)
    inside = ten.logical_and(ten.greater_equal(values, low),
                             ten.less_equal(values, high))
    position = ten.floor(ten.divide(
        ten.multiply(ten.subtract(values, low), bins),
        ten.subtract(high, low)))
    position = ten.where(inside, ten.minimum(position, bins - 1), 0)
    counts = ten.zeros((bins,), dtype=x.dtype)
    ten.add.at(counts, ten.astype(position, np.int64),
               ten.astype(inside, x.dtype))
    return counts


def _running_extreme(x, dim, maximum):
    """cummax or cummin along `dim` and the index of each running value:
    the latest element equal to it (PyTorch's, which takes ties), or the
    latest NaN once one has come."""
    dim = _axis(dim, x.ndim) if x.ndim else 0
    if x.ndim == 0:
        return x, ten.zeros((), dtype=np.int64)
    fold = ten.maximum if maximum else ten.minimum
    values = fold.accumulate(x, axis=dim)
    hit = ten.equal(x, values)
    if _dtypes.holds_nan(x.dtype):
        hit = ten.logical_or(hit, ten.isnan(x))
    shape = [1] * x.ndim
    shape[dim] = x.shape[dim]
    positions = np.arange(x.shape[dim], dtype=np.int64).reshape(shape)
    index = ten.maximum.accumulate(ten.where(hit, positions, 0), axis=dim)
    return values, index


@_converts(aten.cummax.default)
def _cummax(x, dim):
    return _running_extreme(x, dim, maximum=True)


@_converts(aten.cummin.default)
def _cummin(x, dim):
    return _running_extreme(x, dim, maximum=False)


@_converts(aten.logcumsumexp.default,
           when=lambda x, dim: _dtypes.holds_nan(numpy_dtype(x.dtype)))
def _logcumsumexp(x, dim):
    dim = _axis(dim, x.ndim) if x.ndim else 0
    if x.ndim == 0:
        return x
    return ten.logaddexp.accumulate(x, axis=dim)


@_converts(aten.masked_scatter.default)
def _masked_scatter(x, mask, source):
    """`source`'s elements, in order, where `mask` (broadcast to `x`) holds;
    `x` elsewhere."""
    shape = tuple(np.broadcast_shapes(tuple(x.shape), tuple(mask.shape)))
    result = ten.copy(ten.broadcast_to(x, shape))
    ten.place(result, ten.broadcast_to(mask, shape),
              ten.reshape(source, (-1,)))
    return result


# Buffers written in parts (the decompositions of circular padding and of
# vander): an uninitialized tensor, whole copies into it, and slices of it
# replaced. Each is a new value.


@_converts(aten.empty.memory_format)
def _empty(size, *, dtype=None, **kwargs):
    return ten.zeros(tuple(size), dtype=numpy_dtype(
        dtype or torch.get_default_dtype()))


@_converts(aten.empty_permuted.default)
def _empty_permuted(size, physical_layout, *, dtype=None, **kwargs):
    # A layout in memory only: the values are a new tensor's.
    return _empty(size, dtype=dtype)


@_converts(aten.copy.default)
def _copy(x, source, non_blocking=False):
    return ten.broadcast_to(ten.astype(source, x.dtype), tuple(x.shape))


@_converts(aten.slice_scatter.default)
def _slice_scatter(x, source, dim=0, start=None, end=None, step=1):
    dim = _axis(dim, x.ndim)
    where = [slice(None)] * x.ndim
    where[dim] = slice(start, end, step)
    return _updated(x, tuple(where), source, add=False)


@_converts(aten.select_scatter.default)
def _select_scatter(x, source, dim, index):
    where = [slice(None)] * x.ndim
    where[_axis(dim, x.ndim)] = index
    return _updated(x, tuple(where), source, add=False)


@_converts(aten.nonzero_static.default)
def _nonzero_static(x, *, size, fill_value=-1):
    """The indices of the first `size` nonzero elements in row-major order,
    one row each, the rows past them `fill_value`: each nonzero element
    written to the row of its rank (the others, and those past `size`, to
    a spare row dropped at the end)."""
    flat = ten.reshape(ten.not_equal(x, 0), (-1,))
    rank = ten.subtract(ten.cumsum(flat, dtype=np.int64), 1)
    row = ten.where(ten.logical_and(flat, ten.less(rank, size)), rank, size)
    positions = np.stack(np.unravel_index(np.arange(flat.shape[0]),
                                          tuple(x.shape)), axis=-1) \
        if x.ndim else np.zeros((1, 0), dtype=np.int64)
    result = ten.full((size + 1, x.ndim), fill_value, dtype=np.int64)
    result[row] = positions.astype(np.int64)
    return result[:size]


# Mode: each element's count among its row found by comparing every pair,
# along dimensions of at most this many elements. PyTorch's index is that of
# the mode's last element after std::sort of the row's (value, index) pairs
# by value: the last occurrence where libstdc++ sorts by insertion (16
# elements or fewer), which is stable; an order its introsort leaves
# elsewhere (of 200 rows of 17 values in 0..2, 172 took another). So
# longer rows stay with PyTorch, as do floats, whose NaNs (each a run of
# its own) land where the sort's comparisons leave them.
_MOST_MODE_LENGTH = 16


@_converts(aten.mode.default,
           when=lambda x, dim=-1, keepdim=False:
           not x.dtype.is_floating_point and not x.dtype.is_complex and
           x.numel() > 0 and (x.ndim == 0 or 0 < x.shape[_axis(dim, x.ndim)]
                              <= _MOST_MODE_LENGTH))
def _mode(x, dim=-1, keepdim=False):
    """The most frequent value along `dim` (the smallest of equally
    frequent ones) and the index of its last occurrence, PyTorch's."""
    if x.ndim == 0:
        return x, ten.zeros((), dtype=np.int64)
    dim = _axis(dim, x.ndim)
    row = ten.moveaxis(x, dim, -1)
    counts = ten.sum(ten.equal(ten.expand_dims(row, -1),
                               ten.expand_dims(row, -2)), axis=-1)
    frequent = ten.equal(counts, ten.max(counts, axis=-1, keepdims=True))
    largest = True if row.dtype == np.bool_ else np.iinfo(row.dtype).max
    value = ten.min(ten.where(frequent, row, largest), axis=-1,
                    keepdims=True)
    index = _last_true(ten.equal(row, value))
    value = ten.squeeze(value, -1)
    if keepdim:
        value, index = (ten.expand_dims(value, dim),
                        ten.expand_dims(index, dim))
    return value, index


def _last_true(mask):
    """The index of the last true element along the last axis."""
    length = mask.shape[-1]
    return ten.subtract(length - 1, ten.argmax(ten.flip(mask, axis=-1),
                                               axis=-1))


@_converts(aten._embedding_bag_forward_only.default,
           aten._embedding_bag.default, results_computed=1,
           when=lambda weight, indices, offsets, *args, **kwargs:
           indices.ndim == 1 and offsets.ndim == 1 and
           weight.dtype.is_floating_point)
def _embedding_bag(weight, indices, offsets, scale_grad_by_freq=False,
                   mode=0, sparse=False, per_sample_weights=None,
                   include_last_offset=False, padding_idx=-1):
    """F.embedding_bag's bags (indices[offsets[j]:offsets[j + 1]]) reduced:
    summed (each row times its weight), averaged or the maximum, the rows
    of `padding_idx` left out; an empty bag gives zeros. Only the result:
    the bag of each index, the bags' sizes and the maxima's rows, which the
    backward reads, are left to PyTorch."""
    count = indices.shape[0]
    bags = offsets.shape[0] - (1 if include_last_offset else 0)
    bag = ten.subtract(ten.searchsorted(
        offsets, np.arange(count, dtype=offsets.dtype), side="right"), 1)
    valid = ten.less(bag, bags)
    if padding_idx is not None and padding_idx >= 0:
        valid = ten.logical_and(valid, ten.not_equal(indices, padding_idx))
    bag = ten.where(valid, bag, 0)
    rows = ten.take(_wide(weight), indices, axis=0)
    sizes = ten.zeros((bags,), dtype=rows.dtype)
    ten.add.at(sizes, bag, ten.astype(valid, rows.dtype))
    if mode == 2:
        result = ten.full((bags, weight.shape[1]), -np.inf, dtype=rows.dtype)
        ten.maximum.at(result, bag, ten.where(ten.expand_dims(valid, 1),
                                              rows, -np.inf))
        result = ten.where(ten.expand_dims(ten.greater(sizes, 0), 1), result,
                           0)
    else:
        if per_sample_weights is not None:
            rows = ten.multiply(rows, ten.expand_dims(
                _wide(per_sample_weights), 1))
        rows = ten.where(ten.expand_dims(valid, 1), rows, 0)
        result = ten.zeros((bags, weight.shape[1]), dtype=rows.dtype)
        ten.add.at(result, bag, rows)
        if mode == 1:
            result = ten.divide(result, ten.expand_dims(
                ten.maximum(sizes, 1), 1))
    return result, None, None, None


# The neural-network operators (convolutions, pooling, normalization), in a
# module of their own that registers them here.
from . import _torch_nn  # noqa: E402,F401
# The special functions NumPy has not (lgamma, digamma, erfinv).
from . import _torch_special  # noqa: E402,F401


# ---------------------------------------------------------------------------
# Which nodes ten runs
# ---------------------------------------------------------------------------


def _metadata_tensors(value):
    """The tensors (FakeTensors of the graph's metadata) in `value`."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for item in value for t in _metadata_tensors(item)]
    return []


def _meta_of(argument):
    if isinstance(argument, torch.fx.Node):
        return argument.meta.get("val")
    if isinstance(argument, (list, tuple)):
        return [_meta_of(item) for item in argument]
    return argument


def _tensors_fit(values):
    """Whether every tensor of `values` is on the CPU in a dtype ten has."""
    return all(tensor.device.type == "cpu" and
               numpy_dtype(tensor.dtype) is not None and
               not tensor.is_sparse for tensor in _metadata_tensors(values))


def _returns_nothing(target):
    """Whether operator `target` yields no value (an assert), so that its
    node has none to record."""
    schema = getattr(target, "_schema", None)
    return schema is not None and not schema.returns


def _unsupported_reason(node):
    """Why ten does not run the operator of `node`, or None when it does
    (placeholders and outputs stay in the split graph)."""
    if node.op != "call_function":
        return f"a {node.op} node"
    converter = _CONVERTERS.get(node.target)
    if converter is None:
        return "no converter"
    if "val" not in node.meta and not _returns_nothing(node.target):
        return "no metadata"
    if not _tensors_fit(node.meta.get("val")):
        return "a dtype or device ten does not take"
    args = [_meta_of(arg) for arg in node.args]
    kwargs = {key: _meta_of(value) for key, value in node.kwargs.items()}
    if not _tensors_fit(args) or not _tensors_fit(list(kwargs.values())):
        return "a dtype or device ten does not take"
    if any(isinstance(value, torch.SymInt) for value in
           (*args, *kwargs.values())):
        return "a symbolic size"
    _, when = converter
    if when is not None and not when(*args, **kwargs):
        return "arguments it does not take"
    computed = _RESULTS_COMPUTED.get(node.target)
    if computed is not None and _reads_other_results(node, computed):
        return "results it does not compute are read"
    errors = _ERRORS_CHECKED.get(node.target)
    if errors is not None and _errors_unchecked(node, errors):
        return "an error code that is not PyTorch's check's alone"
    return None


class _Support(OperatorSupportBase):
    def is_node_supported(self, submodules, node):
        return _unsupported_reason(node) is None


# ---------------------------------------------------------------------------
# A part of the graph as one ten program
# ---------------------------------------------------------------------------


def _interpret(graph, arguments):
    """Runs `graph` on `arguments` (traced values and Python values) with
    ten's functions, each node's result cast to PyTorch's dtype."""
    values = {}
    inputs = iter(arguments)

    def load(argument):
        if isinstance(argument, torch.fx.Node):
            return values[argument]
        if isinstance(argument, (list, tuple)):
            return type(argument)(load(item) for item in argument)
        return argument

    for node in graph.nodes:
        if node.op == "placeholder":
            values[node] = next(inputs)
        elif node.op == "call_function":
            function, _ = _CONVERTERS[node.target]
            with located_at(_source_line(node)):
                result = function(*load(node.args), **load(dict(node.kwargs)))
                values[node] = _cast_like(result, node.meta.get("val"))
        elif node.op == "output":
            return load(node.args[0])
        else:
            raise NotImplementedError(f"ten cannot run a {node.op} node")
    raise ValueError("the graph has no output")


_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep


def _source_line(node):
    """The file and line of the user's code that made `node`: the innermost
    frame outside PyTorch of the stack TorchDynamo recorded (a layer norm's
    is the model's line that calls it, not PyTorch's own), or the node's
    name where none was recorded."""
    frames = _FRAME.findall(node.meta.get("stack_trace") or "")
    if not frames:
        # No stack recorded (AOTAutograd's inference graphs): the node's
        # name in the graph says at least which operation it is.
        return f"<torch.compile graph: {node.name}>", 0
    users = [frame for frame in frames if not frame[0].startswith(_TORCH_DIR)]
    file, line = (users or frames)[-1]
    return file, int(line)


def _cast_like(result, meta):
    if isinstance(result, (list, tuple)) and isinstance(meta, (list, tuple)):
        return type(result)(_cast_like(r, m) for r, m in zip(result, meta))
    if isinstance(meta, torch.Tensor) and hasattr(result, "dtype"):
        dtype = numpy_dtype(meta.dtype)
        if result.dtype != dtype:
            return ten.astype(result, dtype)
    return result


class TenSubgraph(torch.nn.Module):
    """A part of a graph that ten runs: compiled once per signature."""

    def __init__(self, module):
        super().__init__()
        self.graph_module = module
        graph = module.graph

        def program(*arguments):
            return _interpret(graph, arguments)

        program.__name__ = "torch_graph"
        self.program = ten.jit(program, like="torch")

    def forward(self, *arguments):
        try:
            return self.program(*(
                argument.detach() if isinstance(argument, torch.Tensor)
                else argument for argument in arguments))
        except ten.linalg.LinAlgError as error:
            # A singular or indefinite matrix: PyTorch's error type (a
            # RuntimeError), with ten's message.
            raise torch.linalg.LinAlgError(str(error)) from error
        except ten.CheckError as error:
            # A failed assert of the graph (_assert_async): PyTorch's
            # RuntimeError, with the assert's message.
            raise RuntimeError(str(error)) from error


CompileReport = collections.namedtuple(
    "CompileReport",
    ["ten_parts", "ten_nodes", "torch_nodes", "unsupported", "programs"])
CompileReport.__doc__ = """What the backend did with one graph: the parts
ten runs and their nodes, the nodes left to PyTorch, the operators among
those with the reasons (a Counter of "operator: reason"), and the ten.jit
function of each part (its `ir()` and `explain()` after a call)."""

# The reports of the graphs compiled, latest last (bounded).
reports = collections.deque(maxlen=64)


def compile_graph(module, example_inputs):
    """AOTAutograd's compiler: `module` split into parts ten runs and the
    rest, which PyTorch runs."""
    unsupported = collections.Counter()
    torch_nodes = 0
    for node in module.graph.nodes:
        reason = _unsupported_reason(node)
        if reason is not None and node.op == "call_function":
            unsupported[f"{node.target}: {reason}"] += 1
            torch_nodes += 1
    partitioner = CapabilityBasedPartitioner(
        module, _Support(), allows_single_node_partition=True)
    partitions = partitioner.propose_partitions()
    fused = partitioner.fuse_partitions(partitions)
    programs = []
    ten_nodes = 0
    for node in list(fused.graph.nodes):
        if node.op == "call_module" and node.target.startswith("fused_"):
            submodule = getattr(fused, node.target)
            ten_nodes += sum(1 for n in submodule.graph.nodes
                             if n.op == "call_function")
            part = TenSubgraph(submodule)
            setattr(fused, node.target, part)
            programs.append(part.program)
    parts = len(programs)
    report = CompileReport(parts, ten_nodes, torch_nodes, unsupported,
                           programs)
    reports.append(report)
    if unsupported:
        _log.info("ten runs %d part(s) of the graph (%d nodes); PyTorch runs "
                  "%d node(s): %s", parts, ten_nodes, torch_nodes,
                  ", ".join(f"{name} x{count}"
                            for name, count in unsupported.items()))
    fused.recompile()
    # AOTAutograd's boxed convention: the arguments come as one list, which
    # the callee may clear to free them early.
    return make_boxed_func(fused)


def _decompositions():
    table = dict(core_aten_decompositions())
    # Kept whole: ten has them as one function.
    for kept in (aten.gelu.default, aten.silu.default):
        table.pop(kept, None)
    table.update(_torch_decompositions.table())
    return table


ten_backend = aot_autograd(fw_compiler=compile_graph,
                           bw_compiler=compile_graph,
                           decompositions=_decompositions())
ten_backend.__doc__ = "torch.compile's backend 'ten' (see the module)."


def register():
    """Registers the backend with TorchDynamo under the name "ten" (once;
    the entry point registers it where this did not)."""
    from torch._dynamo.backends.registry import (_BACKENDS, _COMPILER_FNS,
                                                 register_backend)

    # An entry point PyTorch found (and may be loading now) registers it.
    if "ten" not in _COMPILER_FNS and _BACKENDS.get("ten") is None:
        register_backend(compiler_fn=ten_backend, name="ten")
