/* The same softmax called N times ahead-of-time compiled (softmax.h, from
 * tensor-compile) and JIT-compiled through the C API, on the same inputs,
 * one thread each, the two calls alternating: the time per call, min and
 * median, each call's result freed after it. bench/aot/run.py builds and runs
 * it. */
#include "softmax.h"
#include "ten-c/Ten.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void report(const char *what, double *seconds, int calls) {
  qsort(seconds, calls, sizeof(double), compareDoubles);
  printf("%-5s min %8.2f us  median %8.2f us\n", what, seconds[0] * 1e6,
         seconds[calls / 2] * 1e6);
}

static char *readText(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file)
    return NULL;
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *text = calloc(size + 1, 1);
  if (fread(text, 1, size, file) != (size_t)size)
    size = 0;
  fclose(file);
  return text;
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  const char *module = argv[1];
  int rows = atoi(argv[2]), columns = atoi(argv[3]);
  /* About a second of calls, at most 2000. */
  int calls = rows * columns > 1 << 20 ? 50 : 2000;
  float *x = malloc(sizeof(float) * rows * columns);
  for (int i = 0; i < rows * columns; ++i)
    x[i] = (float)((i * 7919) % 1000) / 1000.0f;
  double *aotSeconds = malloc(sizeof(double) * calls);
  double *jitSeconds = malloc(sizeof(double) * calls);

  char *text = readText(module);
  tenContext *context = tenContextCreate();
  tenModule *parsed = NULL;
  tenExecutable *executable = NULL;
  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  options.threads = 1;
  if (!text || tenModuleParse(context, text, strlen(text), module, &parsed) ||
      tenCompile(parsed, &options, &executable)) {
    fprintf(stderr, "jit: cannot compile %s\n", module);
    return 1;
  }
  int64_t shape[2] = {rows, columns};
  tenTensorView input = {TEN_F32, 2, shape, NULL, x};
  /* The two calls alternate, so that both see the same machine. */
  for (int i = -1; i < calls; ++i) {
    double start = now();
    float *y = NULL;
    if (softmax(x, NULL, &y, NULL) != 0) {
      fprintf(stderr, "aot: %s\n", tenAotLastError());
      return 1;
    }
    tenAotFree(y);
    double middle = now();
    tenTensor *result = NULL;
    if (tenExecutableRun(executable, 1, &input, 1, &result)) {
      fprintf(stderr, "jit: run failed\n");
      return 1;
    }
    tenTensorDestroy(result);
    if (i >= 0) {
      aotSeconds[i] = middle - start;
      jitSeconds[i] = now() - middle;
    }
  }
  report("aot", aotSeconds, calls);
  report("jit", jitSeconds, calls);
  tenExecutableDestroy(executable);
  tenModuleDestroy(parsed);
  tenContextDestroy(context);
  free(text);
  free(aotSeconds);
  free(jitSeconds);
  free(x);
  return 0;
}
