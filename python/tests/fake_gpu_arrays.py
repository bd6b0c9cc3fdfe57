"""Arrays "in a GPU's memory" for tests on the fake CUDA driver, whose
device memory is host memory: `FakeGpuArray` exports a NumPy array's
buffer through DLPack as CUDA device memory (kDLCUDA), as a PyTorch or CuPy
tensor on a GPU would, and `read` copies a `ten.DeviceArray`'s elements out
through its own DLPack capsule. Only for processes running on the fake
driver: on a real GPU these pointers would not be device memory."""

import ctypes

import numpy as np


class _Device(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class _DataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16)]


class _Tensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _Device),
                ("ndim", ctypes.c_int), ("dtype", _DataType),
                ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)),
                ("byte_offset", ctypes.c_uint64)]


class _ManagedTensor(ctypes.Structure):
    pass


_Deleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(_ManagedTensor))
_ManagedTensor._fields_ = [("dl_tensor", _Tensor),
                           ("manager_ctx", ctypes.c_void_p),
                           ("deleter", _Deleter)]

_new_capsule = ctypes.pythonapi.PyCapsule_New
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]

# The memory stays the exporter's: the consumer's release does nothing.
_keep_memory = _Deleter(lambda tensor: None)

KDL_CUDA = 2
_CODES = {"i": 0, "u": 1, "f": 2, "c": 5, "b": 6}


class FakeGpuArray:
    """`array`'s buffer exported as CUDA device memory of GPU `device_id`,
    with `strides` in elements (None: row-major)."""

    def __init__(self, array, device_id=0, strides=None):
        self.array = array
        self.device_id = device_id
        self.strides = strides
        self._exported = []

    def __dlpack_device__(self):
        return (KDL_CUDA, self.device_id)

    def __dlpack__(self, stream=None, max_version=None, **_):
        array = self.array
        shape = (ctypes.c_int64 * array.ndim)(*array.shape)
        strides = ctypes.POINTER(ctypes.c_int64)()
        if self.strides is not None:
            strides = (ctypes.c_int64 * array.ndim)(*self.strides)
        managed = _ManagedTensor()
        managed.dl_tensor = _Tensor(
            array.ctypes.data, _Device(KDL_CUDA, self.device_id), array.ndim,
            _DataType(_CODES[array.dtype.kind], 8 * array.dtype.itemsize, 1),
            shape, strides, 0)
        managed.deleter = _keep_memory
        # What the capsule points into lives as long as this array.
        self._exported.append((managed, shape, strides))
        return _new_capsule(ctypes.addressof(managed), b"dltensor", None)


def describe(device_array):
    """(device type, device id, DLPack type code, bits) of a DeviceArray's
    export."""
    capsule = device_array.__dlpack__()
    tensor = _ManagedTensor.from_address(
        _capsule_pointer(capsule, b"dltensor")).dl_tensor
    return (tensor.device.device_type, tensor.device.device_id,
            tensor.dtype.code, tensor.dtype.bits)


def read(device_array):
    """A NumPy copy of a ten.DeviceArray's elements (row-major)."""
    # The capsule, never consumed, releases the array when it goes.
    capsule = device_array.__dlpack__()
    tensor = _ManagedTensor.from_address(
        _capsule_pointer(capsule, b"dltensor")).dl_tensor
    count = int(np.prod(device_array.shape, dtype=np.int64))
    if count == 0:
        return np.zeros(device_array.shape, device_array.dtype)
    bits = np.dtype(f"u{device_array.dtype.itemsize}")
    buffer = (ctypes.c_char * (count * bits.itemsize)).from_address(
        tensor.data)
    return np.frombuffer(buffer, bits).reshape(device_array.shape).copy() \
        .view(device_array.dtype)
