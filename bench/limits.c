// The machine's memory-bandwidth limits for bench/run.py: a STREAM-triad-like
// loop (a = b + s*c), a copy (a = b) and a read (the sum of b) over arrays
// far larger than the caches, with the OpenMP threads that OMP_NUM_THREADS
// asks for. Prints the best GB/s of each, counting the bytes read and
// written. A loop that writes also reads each line it writes before it
// (write-allocate), which these do not count: reading alone moves more of
// the bytes it counts. The read's sum is vectorized (`simd`: its order may
// change), as every reduction in the table is.
//
//   cc -O3 -march=native -fopenmp bench/limits.c -o limits
//   ./limits [MiB] [repetitions]
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static double now(void) { return omp_get_wtime(); }

int main(int argc, char **argv) {
  long mib = argc > 1 ? atol(argv[1]) : 256;
  int repetitions = argc > 2 ? atoi(argv[2]) : 10;
  long n = mib * 1024 * 1024 / sizeof(float);
  float *a = aligned_alloc(64, n * sizeof(float));
  float *b = aligned_alloc(64, n * sizeof(float));
  float *c = aligned_alloc(64, n * sizeof(float));
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
    double triad = now() - start;
    start = now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; ++i)
      c[i] = a[i];
    double copy = now() - start;
    start = now();
    float partial = 0.0f;
#pragma omp parallel for simd schedule(static) reduction(+ : partial)
    for (long i = 0; i < n; ++i)
      partial += b[i];
    double read = now() - start;
    sum += partial;
    bestRead = read < bestRead ? read : bestRead;
    bestTriad = triad < bestTriad ? triad : bestTriad;
    bestCopy = copy < bestCopy ? copy : bestCopy;
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
