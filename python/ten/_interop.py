"""Arrays of other frameworks in and out without copies: DLPack.

An operand that is not a NumPy array but exports DLPack (`__dlpack__`: a
PyTorch tensor, a JAX array, a CuPy array) is read as a NumPy view of its
own memory (`numpy.from_dlpack`); a result, a NumPy array that owns the
buffer the compiled code allocated, goes back as the caller's framework's
tensor over that same buffer (`torch.from_dlpack`, `jax.dlpack`). Only
memory the CPU can read is taken: a tensor on a GPU raises `BufferError`
saying so. bfloat16, which NumPy's DLPack does not know, crosses as its
16 bits and is viewed back on the other side.
"""

import sys

import numpy as np

from . import _dtypes

# The frameworks `like=` names, and the module each one's arrays come from.
FRAMEWORKS = ("numpy", "torch", "jax")


def _torch_view_bits(value):
    """A PyTorch bfloat16 tensor as its bits (int16), which DLPack carries;
    None for anything else."""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor) and \
            value.dtype == torch.bfloat16:
        return value.view(torch.int16)
    return None


def _device_name(value):
    """The device of a DLPack exporter, as words, if it says."""
    try:
        kind, index = value.__dlpack_device__()
    except Exception:
        return "another device"
    names = {1: "the CPU", 2: "a CUDA GPU", 3: "CUDA host memory",
             4: "an OpenCL device", 7: "a Vulkan device", 8: "a Metal device",
             10: "a ROCm GPU", 13: "CUDA managed memory", 14: "a oneAPI device"}
    return f"{names.get(int(kind), f'device type {int(kind)}')} {index}"


def from_dlpack(value):
    """A NumPy array over the memory of `value`, any object that exports
    DLPack (`__dlpack__`) or is an array NumPy reads, without a copy where
    the memory is the CPU's."""
    if isinstance(value, np.ndarray):
        return value
    if not hasattr(value, "__dlpack__"):
        return np.asarray(value)
    bits = _torch_view_bits(value)
    try:
        if bits is not None:
            return np.from_dlpack(bits).view(_dtypes.bfloat16)
        return np.from_dlpack(value)
    except BufferError as error:
        message = str(error)
        if hasattr(value, "__dlpack_device__") and \
                int(value.__dlpack_device__()[0]) not in (1, 3):
            message = (f"ten reads arrays in the CPU's memory, and this one is "
                       f"on {_device_name(value)}: copy it to the CPU first "
                       f"({message})")
        raise BufferError(message) from None


def framework_of(value):
    """The framework whose array `value` is: "torch", "jax" or "numpy"."""
    module = type(value).__module__.split(".")[0]
    if module == "torch":
        return "torch"
    if module in ("jax", "jaxlib"):
        return "jax"
    return "numpy"


def check_like(like):
    if like not in FRAMEWORKS + ("input",):
        raise ValueError(
            f"'like' must be one of {', '.join(map(repr, FRAMEWORKS))} or "
            f"'input' (the framework of the first array argument), not "
            f"{like!r}")
    return like


def to_framework(result, framework):
    """`result` (a NumPy array, or a tuple or list of them) as arrays of
    `framework`, over the same memory."""
    if framework == "numpy":
        return result
    if isinstance(result, (tuple, list)):
        return type(result)(to_framework(item, framework) for item in result)
    if not isinstance(result, np.ndarray):
        return result
    if framework == "torch":
        import torch

        if result.dtype == _dtypes.bfloat16:
            return torch.from_dlpack(result.view(np.int16)).view(torch.bfloat16)
        return torch.from_dlpack(result)
    import jax.dlpack

    return jax.dlpack.from_dlpack(result)
