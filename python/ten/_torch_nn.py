"""The torch backend's converters of PyTorch's neural-network operators:
convolutions (strided, dilated, grouped, transposed), pooling (max with its
indices, average, adaptive), batch and group normalization, sampling at a
grid (2-D and 3-D), antialiased resizing, and the piecewise activations
that the decompositions keep whole.

A convolution is a contraction of the input's windows with the weight:
the input padded, one strided slice of it per kernel offset (prod(kernel)
of them) stacked, and one einsum over the channels and offsets, grouped
along a dimension of its own. A transposed convolution multiplies every
input element by the whole kernel in one einsum and adds each kernel
offset's products to the output at the stride's positions. Pooling
reduces the same stacked windows. The windows of an adaptive pooling
differ in size: its average is one matrix of weights
per spatial dimension (the windows are boxes), its maximum the windows
gathered with their last element repeated to the longest one's size.
Their gradients (convolution_backward and the pooling ones) are the
adjoints of the same: transposed convolutions, window products, and
gradients scattered back to the maxima or spread over the windows.

Registered by torch_backend, which imports this module last.
"""

import itertools
import math

import numpy as np

import ten

from . import _dtypes
from .torch_backend import _converts, _last_true, _normalized, _wide, aten

def _per_dim(values, count):
    """An operator's int list (a size, stride, padding or dilation) for
    `count` spatial dimensions: one value stands for every dimension."""
    values = [values] if isinstance(values, int) else list(values)
    return values * count if len(values) == 1 else values


def _windows(x, kernel, stride, dilation, outputs):
    """The strided slices of `x` (its spatial dimensions last) that each
    offset of the kernel sees, the first offset first."""
    lead = x.ndim - len(kernel)
    windows = []
    for offsets in itertools.product(*(range(k) for k in kernel)):
        index = [slice(None)] * lead
        for offset, step, spacing, count in zip(offsets, stride, dilation,
                                                outputs):
            start = offset * spacing
            index.append(slice(start, start + step * (count - 1) + 1, step))
        windows.append(x[tuple(index)])
    return windows


def _pad_spatial(x, widths, value=0):
    """`x` with `widths` (before, after) of each spatial dimension added,
    a negative width cropping instead."""
    lead = x.ndim - len(widths)
    crop = [slice(None)] * lead + [
        slice(max(-before, 0), x.shape[lead + i] - max(-after, 0))
        for i, (before, after) in enumerate(widths)]
    x = x[tuple(crop)]
    pads = [(0, 0)] * lead + [(max(before, 0), max(after, 0))
                              for before, after in widths]
    if any(before or after for before, after in pads):
        x = ten.pad(x, pads, constant_values=value)
    return x


# Convolutions ---------------------------------------------------------------


def _convolved_size(size, kernel, stride, padding, dilation):
    return (size + 2 * padding - dilation * (kernel - 1) - 1) // stride + 1


def _grouped_windows(x, kernel, stride, padding, dilation, groups,
                     outputs=None):
    """The windows of `x` (N, C, *spatial) padded: (N, groups, C / groups,
    prod(kernel), prod(outputs)), and the output sizes (the convolution's,
    unless given)."""
    x = _pad_spatial(x, [(p, p) for p in padding])
    if outputs is None:
        outputs = [_convolved_size(size, k, s, 0, d) for size, k, s, d in
                   zip(x.shape[2:], kernel, stride, dilation)]
    batch, channels = x.shape[:2]
    windows = ten.stack(_windows(x, kernel, stride, dilation, outputs),
                        axis=2)
    return ten.reshape(windows, (batch, groups, channels // groups,
                                 math.prod(kernel), math.prod(outputs))), \
        outputs


def _convolve(x, weight, bias, stride, padding, dilation, groups):
    """PyTorch's cross-correlation of `x` (N, C, *spatial) with `weight`
    (O, C / groups, *kernel), in float32 for 16-bit floats."""
    x, weight, bias = _wide(x), _wide(weight), _wide(bias)
    kernel = weight.shape[2:]
    windows, outputs = _grouped_windows(x, kernel, stride, padding,
                                        dilation, groups)
    filters = weight.shape[0]
    weight = ten.reshape(weight, (groups, filters // groups,
                                  windows.shape[2], windows.shape[3]))
    result = ten.einsum("ngckp,gock->ngop", windows, weight)
    result = ten.reshape(result, (x.shape[0], filters, *outputs))
    if bias is not None:
        result = ten.add(result, ten.reshape(bias, (filters,) +
                                             (1,) * len(kernel)))
    return result


def _weight_gradient(x, grad, kernel, stride, padding, dilation, groups):
    """The gradient of a convolution's weight (O, C / groups, *kernel):
    each offset's windows of `x` (N, C, ...) against the gradient of the
    result (N, O, ...)."""
    x, grad = _wide(x), _wide(grad)
    windows, _ = _grouped_windows(x, kernel, stride, padding, dilation,
                                  groups, outputs=grad.shape[2:])
    filters = grad.shape[1]
    grad = ten.reshape(grad, (grad.shape[0], groups, filters // groups,
                              windows.shape[-1]))
    result = ten.einsum("ngckp,ngop->gock", windows, grad)
    return ten.reshape(result, (filters, windows.shape[2], *kernel))


def _convolve_transposed(x, weight, bias, stride, padding, dilation,
                         output_padding, groups):
    """PyTorch's transposed convolution (`weight` is (C, O / groups,
    *kernel)): every input element times every kernel element in one
    product, (N, O, offsets, positions), each offset's part then added to
    the output at the stride's positions shifted by the offset, and the
    padding cropped. Spreading the input with zeros between its elements
    and convolving would spend stride^dims times the multiplications on
    zeros (a transposed 3 x 3 convolution of stride 2: 4.9 ms against
    PyTorch's 0.56, 8 x 64 x 16 x 16 to 32 channels)."""
    x, weight, bias = _wide(x), _wide(weight), _wide(bias)
    kernel = weight.shape[2:]
    count = len(kernel)
    batch, channels = x.shape[:2]
    inputs = x.shape[2:]
    per_group = weight.shape[1]
    filters = groups * per_group
    products = ten.einsum(
        "ngcp,gcok->ngokp",
        ten.reshape(x, (batch, groups, channels // groups,
                        math.prod(inputs))),
        ten.reshape(weight, (groups, channels // groups, per_group,
                             math.prod(kernel))))
    products = ten.reshape(products, (batch, filters, math.prod(kernel)) +
                           tuple(inputs))
    outputs = [(size - 1) * s - 2 * p + d * (k - 1) + extra + 1
               for size, s, p, d, k, extra in
               zip(inputs, stride, padding, dilation, kernel, output_padding)]
    extent = [max((size - 1) * s + d * (k - 1) + 1, p + out)
              for size, s, d, k, p, out in
              zip(inputs, stride, dilation, kernel, padding, outputs)]
    result = ten.zeros((batch, filters) + tuple(extent), dtype=x.dtype)
    for index, offsets in enumerate(
            itertools.product(*(range(k) for k in kernel))):
        where = (slice(None), slice(None)) + tuple(
            slice(o * d, o * d + s * (size - 1) + 1, s)
            for o, d, s, size in zip(offsets, dilation, stride, inputs))
        result[where] = ten.add(result[where], products[:, :, index])
    result = result[(slice(None), slice(None)) + tuple(
        slice(p, p + out) for p, out in zip(padding, outputs))]
    if bias is not None:
        result = ten.add(result, ten.reshape(bias, (filters,) +
                                             (1,) * count))
    return result


def _convolution_fits(x, weight, bias, stride, padding, dilation, transposed,
                      output_padding, groups):
    # Batched inputs of 1 to 3 spatial dimensions, floating point (PyTorch's
    # CPU convolutions take no integers).
    return (x.ndim == weight.ndim and 3 <= x.ndim <= 5 and
            x.dtype.is_floating_point and x.numel() > 0 and
            weight.numel() > 0)


@_converts(aten.convolution.default, when=_convolution_fits)
def _convolution(x, weight, bias, stride, padding, dilation, transposed,
                 output_padding, groups):
    count = x.ndim - 2
    stride = _per_dim(stride, count)
    padding = _per_dim(padding, count)
    dilation = _per_dim(dilation, count)
    if transposed:
        return _convolve_transposed(x, weight, bias, stride, padding,
                                    dilation, _per_dim(output_padding, count),
                                    groups)
    return _convolve(x, weight, bias, stride, padding, dilation, groups)


@_converts(aten.convolution_backward.default,
           when=lambda grad, x, weight, *args: _convolution_fits(
               x, weight, *args[:7]))
def _convolution_backward(grad, x, weight, bias_sizes, stride, padding,
                          dilation, transposed, output_padding, groups,
                          output_mask):
    """The gradients of a convolution's input, weight and bias (those that
    `output_mask` asks for). Of a convolution: the input's is the transposed
    convolution of the result's gradient (its output padding what the
    stride's floor dropped), the weight's the windows of the input against
    it. Of a transposed convolution, the roles exchanged: the input's is
    the convolution of the gradient, the weight's the windows of the
    gradient against the input."""
    count = x.ndim - 2
    stride = _per_dim(stride, count)
    padding = _per_dim(padding, count)
    dilation = _per_dim(dilation, count)
    kernel = weight.shape[2:]
    grad_input = grad_weight = grad_bias = None
    if output_mask[0]:
        if transposed:
            grad_input = _convolve(grad, weight, None, stride, padding,
                                   dilation, groups)
        else:
            dropped = [size - ((out - 1) * s - 2 * p + d * (k - 1) + 1)
                       for size, out, s, p, d, k in
                       zip(x.shape[2:], grad.shape[2:], stride, padding,
                           dilation, kernel)]
            grad_input = _convolve_transposed(grad, weight, None, stride,
                                              padding, dilation, dropped,
                                              groups)
    if output_mask[1]:
        grad_weight = (
            _weight_gradient(grad, x, kernel, stride, padding, dilation,
                             groups) if transposed else
            _weight_gradient(x, grad, kernel, stride, padding, dilation,
                             groups))
    if output_mask[2]:
        grad_bias = ten.sum(_wide(grad),
                            axis=(0,) + tuple(range(2, grad.ndim)))
    return grad_input, grad_weight, grad_bias


# Pooling --------------------------------------------------------------------


def _pooled_size(size, kernel, stride, padding, dilation, ceil_mode):
    """PyTorch's output size of a pooling: rounded up in `ceil_mode`, where
    the last window must start inside the input or its left padding."""
    span = size + 2 * padding - dilation * (kernel - 1) - 1
    if not ceil_mode:
        return span // stride + 1
    count = -(-span // stride) + 1
    if (count - 1) * stride >= size + padding:
        count -= 1
    return count


def _pooling_windows(x, kernel, stride, padding, dilation, ceil_mode, value):
    """The stacked windows (x's dimensions, the spatial ones as outputs,
    then one of the kernel's offsets) and the output sizes, `x` padded by
    `value` (the last windows of `ceil_mode` reach past the padding)."""
    count = len(kernel)
    spatial = x.shape[x.ndim - count:]
    outputs = [_pooled_size(size, k, s, p, d, ceil_mode) for size, k, s, p, d
               in zip(spatial, kernel, stride, padding, dilation)]
    widths = []
    for size, k, s, p, d, out in zip(spatial, kernel, stride, padding,
                                     dilation, outputs):
        needed = (out - 1) * s + d * (k - 1) + 1
        widths.append((p, max(needed - size - p, 0)))
    x = _pad_spatial(x, widths, value)
    windows = _windows(x, kernel, stride, dilation, outputs)
    return ten.stack(windows, axis=-1), outputs


def _lowest(dtype):
    if _dtypes.holds_nan(dtype):
        return -np.inf
    return np.iinfo(dtype).min


def _pick_max(windows):
    """The maximum along the last axis and its index: the first of equal
    maxima, the last NaN where there is one (PyTorch's max pooling takes
    every NaN it meets)."""
    values = ten.max(windows, axis=-1)
    index = ten.argmax(windows, axis=-1)
    if _dtypes.holds_nan(windows.dtype):
        nan = ten.isnan(windows)
        index = ten.where(ten.any(nan, axis=-1), _last_true(nan), index)
    return values, index


def _flat_index(offset, window, spatial, position):
    """PyTorch's index of the elements that pooling picked: `offset`, the
    element's index among its window's (row-major over the sizes
    `window`), split per dimension, `position(i, along)` its position
    along spatial dimension i, flattened over the sizes `spatial`."""
    flat = 0
    for i in reversed(range(len(window))):
        along = ten.remainder(offset, window[i])
        offset = ten.floor_divide(offset, window[i])
        flat = ten.add(flat, ten.multiply(position(i, along),
                                          math.prod(spatial[i + 1:])))
    return ten.astype(flat, np.int64)


def _spatial_grid(outputs, axis):
    """0..outputs[axis]-1 along `axis` of a grid of `outputs`' shape."""
    shape = [1] * len(outputs)
    shape[axis] = outputs[axis]
    return np.arange(outputs[axis], dtype=np.int64).reshape(shape)


def _max_pool(x, kernel, stride, padding, dilation, ceil_mode):
    count = len(kernel)
    spatial = x.shape[x.ndim - count:]
    windows, outputs = _pooling_windows(x, kernel, stride, padding, dilation,
                                        ceil_mode, _lowest(x.dtype))
    values, offset = _pick_max(windows)

    def position(i, along):
        return ten.add(ten.multiply(along, dilation[i]),
                       _spatial_grid(outputs, i) * stride[i] - padding[i])

    return values, _flat_index(offset, kernel, spatial, position)


def _pooling_fits(x, kernel_size, *args, **kwargs):
    return 0 < len(kernel_size) and x.numel() > 0


def _max_pool_converter(count):
    def convert(x, kernel_size, stride=(), padding=0, dilation=1,
                ceil_mode=False):
        kernel = _per_dim(kernel_size, count)
        stride = _per_dim(stride, count) if stride else kernel
        return _max_pool(x, kernel, stride, _per_dim(padding, count),
                         _per_dim(dilation, count), ceil_mode)
    return convert


_converts(aten.max_pool2d_with_indices.default, when=_pooling_fits)(
    _max_pool_converter(2))
_converts(aten.max_pool3d_with_indices.default, when=_pooling_fits)(
    _max_pool_converter(3))


def _average_divisors(spatial, outputs, kernel, stride, padding,
                      count_include_pad):
    """The divisor of each output of an average pooling, PyTorch's: the
    window's size clipped to the padded input, or to the input itself."""
    divisors = np.ones(outputs, dtype=np.float64)
    for i, (size, out, k, s, p) in enumerate(zip(spatial, outputs, kernel,
                                                 stride, padding)):
        start = np.arange(out) * s - p
        end = np.minimum(start + k, size + p)
        if not count_include_pad:
            start, end = np.maximum(start, 0), np.minimum(end, size)
        shape = [1] * len(outputs)
        shape[i] = out
        divisors = divisors * (end - start).reshape(shape)
    return divisors


def _avg_pool_converter(count):
    def convert(x, kernel_size, stride=(), padding=0, ceil_mode=False,
                count_include_pad=True, divisor_override=None):
        kernel = _per_dim(kernel_size, count)
        stride = _per_dim(stride, count) if stride else kernel
        padding = _per_dim(padding, count)
        spatial = x.shape[x.ndim - count:]
        windows, outputs = _pooling_windows(_wide(x), kernel, stride, padding,
                                            [1] * count, ceil_mode, 0)
        total = ten.sum(windows, axis=-1)
        if divisor_override:
            return ten.divide(total, np.float32(divisor_override))
        divisors = _average_divisors(spatial, outputs, kernel, stride,
                                     padding, count_include_pad)
        return ten.divide(total, divisors.astype(total.dtype))
    return convert


def _avg_pool_fits(x, kernel_size, *args, **kwargs):
    return _pooling_fits(x, kernel_size) and x.dtype.is_floating_point


_converts(aten.avg_pool2d.default, when=_avg_pool_fits)(
    _avg_pool_converter(2))
_converts(aten.avg_pool3d.default, when=_avg_pool_fits)(
    _avg_pool_converter(3))


def _adaptive_bounds(size, outputs):
    """PyTorch's adaptive windows: [floor(i * size / outputs),
    ceil((i + 1) * size / outputs)) for each output i."""
    index = np.arange(outputs)
    return index * size // outputs, -(-(index + 1) * size // outputs)


def _adaptive_weights(size, outputs):
    """The (outputs, size) matrix of an adaptive average along one
    dimension: 1 / the window's length inside each window."""
    start, end = _adaptive_bounds(size, outputs)
    columns = np.arange(size)
    inside = (columns >= start[:, None]) & (columns < end[:, None])
    return inside / (end - start)[:, None]


def _along(x, axis, matrix):
    """`matrix` (out, size) applied to `x`'s dimension `axis` (of `size`):
    that dimension last, a product, and back."""
    moved = ten.moveaxis(x, axis, -1)
    product = ten.matmul(moved, matrix.T.astype(x.dtype))
    return ten.moveaxis(product, -1, axis)


def _adaptive_avg_converter(count):
    def convert(x, output_size):
        outputs = _per_dim(output_size, count)
        x = _wide(x)
        lead = x.ndim - count
        for i, out in enumerate(outputs):
            x = _along(x, lead + i,
                       _adaptive_weights(x.shape[lead + i], out))
        return x
    return convert


def _adaptive_fits(x, output_size):
    return x.numel() > 0 and all(size > 0 for size in output_size) and \
        x.dtype.is_floating_point


_converts(aten._adaptive_avg_pool2d.default, when=_adaptive_fits)(
    _adaptive_avg_converter(2))
_converts(aten._adaptive_avg_pool3d.default, when=_adaptive_fits)(
    _adaptive_avg_converter(3))


def _adaptive_max_converter(count):
    def convert(x, output_size):
        outputs = _per_dim(output_size, count)
        lead = x.ndim - count
        spatial = x.shape[lead:]
        bounds = [_adaptive_bounds(size, out)
                  for size, out in zip(spatial, outputs)]
        longest = [int(np.max(end - start)) for start, end in bounds]
        # Each dimension's windows gathered as (outputs, longest), a short
        # window's last element repeated: a maximum over a repeated element
        # is the same, and its first index lies inside the window.
        for i, ((start, end), length) in enumerate(zip(bounds, longest)):
            columns = np.minimum(start[:, None] + np.arange(length),
                                 end[:, None] - 1)
            axis = lead + 2 * i
            x = ten.take(x, columns.reshape(-1), axis=axis)
            x = ten.reshape(x, x.shape[:axis] + (outputs[i], length) +
                            x.shape[axis + 1:])
        order = (list(range(lead)) + [lead + 2 * i for i in range(count)] +
                 [lead + 2 * i + 1 for i in range(count)])
        x = ten.transpose(x, order)
        x = ten.reshape(x, x.shape[:lead + count] + (math.prod(longest),))
        values, offset = _pick_max(x)

        def position(i, along):
            # A repeated last element counts as that element.
            start, end = bounds[i]
            shape = [1] * count
            shape[i] = outputs[i]
            last = (end - start - 1).reshape(shape)
            return ten.add(ten.minimum(along, last), start.reshape(shape))

        return values, _flat_index(offset, longest, spatial, position)
    return convert


_converts(aten.adaptive_max_pool2d.default, when=_adaptive_fits)(
    _adaptive_max_converter(2))
_converts(aten.adaptive_max_pool3d.default, when=_adaptive_fits)(
    _adaptive_max_converter(3))


# The gradients of pooling: each output's gradient back to the elements it
# came from.


def _scattered_to_indices(grad, x, indices, count):
    """A gradient of `x`'s shape: each element of `grad` added at the
    flattened position among the `count` spatial dimensions that `indices`
    holds (max pooling's)."""
    lead_shape = tuple(x.shape[:x.ndim - count])
    positions = math.prod(grad.shape[x.ndim - count:])
    grad = ten.reshape(_wide(grad), lead_shape + (positions,))
    indices = ten.reshape(indices, lead_shape + (positions,))
    where = tuple(
        np.arange(size).reshape([size if a == axis else 1
                                 for a in range(len(lead_shape) + 1)])
        for axis, size in enumerate(lead_shape)) + (indices,)
    result = ten.zeros(lead_shape + (math.prod(x.shape[x.ndim - count:]),),
                       dtype=grad.dtype)
    ten.add.at(result, where, grad)
    return ten.reshape(result, tuple(x.shape))


def _max_pool_backward(count):
    def convert(grad, x, kernel_size, stride, padding, dilation, ceil_mode,
                indices):
        return _scattered_to_indices(grad, x, indices, count)
    return convert


def _adaptive_max_backward(count):
    def convert(grad, x, indices):
        return _scattered_to_indices(grad, x, indices, count)
    return convert


def _gradient_fits(grad, x, *args, **kwargs):
    return x.dtype.is_floating_point and x.numel() > 0


_converts(aten.max_pool2d_with_indices_backward.default,
          when=_gradient_fits)(_max_pool_backward(2))
_converts(aten.max_pool3d_with_indices_backward.default,
          when=_gradient_fits)(_max_pool_backward(3))
_converts(aten.adaptive_max_pool2d_backward.default, when=_gradient_fits)(
    _adaptive_max_backward(2))
_converts(aten.adaptive_max_pool3d_backward.default, when=_gradient_fits)(
    _adaptive_max_backward(3))


def _avg_pool_backward(count):
    def convert(grad, x, kernel_size, stride, padding, ceil_mode,
                count_include_pad, divisor_override):
        """Each output's gradient over its divisor, added to every element
        of its window (in the padded input, then cropped)."""
        kernel = _per_dim(kernel_size, count)
        stride = _per_dim(stride, count) if stride else kernel
        padding = _per_dim(padding, count)
        lead = x.ndim - count
        spatial = x.shape[lead:]
        outputs = grad.shape[lead:]
        grad = _wide(grad)
        if divisor_override:
            share = ten.divide(grad, np.float32(divisor_override))
        else:
            divisors = _average_divisors(spatial, outputs, kernel, stride,
                                         padding, count_include_pad)
            share = ten.divide(grad, divisors.astype(grad.dtype))
        padded = [max(size + p, (out - 1) * s + k) + p for size, out, s, k, p
                  in zip(spatial, outputs, stride, kernel, padding)]
        result = ten.zeros(tuple(x.shape[:lead]) + tuple(padded),
                           dtype=grad.dtype)
        for offsets in itertools.product(*(range(k) for k in kernel)):
            where = (slice(None),) * lead + tuple(
                slice(o, o + s * (out - 1) + 1, s)
                for o, s, out in zip(offsets, stride, outputs))
            result[where] = ten.add(result[where], share)
        crop = (slice(None),) * lead + tuple(
            slice(p, p + size) for p, size in zip(padding, spatial))
        return result[crop]
    return convert


_converts(aten.avg_pool2d_backward.default, when=_gradient_fits)(
    _avg_pool_backward(2))
_converts(aten.avg_pool3d_backward.default, when=_gradient_fits)(
    _avg_pool_backward(3))


def _adaptive_avg_backward(count):
    def convert(grad, x):
        """The forward's averaging matrices, transposed."""
        grad = _wide(grad)
        lead = x.ndim - count
        for i in range(count):
            size, out = x.shape[lead + i], grad.shape[lead + i]
            grad = _along(grad, lead + i, _adaptive_weights(size, out).T)
        return grad
    return convert


_converts(aten._adaptive_avg_pool2d_backward.default, when=_gradient_fits)(
    _adaptive_avg_backward(2))
_converts(aten._adaptive_avg_pool3d_backward.default, when=_gradient_fits)(
    _adaptive_avg_backward(3))


# Normalization ---------------------------------------------------------------


def _affine(y, weight, bias):
    shape = (1, -1) + (1,) * (y.ndim - 2)
    if weight is not None:
        y = ten.multiply(y, ten.reshape(_wide(weight), shape))
    if bias is not None:
        y = ten.add(y, ten.reshape(_wide(bias), shape))
    return y


def _batch_statistics(x, weight, bias, eps):
    x = _wide(x)
    axes = (0,) + tuple(range(2, x.ndim))
    y, mean, rstd, variance = _normalized(x, axes, eps)
    return (_affine(y, weight, bias), ten.reshape(mean, (-1,)),
            ten.reshape(rstd, (-1,)), ten.reshape(variance, (-1,)))


def _normalization_fits(x, *args, **kwargs):
    return x.ndim >= 2 and x.numel() > 0 and x.dtype.is_floating_point


@_converts(aten._native_batch_norm_legit.no_stats, when=_normalization_fits)
def _batch_norm_no_stats(x, weight, bias, training, momentum, eps):
    y, mean, rstd, _ = _batch_statistics(x, weight, bias, eps)
    return y, mean, rstd


def _functional_fits(x, weight, bias, running_mean, running_var, training,
                     momentum, eps):
    return _normalization_fits(x) and training


@_converts(aten._native_batch_norm_legit_functional.default,
           when=_functional_fits)
def _batch_norm_functional(x, weight, bias, running_mean, running_var,
                           training, momentum, eps):
    """Training's batch norm: the batch's statistics, and the running ones
    updated by `momentum` (the variance's unbiased estimate)."""
    y, mean, rstd, variance = _batch_statistics(x, weight, bias, eps)
    count = math.prod(x.shape) // x.shape[1]
    unbiased = ten.multiply(variance, count / max(count - 1, 1))

    def updated(running, batch):
        return ten.add(ten.multiply(running, 1 - momentum),
                       ten.multiply(batch, momentum))

    return (y, mean, rstd, updated(running_mean, mean),
            updated(running_var, unbiased))


@_converts(aten._native_batch_norm_legit_no_training.default,
           when=_normalization_fits)
def _batch_norm_inference(x, weight, bias, running_mean, running_var,
                          momentum, eps):
    """Evaluation's batch norm: the running statistics (and empty saved
    ones, as PyTorch returns)."""
    wide = _wide(x)
    shape = (1, -1) + (1,) * (x.ndim - 2)
    rstd = ten.reciprocal(ten.sqrt(ten.add(_wide(running_var), eps)))
    y = ten.multiply(ten.subtract(wide, ten.reshape(_wide(running_mean),
                                                    shape)),
                     ten.reshape(rstd, shape))
    empty = ten.zeros((0,), dtype=wide.dtype)
    return _affine(y, weight, bias), empty, empty


@_converts(aten.native_group_norm.default, when=_normalization_fits)
def _group_norm(x, weight, bias, batch, channels, spatial, groups, eps):
    wide = _wide(x)
    grouped = ten.reshape(wide, (batch, groups, -1))
    y, mean, rstd, _ = _normalized(grouped, (2,), eps)
    y = _affine(ten.reshape(y, wide.shape), weight, bias)
    return (y, ten.reshape(mean, (batch, groups)),
            ten.reshape(rstd, (batch, groups)))


# Activations -----------------------------------------------------------------


@_converts(aten.hardtanh.default)
def _hardtanh(x, min_val=-1.0, max_val=1.0):
    return ten.minimum(ten.maximum(x, min_val), max_val)


@_converts(aten.leaky_relu.default)
def _leaky_relu(x, negative_slope=0.01):
    return ten.where(ten.greater(x, 0), x, ten.multiply(x, negative_slope))


@_converts(aten.elu.default,
           when=lambda x, *args, **kwargs: x.dtype.is_floating_point)
def _elu(x, alpha=1.0, scale=1.0, input_scale=1.0):
    wide = _wide(x)
    negative = ten.multiply(ten.expm1(ten.multiply(wide, input_scale)),
                            alpha * scale)
    return ten.where(ten.greater(wide, 0), ten.multiply(wide, scale),
                     negative)



@_converts(aten.rrelu_with_noise_functional.default,
           when=lambda x, noise, lower=1 / 8, upper=1 / 3, training=False,
           generator=None: not training)
def _rrelu_evaluation(x, noise, lower=1 / 8, upper=1 / 3, training=False,
                      generator=None):
    """Evaluation's randomized leaky ReLU: the mean of the slopes; the
    noise, which only training draws, unchanged."""
    return _leaky_relu(x, (lower + upper) / 2), noise


# Distances -------------------------------------------------------------------


def _norm_of_differences(difference, p, axis):
    """The p-norm of `difference` along `axis` (p = 0 counts the nonzero
    elements; p = inf takes the largest magnitude)."""
    magnitude = ten.abs(difference)
    if p == 0:
        return ten.sum(ten.astype(ten.not_equal(magnitude, 0),
                                  magnitude.dtype), axis=axis)
    if p == math.inf:
        return ten.max(magnitude, axis=axis)
    if p == 1:
        return ten.sum(magnitude, axis=axis)
    if p == 2:
        return ten.sqrt(ten.sum(ten.multiply(magnitude, magnitude),
                                axis=axis))
    return ten.power(ten.sum(ten.power(magnitude, p), axis=axis), 1 / p)


def _euclidean_by_products(x1, x2):
    """PyTorch's Euclidean distances through one product: rows [-2 x, |x|^2,
    1] against [y, 1, |y|^2], clamped above zero before the root."""
    squares1 = ten.sum(ten.multiply(x1, x1), axis=-1, keepdims=True)
    squares2 = ten.sum(ten.multiply(x2, x2), axis=-1, keepdims=True)
    ones1, ones2 = ten.ones_like(squares1), ten.ones_like(squares2)
    padded1 = ten.concatenate([ten.multiply(x1, -2), squares1, ones1], -1)
    padded2 = ten.concatenate([x2, ones2, squares2], -1)
    products = ten.matmul(padded1, ten.swapaxes(padded2, -1, -2))
    return ten.sqrt(ten.maximum(products, 1e-30))


def _cdist_fits(x1, x2, p, compute_mode=None):
    return x1.dtype.is_floating_point and x1.ndim == x2.ndim >= 2 and \
        x1.numel() > 0 and x2.numel() > 0 and p >= 0


@_converts(aten._cdist_forward.default, when=_cdist_fits)
def _cdist(x1, x2, p, compute_mode=None):
    """torch.cdist: the Euclidean distance of many rows through products
    where PyTorch takes them (more than 25 rows on either side by default,
    mode 1 always, mode 2 never), the others from the differences."""
    rows1, rows2 = x1.shape[-2], x2.shape[-2]
    by_products = p == 2 and (compute_mode == 1 or (
        compute_mode in (None, 0) and (rows1 > 25 or rows2 > 25)))
    if by_products:
        return _euclidean_by_products(x1, x2)
    difference = ten.subtract(ten.expand_dims(x1, -2),
                              ten.expand_dims(x2, -3))
    return _norm_of_differences(difference, p, -1)


@_converts(aten._pdist_forward.default,
           when=lambda x, p=2: x.ndim == 2 and x.dtype.is_floating_point and
           p >= 0)
def _pdist(x, p=2):
    """The distances of every pair of rows i < j, in the order of the upper
    triangle's rows."""
    first, second = np.triu_indices(x.shape[0], 1)
    if first.size == 0:
        return ten.zeros((0,), dtype=x.dtype)
    difference = ten.subtract(ten.take(x, first, axis=0),
                              ten.take(x, second, axis=0))
    return _norm_of_differences(difference, p, -1)


@_converts(aten.dist.default,
           when=lambda x, y, p=2: x.dtype.is_floating_point)
def _dist(x, y, p=2):
    difference = ten.reshape(ten.subtract(x, y), (-1,))
    return _norm_of_differences(_wide(difference), p, 0)


# Antialiased resizing ------------------------------------------------------
#
# F.interpolate(..., antialias=True) of bilinear and bicubic modes: each
# output element a normalized weighted sum of the input elements under a
# filter stretched by the scale where it shrinks (PyTorch's separable
# kernel, as PIL's). The sizes are known when the graph is traced, so each
# axis's weights are a constant matrix (output x input, computed here in
# float64) and the resize is one einsum with both.


def _triangle(x):
    return max(1 - abs(x), 0)


def _cubic_kernel(x, a=-0.5):
    """Keys's cubic convolution with a = -0.5, the antialiased bicubic's
    (the plain bicubic takes -0.75)."""
    x = abs(x)
    if x < 1:
        return ((a + 2) * x - (a + 3)) * x * x + 1
    if x < 2:
        return (((x - 5) * x + 8) * x - 4) * a
    return 0


def _resize_weights(input_size, output_size, align_corners, scale, filter_,
                    support, real):
    """The (output_size, input_size) weights of one axis: the filter at
    each input element's center relative to the output element's, stretched
    by the scale where it shrinks, only over the elements within its
    support, normalized to sum 1. Each step rounds to `real` (NumPy's
    float32 or float64) where PyTorch's kernel rounds to its element type
    (the rest in double): float32 weights computed in double would differ
    from PyTorch's by up to 7e-5 of a 300 x 200 image's values."""
    if align_corners:
        step = (real(input_size - 1) / real(output_size - 1)
                if output_size > 1 else real(0))
    elif scale is not None and scale > 0:
        step = real(1.0 / scale)
    else:
        step = real(input_size) / real(output_size)
    shrinks = float(step) >= 1.0
    width = real(support * step) if shrinks else real(support)
    invscale = real(1.0 / float(step)) if shrinks else real(1.0)
    weights = np.zeros((output_size, input_size))
    for i in range(output_size):
        center = real(float(step) * (i + 0.5))
        low = max(math.trunc(float(center - width) + 0.5), 0)
        high = min(math.trunc(float(center + width) + 0.5), input_size)
        taps = [real(filter_(real(
            (float(real(j) - center) + 0.5) * float(invscale))))
            for j in range(low, high)]
        total = real(0)
        for tap in taps:
            total = real(total + tap)
        for j, tap in zip(range(low, high), taps):
            weights[i, j] = real(tap / total) if total != 0 else tap
    return weights


def _antialiased_resize(filter_, support):
    def converter(x, output_size, align_corners, scales_h=None,
                  scales_w=None):
        real = np.dtype(x.dtype).type
        rows = _resize_weights(x.shape[2], output_size[0], align_corners,
                               scales_h, filter_, support, real)
        columns = _resize_weights(x.shape[3], output_size[1], align_corners,
                                  scales_w, filter_, support, real)
        return ten.einsum("oh,nchw,pw->ncop", rows.astype(real), x,
                          columns.astype(real))
    return converter


# PyTorch's kernel takes float32 and float64 (and uint8, which stays with
# it).
_resize_fits = (lambda x, output_size, *args: x.ndim == 4 and
                x.dtype.is_floating_point and x.dtype.itemsize >= 4 and
                x.numel() > 0 and min(output_size) > 0)
_converts(aten._upsample_bilinear2d_aa.default, when=_resize_fits)(
    _antialiased_resize(_triangle, 1.0))
_converts(aten._upsample_bicubic2d_aa.default, when=_resize_fits)(
    _antialiased_resize(_cubic_kernel, 2.0))


# Sampling --------------------------------------------------------------------

_BILINEAR, _NEAREST, _BICUBIC = 0, 1, 2
_ZEROS, _BORDER, _REFLECTION = 0, 1, 2

# The cubic convolution's parameter of PyTorch's bicubic interpolation.
_CUBIC_A = -0.75


def _unnormalized(coordinate, size, align_corners):
    """A grid coordinate in [-1, 1] as a position in the input: -1 and 1
    the centers of the corner elements with `align_corners`, their outer
    edges without."""
    if align_corners:
        return ten.multiply(ten.add(coordinate, 1), (size - 1) / 2)
    return ten.divide(ten.subtract(ten.multiply(ten.add(coordinate, 1),
                                                size), 1), 2)


def _reflected(position, low, span):
    """`position` reflected into [low, low + span] by the edges, as often
    as it takes (PyTorch's reflect_coordinates)."""
    if span <= 0:
        return ten.zeros_like(position)
    distance = ten.abs(ten.subtract(position, low))
    extra = ten.fmod(distance, span)
    flips = ten.floor(ten.divide(distance, span))
    even = ten.equal(ten.fmod(flips, 2), 0)
    return ten.add(ten.where(even, extra, ten.subtract(span, extra)), low)


def _padded(position, size, align_corners, padding_mode,
            nan_to_last=False):
    """A position in the input under the padding: unchanged for zeros
    (outside reads zero), clipped to the input for the border, reflected
    by the corner elements' centers (`align_corners`) or outer edges, then
    clipped, for the reflection; NaN clips to 0, or to size - 1 where
    `nan_to_last`."""
    if padding_mode == _ZEROS:
        return position
    if padding_mode == _REFLECTION:
        if align_corners:
            position = _reflected(position, 0, size - 1)
        else:
            position = _reflected(position, -0.5, size)
    if nan_to_last:
        # PyTorch's 3-D kernel: min(size - 1, max(position, 0)) of
        # std::min and std::max, which take NaN to the last element.
        return ten.fmin(ten.maximum(position, 0), size - 1)
    # fmax: a NaN position clips to 0, as PyTorch's 2-D CPU kernel clips
    # it.
    return ten.minimum(ten.fmax(position, 0), size - 1)


def _source_coordinate(coordinate, size, align_corners, padding_mode,
                       nan_to_last=False):
    """A grid coordinate as a position in the input, padded."""
    return _padded(_unnormalized(coordinate, size, align_corners), size,
                   align_corners, padding_mode, nan_to_last)


def _cubic_weights(t):
    """The cubic convolution's weights of the four neighbours at -1, 0, 1
    and 2 from the one below a position `t` past it."""
    a = _CUBIC_A

    def near(x):  # |x| <= 1
        return ten.add(ten.multiply(ten.multiply(ten.subtract(
            ten.multiply(a + 2, x), a + 3), x), x), 1)

    def far(x):  # 1 < |x| < 2
        return ten.subtract(ten.multiply(ten.add(ten.multiply(ten.subtract(
            ten.multiply(a, x), 5 * a), x), 8 * a), x), 4 * a)

    return (far(ten.add(t, 1)), near(t), near(ten.subtract(1, t)),
            far(ten.subtract(2, t)))


def _sampled(flat, row, column, height, width):
    """The input's elements (N, C, H * W) at integer positions (N, Ho, Wo),
    zero where a position lies outside (or is NaN), and (N, C, Ho, Wo)."""
    return _sampled_at(flat, (row, column), (height, width))


def _sampled_at(flat, positions, sizes, weight=None):
    """The input's elements (N, C, prod(sizes)) at integer positions, one
    array (N, *outputs) per dimension of `sizes`, zero where a position
    lies outside (or is NaN), and (N, C, *outputs); times `weight` (N,
    *outputs) where given, zero outside whatever the weight (NaN there
    too: PyTorch's 3-D kernel adds nothing for a neighbour outside)."""
    inside = True
    index = 0
    for position, size in zip(positions, sizes):
        inside = ten.logical_and(inside, ten.logical_and(
            ten.greater_equal(position, 0), ten.less(position, size)))
        index = ten.add(ten.multiply(index, size), position)
    # Positions outside, infinite or NaN read element 0 (and give zero).
    index = ten.where(inside, index, 0)
    batch, channels = flat.shape[:2]
    outputs = index.shape[1:]
    index = ten.reshape(ten.astype(index, np.int64),
                        (batch, 1, math.prod(outputs)))
    index = ten.broadcast_to(index, (batch, channels, math.prod(outputs)))
    values = ten.reshape(ten.take_along_axis(flat, index, axis=2),
                         (batch, channels) + tuple(outputs))
    if weight is not None:
        values = ten.multiply(values, ten.expand_dims(weight, 1))
    return ten.where(ten.expand_dims(inside, 1), values, 0)


def _grid_sample_fits(x, grid, interpolation_mode, padding_mode,
                      align_corners):
    return (x.ndim == 4 and grid.ndim == 4 and x.dtype.is_floating_point and
            interpolation_mode in (_BILINEAR, _NEAREST, _BICUBIC) and
            padding_mode in (_ZEROS, _BORDER, _REFLECTION) and
            x.numel() > 0)


def _grid_sample_3d_fits(x, grid, interpolation_mode, padding_mode,
                         align_corners):
    return (x.ndim == 5 and grid.ndim == 5 and x.dtype.is_floating_point and
            interpolation_mode in (_BILINEAR, _NEAREST) and
            padding_mode in (_ZEROS, _BORDER, _REFLECTION) and
            x.numel() > 0)


@_converts(aten.grid_sampler_3d.default, when=_grid_sample_3d_fits)
def _grid_sampler_3d(x, grid, interpolation_mode, padding_mode,
                     align_corners):
    """F.grid_sample of (N, C, D, H, W) at a grid (N, Do, Ho, Wo, 3) of (x,
    y, z) in [-1, 1]: trilinear (the eight neighbours weighted by
    distance) or nearest, padded as the 2-D one but for NaN coordinates,
    which PyTorch's 3-D kernel clips to the last element (border,
    reflection) or reads as outside (zeros)."""
    x, grid = _wide(x), _wide(grid)
    sizes = tuple(x.shape[2:])
    flat = ten.reshape(x, tuple(x.shape[:2]) + (math.prod(sizes),))
    # The grid's last axis runs from the innermost dimension (x: width).
    positions = [_source_coordinate(grid[..., 2 - axis], size,
                                    align_corners, padding_mode,
                                    nan_to_last=True)
                 for axis, size in enumerate(sizes)]
    if interpolation_mode == _NEAREST:
        return _sampled_at(flat, [ten.rint(p) for p in positions], sizes)
    lows = [ten.floor(p) for p in positions]
    fractions = [ten.subtract(p, low) for p, low in zip(positions, lows)]
    result = 0
    for corner in itertools.product((0, 1), repeat=len(sizes)):
        weight = 1
        for step, fraction in zip(corner, fractions):
            weight = ten.multiply(
                weight, fraction if step else ten.subtract(1, fraction))
        result = ten.add(result, _sampled_at(
            flat, [ten.add(low, step) for low, step in zip(lows, corner)],
            sizes, weight))
    return result


def _bicubic_sampled(flat, grid, height, width, padding_mode,
                     align_corners):
    column = _unnormalized(grid[..., 0], width, align_corners)
    row = _unnormalized(grid[..., 1], height, align_corners)
    left, top = ten.floor(column), ten.floor(row)
    column_weights = _cubic_weights(ten.subtract(column, left))
    row_weights = _cubic_weights(ten.subtract(row, top))
    result = 0
    for i, row_weight in enumerate(row_weights):
        neighbour_row = _padded(ten.add(top, i - 1), height, align_corners,
                                padding_mode)
        for j, column_weight in enumerate(column_weights):
            neighbour_column = _padded(ten.add(left, j - 1), width,
                                       align_corners, padding_mode)
            # A reflected neighbour lies between elements: PyTorch reads
            # the one below.
            value = _sampled(flat, ten.floor(neighbour_row),
                             ten.floor(neighbour_column), height, width)
            weight = ten.expand_dims(ten.multiply(row_weight,
                                                  column_weight), 1)
            result = ten.add(result, ten.multiply(value, weight))
    return result


@_converts(aten.grid_sampler_2d.default, when=_grid_sample_fits)
def _grid_sampler_2d(x, grid, interpolation_mode, padding_mode,
                     align_corners):
    """F.grid_sample of (N, C, H, W) at a grid (N, Ho, Wo, 2) of (x, y) in
    [-1, 1]: bilinear (the four neighbours weighted by distance), nearest
    (rounded half to even) or bicubic (the 16 neighbours weighted by the
    cubic convolution, each padded on its own), outside the input zeros,
    the border or the input reflected."""
    x, grid = _wide(x), _wide(grid)
    batch, channels, height, width = x.shape
    flat = ten.reshape(x, (batch, channels, height * width))
    if interpolation_mode == _BICUBIC:
        return _bicubic_sampled(flat, grid, height, width, padding_mode,
                                align_corners)
    column = _source_coordinate(grid[..., 0], width, align_corners,
                                padding_mode)
    row = _source_coordinate(grid[..., 1], height, align_corners,
                             padding_mode)
    if interpolation_mode == _NEAREST:
        return _sampled(flat, ten.rint(row), ten.rint(column), height, width)
    top, left = ten.floor(row), ten.floor(column)
    down, right = ten.subtract(row, top), ten.subtract(column, left)
    result = 0
    for row_step, row_weight in ((0, ten.subtract(1, down)), (1, down)):
        for column_step, column_weight in ((0, ten.subtract(1, right)),
                                           (1, right)):
            corner = _sampled(flat, ten.add(top, row_step),
                              ten.add(left, column_step), height, width)
            weight = ten.expand_dims(ten.multiply(row_weight, column_weight),
                                     1)
            result = ten.add(result, ten.multiply(corner, weight))
    return result
