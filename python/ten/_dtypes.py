"""NumPy dtypes and the dialect's element types.

The dialect's element types come from the C API (`tenDType`, in its order,
with each type's .npy descr): bool, the signed and unsigned integers of 8,
16, 32 and 64 bits, float16, bfloat16, float8_e4m3fn and float8_e5m2
(NumPy's through ml_dtypes), float32, float64, complex64 and complex128.
Every other dtype (strings, objects) raises TypeError naming it.
"""

import numpy as np

from . import _ten

try:
    import ml_dtypes

    bfloat16 = np.dtype(ml_dtypes.bfloat16)
    float8_e4m3fn = np.dtype(ml_dtypes.float8_e4m3fn)
    float8_e5m2 = np.dtype(ml_dtypes.float8_e5m2)
except ImportError:  # pragma: no cover - setup.sh installs ml_dtypes
    ml_dtypes = bfloat16 = float8_e4m3fn = float8_e5m2 = None

# The dtypes whose .npy descr is raw bytes ('<V2', '<V1'): ml_dtypes', by the
# dialect's name.
_ML_DTYPES = {"bf16": bfloat16, "f8E4M3FN": float8_e4m3fn, "f8E5M2": float8_e5m2}


def _numpy_dtype(name, descr):
    """The NumPy dtype of the dialect's type `name`, saved as `descr`."""
    return _ML_DTYPES.get(name) if descr[1] == "V" else np.dtype(descr)


# (NumPy dtype, the dialect's name), indexed by the C API's tenDType code.
_TYPES = [(_numpy_dtype(name, descr), name) for name, descr in _ten.element_types()]
_CODES = {dtype: code for code, (dtype, _) in enumerate(_TYPES) if dtype is not None}
_NAMES = ", ".join(dtype.name for dtype, _ in _TYPES if dtype is not None)
# The extension module takes and gives the ml_dtypes types as their bits.
_BITS = {
    code: np.dtype(f"u{dtype.itemsize}")
    for code, (dtype, name) in enumerate(_TYPES)
    if name in _ML_DTYPES and dtype is not None
}


def bits_dtype(code):
    """The unsigned dtype the extension module exchanges the elements of
    `code` as (bf16 and fp8: their bits), or None when it takes them as
    they are."""
    return _BITS.get(code)


def code_of(dtype):
    """The tenDType code of a NumPy dtype, or TypeError."""
    code = _CODES.get(dtype)
    if code is None:
        raise TypeError(
            f"ten has no element type for dtype {np.dtype(dtype).name!r} "
            f"(it has {_NAMES})"
        )
    return code


def dtype_of(code):
    """The NumPy dtype of a tenDType code."""
    return _TYPES[code][0]


def name_of(code):
    """The dialect's name of a tenDType code: 'f32', 'i1', ..."""
    return _TYPES[code][1]


def is_float(dtype):
    return dtype.kind == "f" or dtype in (bfloat16, float8_e4m3fn, float8_e5m2)


def holds_nan(dtype):
    """Whether `dtype` has NaN: NumPy's floating and complex types, and
    ml_dtypes' bfloat16 and float8 (whose kind is "V", not "f")."""
    return dtype.kind == "c" or is_float(dtype)


def is_bool(dtype):
    return dtype == np.bool_


# NumPy's scalar types under NumPy's names, for `dtype=`, `astype` and
# comparisons with a dtype (`x.dtype == ten.float32`), as jax.numpy has them.
bool_ = np.bool_
int8, int16, int32, int64 = np.int8, np.int16, np.int32, np.int64
uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
float16, float32, float64 = np.float16, np.float32, np.float64
complex64, complex128 = np.complex64, np.complex128
# NumPy's other names for the same types (its C names, the platform's
# integers), and its abstract types for issubdtype. (`ten.bool`, NumPy 2's
# name of bool_, is bound in __init__.)
byte, ubyte, short, ushort = np.byte, np.ubyte, np.short, np.ushort
intc, uintc, int_, uint = np.intc, np.uintc, np.int_, np.uint
intp, uintp, long, ulong = np.intp, np.uintp, np.long, np.ulong
longlong, ulonglong = np.longlong, np.ulonglong
half, single, double = np.half, np.single, np.double
csingle, cdouble = np.csingle, np.cdouble
generic, number, integer = np.generic, np.number, np.integer
signedinteger, unsignedinteger = np.signedinteger, np.unsignedinteger
inexact, floating, complexfloating = np.inexact, np.floating, np.complexfloating
dtype = np.dtype
iinfo = np.iinfo
issubdtype = np.issubdtype
isdtype = np.isdtype


def finfo(value):
    """NumPy's finfo (of a dtype, a scalar type, a number, an array or a
    traced value's dtype), also for bfloat16 and the float8 types through
    ml_dtypes, whose finfo knows them."""
    if not isinstance(value, (type, np.dtype, str)) and hasattr(value,
                                                                "dtype"):
        value = value.dtype
    if ml_dtypes is not None and isinstance(value, (type, np.dtype, str)):
        if np.dtype(value) in (bfloat16, float8_e4m3fn, float8_e5m2):
            return ml_dtypes.finfo(value)
    return np.finfo(value)
