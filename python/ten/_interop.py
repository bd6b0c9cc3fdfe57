"""Arrays of other frameworks in and out without copies: DLPack.

An operand that is not a NumPy array but exports DLPack (`__dlpack__`: a
PyTorch tensor, a JAX array, a CuPy array) is read as a NumPy view of its
own memory (`numpy.from_dlpack`); a result, a NumPy array that owns the
buffer the compiled code allocated, goes back as the caller's framework's
tensor over that same buffer (`torch.from_dlpack`, `jax.dlpack`). Only
memory the CPU can read is taken: a tensor on a GPU raises `BufferError`
saying so. bfloat16, which NumPy's DLPack does not know, crosses as its
16 bits and is viewed back on the other side.

Programs of the CUDA target also read arrays in a CUDA GPU's memory in
place (`DeviceOperand`), and leave their results there (`DeviceArray`,
exported with DLPack) when any of their inputs was.
"""

import sys

import numpy as np

from . import _dtypes
from . import _ten

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


def from_dlpack(x, /, *, device=None, copy=None):
    """A NumPy array over the memory of `x`, any object that exports DLPack
    (`__dlpack__`) or is an array NumPy reads, without a copy where the
    memory is the CPU's; NumPy's `device` ("cpu" or None) and `copy` (True:
    always a copy; False: never, BufferError where one is needed)."""
    if device not in (None, "cpu"):
        raise ValueError(f"ten.from_dlpack: unsupported device {device!r}: "
                         "arrays are read in the CPU's memory")
    result = _from_dlpack(x, copy)
    return np.array(result, copy=True) if copy else result


def _from_dlpack(value, copy):
    if isinstance(value, np.ndarray):
        return value
    if not hasattr(value, "__dlpack__"):
        try:
            return np.asarray(value, copy=False if copy is False else None)
        except ValueError as error:
            raise BufferError(str(error)) from None
    if not _in_host_memory(value):
        raise BufferError(
            f"ten reads arrays in the CPU's memory, and this one is on "
            f"{_device_name(value)}: copy it to the CPU first")
    bits = _torch_view_bits(value)
    if bits is not None:
        return np.from_dlpack(bits).view(_dtypes.bfloat16)
    return np.from_dlpack(value)


def _in_host_memory(value):
    """Whether a DLPack exporter's memory is the CPU's (kDLCPU, or CUDA's
    page-locked host memory); true where it does not say."""
    try:
        kind, _ = value.__dlpack_device__()
    except Exception:
        return True
    return int(kind) in (1, 3)


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
    """`result` (a NumPy array or a DeviceArray, or a tuple or list of them)
    as arrays of `framework`, over the same memory (a DeviceArray stays one
    for NumPy, which cannot hold a GPU's memory)."""
    if framework == "numpy":
        return result
    if isinstance(result, (tuple, list)):
        return type(result)(to_framework(item, framework) for item in result)
    if isinstance(result, DeviceArray):
        if framework == "torch":
            import torch

            return torch.from_dlpack(result)
        import jax.dlpack

        return jax.dlpack.from_dlpack(result)
    if not isinstance(result, np.ndarray):
        return result
    if framework == "torch":
        import torch

        if result.dtype == _dtypes.bfloat16:
            return torch.from_dlpack(result.view(np.int16)).view(torch.bfloat16)
        return torch.from_dlpack(result)
    import jax.dlpack

    return jax.dlpack.from_dlpack(result)


# DLPack's device types of memory a CUDA GPU reads as its own: kDLCUDA and
# kDLCUDAManaged.
_GPU_DEVICE_TYPES = (2, 13)
_KDL_CUDA = 2


def is_gpu_array(value):
    """Whether `value` exports DLPack from a CUDA GPU's memory."""
    device = getattr(value, "__dlpack_device__", None)
    if device is None or isinstance(value, np.ndarray):
        return False
    try:
        kind, _ = device()
    except Exception:
        return False
    return int(kind) in _GPU_DEVICE_TYPES


# NumPy's dtype of a DLPack (type code, bits): int, uint, float, bfloat,
# complex, bool.
def _dtype_of_dlpack(code, bits):
    if code == 4 and bits == 16:
        return _dtypes.bfloat16
    kinds = {0: "i", 1: "u", 2: "f", 5: "c", 6: "b"}
    if code not in kinds:
        raise TypeError(f"ten has no element type for DLPack type code {code}")
    if code == 6:
        return np.dtype(np.bool_)
    return np.dtype(f"{kinds[code]}{bits // 8}")


class DeviceOperand:
    """An array in a CUDA GPU's memory passed to a program of the CUDA
    target, which reads it in place: its shape and dtype, and the exporter,
    which the run imports again (DLPack, no copy)."""

    __slots__ = ("value", "shape", "dtype")

    def __init__(self, value):
        _, _, code, bits, shape, row_major = _ten.dlpack_info(value)
        if not row_major:
            raise BufferError(
                "ten reads an array in a GPU's memory in place only when it "
                "is row-major (contiguous): make it contiguous first")
        self.value = value
        self.shape = tuple(shape)
        self.dtype = _dtype_of_dlpack(code, bits)


class DeviceArray:
    """A result that a program of the CUDA target left in the GPU's memory
    (it does when any input was there): DLPack exports it without a copy
    (`torch.from_dlpack`, `jax.dlpack.from_dlpack`, `cupy.from_dlpack`), and
    programs of that target read it in place. The run has finished when it
    is returned, so any stream may read it. Its memory is freed when the
    last array over it goes."""

    __slots__ = ("_buffer", "shape", "dtype")

    def __init__(self, buffer, shape, dtype):
        self._buffer = buffer
        self.shape = tuple(shape)
        self.dtype = dtype

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    @property
    def device(self):
        return "cuda:0"

    def __dlpack__(self, *, stream=None, max_version=None, dl_device=None,
                   copy=None):
        # The elements are complete: no stream needs to wait for them.
        del stream
        if copy:
            raise BufferError("ten's GPU arrays are exported without a copy")
        if dl_device is not None and tuple(dl_device) != (_KDL_CUDA, 0):
            raise BufferError(
                f"this array is on CUDA GPU 0, not on DLPack device "
                f"{tuple(dl_device)}")
        if max_version is None:
            return self._buffer.__dlpack__()
        return self._buffer.__dlpack__(max_version=max_version)

    def __dlpack_device__(self):
        return (_KDL_CUDA, 0)

    def __array__(self, dtype=None, copy=None):
        raise TypeError(
            "this array is in a CUDA GPU's memory, which NumPy cannot read: "
            "export it with DLPack (torch.from_dlpack(x).cpu(), say)")

    def __repr__(self):
        return (f"ten.DeviceArray(shape={self.shape}, dtype={self.dtype}, "
                f"device='cuda:0')")
