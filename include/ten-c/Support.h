/*===- ten-c/Support.h - element types and errors of the C API ----*- C -*-===*\
|*                                                                            *|
|* What every part of the C API shares: the element types, the error values   *|
|* that every fallible call returns, and the export macro.                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_C_SUPPORT_H
#define TEN_C_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define TEN_CAPI_EXPORTED __declspec(dllexport)
#else
#define TEN_CAPI_EXPORTED __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The element types of the dialect. `TEN_I1` is stored as one byte, 0 or 1;
/// `TEN_F16` and `TEN_BF16` as their 16-bit patterns, `TEN_F8E4M3FN` and
/// `TEN_F8E5M2` as their 8-bit ones. The numbering is
/// stable: new types are appended.
typedef enum tenDType {
  TEN_I1,
  TEN_I8,
  TEN_I32,
  TEN_I64,
  TEN_F16,
  TEN_BF16,
  TEN_F32,
  TEN_F64,
  TEN_I16,
  TEN_UI8,
  TEN_UI16,
  TEN_UI32,
  TEN_UI64,
  TEN_C64,
  TEN_C128,
  TEN_F8E4M3FN,
  TEN_F8E5M2,
} tenDType;

/// The size of a dimension that is only known at run time.
#define TEN_DYNAMIC INT64_MIN

/// The dialect's name of `dtype` ("f32", "i1", ...), or NULL for a value
/// that is not a tenDType.
TEN_CAPI_EXPORTED const char *tenDTypeGetName(tenDType dtype);

/// The .npy descr of `dtype` ("<f4", "|u1", "<V2" for bf16 as ml_dtypes
/// saves it ...), or NULL for a value that is not a tenDType. Its type
/// character says how to read an element: 'b' bool, 'i' signed, 'u'
/// unsigned, 'f' float, 'V' bfloat16's bits.
TEN_CAPI_EXPORTED const char *tenDTypeGetNpyDescr(tenDType dtype);

/// Bytes per element of `dtype`, or 0 for a value that is not a tenDType.
TEN_CAPI_EXPORTED size_t tenDTypeGetSize(tenDType dtype);

/// The kinds of Python scalars, which promote weakly (NumPy 2, NEP 50).
typedef enum tenScalarKind {
  TEN_SCALAR_BOOL,
  TEN_SCALAR_INT,
  TEN_SCALAR_FLOAT,
  TEN_SCALAR_COMPLEX,
} tenScalarKind;

/// Sets `*result` to the dtype NumPy 2 gives arithmetic on arrays of `lhs`
/// and `rhs` (np.result_type; for ml_dtypes' bfloat16 and float8 types, the
/// dtype of NumPy's `lhs + rhs`, which np.result_type refuses for some of
/// their pairs) and returns true; returns false for a value that is not a
/// tenDType. A frontend inserts the casts to it (ten ops take one type).
TEN_CAPI_EXPORTED bool tenDTypePromote(tenDType lhs, tenDType rhs,
                                       tenDType *result);

/// As tenDTypePromote, for an array of `dtype` and a Python scalar of kind
/// `scalar`, which is weak: `float32` with a float stays `float32`, `int8`
/// with an int stays `int8`, `bool` with an int is `int64`.
TEN_CAPI_EXPORTED bool
tenDTypePromoteScalar(tenDType dtype, tenScalarKind scalar, tenDType *result);

/// What went wrong in a call: every fallible function returns one (NULL on
/// success), which the caller frees. Nothing in the C API prints or aborts.
typedef struct tenError tenError;

/// The message: the compiler's diagnostics, one per line, each with its
/// location where it has one.
TEN_CAPI_EXPORTED const char *tenErrorGetMessage(const tenError *error);

TEN_CAPI_EXPORTED void tenErrorDestroy(tenError *error);

/// Receives text in pieces (the printed IR, say).
typedef void (*tenStringCallback)(const char *data, size_t length,
                                  void *userData);

#ifdef __cplusplus
}
#endif

#endif // TEN_C_SUPPORT_H
