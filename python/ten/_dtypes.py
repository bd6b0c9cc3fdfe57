"""NumPy dtypes and the dialect's element types.

The dialect has bool, int8, int32, int64, float16, bfloat16 (NumPy's through
ml_dtypes), float32 and float64. Every other dtype (unsigned, int16,
complex, strings, objects) raises TypeError naming it.
"""

import numpy as np

try:
    import ml_dtypes

    bfloat16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - setup.sh installs ml_dtypes
    bfloat16 = None

# The codes of the C API's tenDType, in its order.
_TYPES = [
    (np.dtype(np.bool_), "i1"),
    (np.dtype(np.int8), "i8"),
    (np.dtype(np.int32), "i32"),
    (np.dtype(np.int64), "i64"),
    (np.dtype(np.float16), "f16"),
    (bfloat16, "bf16"),
    (np.dtype(np.float32), "f32"),
    (np.dtype(np.float64), "f64"),
]
_CODES = {dtype: code for code, (dtype, _) in enumerate(_TYPES) if dtype is not None}
BF16_CODE = 5


def code_of(dtype):
    """The tenDType code of a NumPy dtype, or TypeError."""
    code = _CODES.get(dtype)
    if code is None:
        raise TypeError(
            f"ten has no element type for dtype {np.dtype(dtype).name!r} "
            "(it has bool, int8, int32, int64, float16, bfloat16, float32 "
            "and float64)"
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
