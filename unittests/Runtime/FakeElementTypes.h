/*===- FakeElementTypes.h - f32, f16 and bf16 elements on the host -------===//
 *
 * The fake cuBLAS and cuBLASLt read and write elements of the cudaDataType
 * they are told, converting through float.
 *
 *===----------------------------------------------------------------------===*/

#ifndef TEN_UNITTESTS_RUNTIME_FAKEELEMENTTYPES_H
#define TEN_UNITTESTS_RUNTIME_FAKEELEMENTTYPES_H

#include <string.h>

/* Element i of `x`, of cudaDataType `type` (0 f32, 2 f16, 14 bf16), as a
   float; and the other way, rounding to nearest even. */
static inline float load(const void *x, int type, long long i) {
  if (type == 2)
    return (float)((const _Float16 *)x)[i];
  if (type == 14) {
    unsigned bits = (unsigned)((const unsigned short *)x)[i] << 16;
    float value;
    memcpy(&value, &bits, sizeof(value));
    return value;
  }
  return ((const float *)x)[i];
}

static inline void store(void *x, int type, long long i, float value) {
  if (type == 2) {
    ((_Float16 *)x)[i] = (_Float16)value;
  } else if (type == 14) {
    unsigned bits;
    memcpy(&bits, &value, sizeof(bits));
    bits += 0x7fff + ((bits >> 16) & 1);
    ((unsigned short *)x)[i] = (unsigned short)(bits >> 16);
  } else {
    ((float *)x)[i] = value;
  }
}

#endif /* TEN_UNITTESTS_RUNTIME_FAKEELEMENTTYPES_H */
