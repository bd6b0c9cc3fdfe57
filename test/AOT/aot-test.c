/* Calls functions compiled ahead of time by tensor-compile (softmax.h,
 * matmul.h, checked_add.h in the include path) on the inputs that
 * Inputs/references.py wrote, and compares them with NumPy's results. It
 * links the objects and libTenAotRuntime alone. */
#include "checked_add.h"
#include "matmul.h"
#include "softmax.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const char *prefix;

static float *readFloats(const char *name, size_t count) {
  char path[4096];
  snprintf(path, sizeof(path), "%s.%s.bin", prefix, name);
  FILE *file = fopen(path, "rb");
  float *data = malloc(count * sizeof(float));
  if (!file || !data || fread(data, sizeof(float), count, file) != count) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  fclose(file);
  return data;
}

/* The largest |got - want| / (1e-6 + |want|) of `count` elements. */
static double maxError(const float *got, const float *want, size_t count) {
  double worst = 0;
  for (size_t i = 0; i < count; ++i) {
    double error = fabs((double)got[i] - want[i]) / (1e-6 + fabs(want[i]));
    if (error > worst)
      worst = error;
  }
  return worst;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  prefix = argv[1];

  /* Every buffer is freed on every path, failures included, so that the
   * sanitizers' leak check sees the runtime's leaks alone. */
  int exitCode = 1;
  float *a = NULL, *b = NULL, *matmulWant = NULL;
  float *x = readFloats("x", 64 * 128);
  float *softmaxWant = readFloats("softmax", 64 * 128);
  float *y = NULL;
  int64_t ySizes[2] = {0, 0};
  if (softmax(x, NULL, &y, ySizes) != 0) {
    printf("softmax: error: %s\n", tenAotLastError());
    goto cleanup;
  }
  printf("softmax: %lldx%lld, max relative error below 1e-5: %d\n",
         (long long)ySizes[0], (long long)ySizes[1],
         maxError(y, softmaxWant, 64 * 128) < 1e-5);
  tenAotFree(y);

  /* A dynamic row count: the sizes travel with the elements. */
  a = readFloats("a", 37 * 64);
  b = readFloats("b", 64 * 32);
  matmulWant = readFloats("matmul", 37 * 32);
  int64_t aSizes[2] = {37, 64};
  float *c = NULL;
  int64_t cSizes[2] = {0, 0};
  if (matmul(a, aSizes, b, NULL, &c, cSizes) != 0) {
    printf("matmul: error: %s\n", tenAotLastError());
    goto cleanup;
  }
  printf("matmul: %lldx%lld, max relative error below 1e-3: %d\n",
         (long long)cSizes[0], (long long)cSizes[1],
         maxError(c, matmulWant, 37 * 32) < 1e-3);
  tenAotFree(c);

  /* Sizes that do not match the signature, and a dynamic size not given,
   * are errors before anything runs; a failed run-time check of the
   * program is an error after it ran, and sets no result. */
  int64_t wrongB[2] = {63, 32};
  c = NULL;
  int status = matmul(a, aSizes, b, wrongB, &c, NULL);
  printf("matmul wrong size: %d %s\n", status, tenAotLastError());
  status = matmul(a, NULL, b, NULL, &c, NULL);
  printf("matmul no sizes: %d %s\n", status, tenAotLastError());
  int64_t three[1] = {3}, four[1] = {4};
  float *sum = NULL;
  status = checked_add(x, three, x, four, &sum, NULL);
  printf("checked add: %d %s\n", status, tenAotLastError());
  printf("results untouched: %d\n", c == NULL && sum == NULL);
  int64_t sumSizes[1] = {0};
  if (checked_add(x, four, x, four, &sum, sumSizes) == 0)
    printf("checked add 4 + 4: %g %g (%lld)\n", sum[0], sum[3],
           (long long)sumSizes[0]);
  tenAotFree(sum);
  printf("done\n");
  exitCode = 0;
cleanup:
  free(x);
  free(softmaxWant);
  free(a);
  free(b);
  free(matmulWant);
  return exitCode;
}
