"""NumPy dtypes and the dialect's element types.

The dialect's element types come from the C API (`tenDType`, in its order,
with each type's .npy descr): bool, the signed and unsigned integers of 8,
16, 32 and 64 bits, float16, bfloat16 (NumPy's through ml_dtypes), float32
and float64. Every other dtype (complex, strings, objects) raises TypeError
naming it.
"""

import numpy as np

from . import _ten

try:
    import ml_dtypes

    bfloat16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - setup.sh installs ml_dtypes
    bfloat16 = None


def _numpy_dtype(descr):
    """The NumPy dtype of a .npy descr; bfloat16's '<V2' is ml_dtypes'."""
    return bfloat16 if descr == "<V2" else np.dtype(descr)


# (NumPy dtype, the dialect's name), indexed by the C API's tenDType code.
_TYPES = [(_numpy_dtype(descr), name) for name, descr in _ten.element_types()]
_CODES = {dtype: code for code, (dtype, _) in enumerate(_TYPES) if dtype is not None}
BF16_CODE = [name for _, name in _TYPES].index("bf16")
_NAMES = ", ".join(dtype.name for dtype, _ in _TYPES if dtype is not None)


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
    return dtype.kind == "f" or dtype == bfloat16


def is_bool(dtype):
    return dtype == np.bool_
