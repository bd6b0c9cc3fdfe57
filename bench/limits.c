// The machine's memory-bandwidth limits for bench/run.py: a STREAM-triad-like
// loop (a = b + s*c), a copy (a = b) and a read (the sum of b) over arrays of
// a given size, with the OpenMP threads that OMP_NUM_THREADS asks for. Each
// kernel is repeated on its own, as a timed workload is, so that it finds in
// the caches what the same kernel left there the time before. Prints the
// best GB/s of each, counting the bytes read and written. A loop that writes
// also reads each line it writes before it (write-allocate), which these do
// not count: reading alone moves more of the bytes it counts. The read's sum
// is vectorized (`simd`: its order may change), as every reduction in the
// table is. Arrays of 4 MiB and more are on transparent huge pages where
// Linux offers them, as NumPy's arrays and ten's buffers are.
//
//   cc -O3 -march=native -fopenmp -fno-tree-loop-distribute-patterns \
//      bench/limits.c -o limits
//   ./limits [MiB per array, default 256] [repetitions, default 10]
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static double now(void) { return omp_get_wtime(); }

static float *allocate(long n) {
  size_t alignment = (size_t)2 << 20;
  size_t bytes = (n * sizeof(float) + alignment - 1) / alignment * alignment;
  float *array = aligned_alloc(alignment, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (bytes >= ((size_t)4 << 20))
    madvise(array, bytes, MADV_HUGEPAGE);
#endif
  return array;
}

static double best(double a, double b) { return a < b ? a : b; }

int main(int argc, char **argv) {
  double mib = argc > 1 ? atof(argv[1]) : 256;
  int repetitions = argc > 2 ? atoi(argv[2]) : 10;
  long n = (long)(mib * 1024 * 1024 / sizeof(float)) / 16 * 16;
  float *a = allocate(n), *b = allocate(n), *c = allocate(n);
  // First touch by the threads that use the pages.
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    a[i] = 0.0f;
    b[i] = 1.0f;
    c[i] = 2.0f;
  }
  double bestTriad = 1e30, bestCopy = 1e30, bestRead = 1e30;
  double sum = 0.0;
  for (int repetition = 0; repetition < repetitions; ++repetition) {
    double start = now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      a[i] = b[i] + 3.0f * c[i];
    bestTriad = best(bestTriad, now() - start);
  }
  for (int repetition = 0; repetition < repetitions; ++repetition) {
    double start = now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      c[i] = a[i];
    bestCopy = best(bestCopy, now() - start);
  }
  for (int repetition = 0; repetition < repetitions; ++repetition) {
    double start = now();
    float partial = 0.0f;
#pragma omp parallel for simd schedule(static) reduction(+ : partial)
    for (long i = 0; i < n; ++i)
      partial += b[i];
    bestRead = best(bestRead, now() - start);
    sum += partial;
  }
  printf("threads %d triad %.2f copy %.2f read %.2f check %g\n",
         omp_get_max_threads(), 3.0 * n * sizeof(float) / bestTriad / 1e9,
         2.0 * n * sizeof(float) / bestCopy / 1e9,
         1.0 * n * sizeof(float) / bestRead / 1e9,
         (double)a[n / 2] + c[n / 3] + sum);
  free(a);
  free(b);
  free(c);
  return 0;
}
