// The host's floating-point limit for bench/run.py: fused multiply-adds on
// the widest vectors the compiler targets (-march=native: 512 bits where the
// host has AVX-512, else 256), on every OpenMP thread that OMP_NUM_THREADS
// asks for. Each thread keeps kChains independent accumulators, more than an
// FMA's latency times the FMA units per core, so that every unit starts one
// each cycle; nothing is read from memory. Prints the best GFLOP/s of f32
// and of f64 (an FMA counts as two operations), the vector width and the
// thread count.
//
//   cc -O3 -march=native -fopenmp bench/fma_peak.c -o fma-peak
//   ./fma-peak [seconds, default 0.2]
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__AVX512F__)
#define VECTOR_BYTES 64
#else
#define VECTOR_BYTES 32
#endif

typedef float f32v __attribute__((vector_size(VECTOR_BYTES)));
typedef double f64v __attribute__((vector_size(VECTOR_BYTES)));

// 12 chains: enough for 2 units of 4 to 6 cycles' latency, and few enough
// for the 16 vector registers of AVX2 with the two operands beside them.
enum { kChains = 12, kIterations = 1 << 16 };

// One thread's chains, `rounds` times kIterations FMAs each; returns a sum
// that depends on every chain, so that no FMA can be left out.
#define DEFINE_CHAINS(NAME, VECTOR, SCALAR)                                    \
  static SCALAR NAME(long rounds, SCALAR seed) {                               \
    VECTOR acc[kChains];                                                       \
    VECTOR scale = (VECTOR){0} + (SCALAR)0.999999;                             \
    VECTOR shift = (VECTOR){0} + (SCALAR)1e-7;                                 \
    for (int c = 0; c < kChains; ++c)                                          \
      acc[c] = (VECTOR){0} + seed + (SCALAR)c;                                 \
    for (long r = 0; r < rounds; ++r) {                                        \
      for (int i = 0; i < kIterations; ++i) {                                  \
        /* The compiler keeps acc in registers: kChains independent FMAs.  */  \
        for (int c = 0; c < kChains; ++c)                                      \
          acc[c] = acc[c] * scale + shift;                                     \
      }                                                                        \
      __asm__ volatile("" : "+m"(acc));                                        \
    }                                                                          \
    SCALAR total = 0;                                                          \
    for (int c = 0; c < kChains; ++c)                                          \
      for (unsigned l = 0; l < sizeof(VECTOR) / sizeof(SCALAR); ++l)           \
        total += acc[c][l];                                                    \
    return total;                                                              \
  }

DEFINE_CHAINS(chainsF32, f32v, float)
DEFINE_CHAINS(chainsF64, f64v, double)

// GFLOP/s of `rounds` rounds on every thread, best of `tries`.
static double measure(int f64, long rounds, int tries, double *sink) {
  double best = 0;
  for (int t = 0; t < tries; ++t) {
    double start = omp_get_wtime();
#pragma omp parallel reduction(+ : sink[0])
    sink[0] += f64 ? chainsF64(rounds, 1.0 + omp_get_thread_num())
                   : chainsF32(rounds, 1.0f + omp_get_thread_num());
    double seconds = omp_get_wtime() - start;
    int lanes = VECTOR_BYTES / (f64 ? 8 : 4);
    double flops = 2.0 * kChains * lanes * (double)kIterations * rounds *
                   omp_get_max_threads();
    if (flops / seconds / 1e9 > best)
      best = flops / seconds / 1e9;
  }
  return best;
}

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 0.2;
  double sink = 0;
  // Rounds for about `seconds` over 5 tries of each type, from a probe.
  double probe = measure(0, 16, 1, &sink);
  int lanes = VECTOR_BYTES / 4;
  double perRound = 2.0 * kChains * lanes * (double)kIterations *
                    omp_get_max_threads() / (probe * 1e9);
  long rounds = (long)(seconds / 10 / perRound) + 1;
  double f32 = measure(0, rounds, 5, &sink);
  double f64 = measure(1, rounds, 5, &sink);
  printf("fma f32 %.1f f64 %.1f GFLOP/s, %d-bit vectors, %d threads "
         "(checksum %g)\n",
         f32, f64, VECTOR_BYTES * 8, omp_get_max_threads(), sink);
  return 0;
}
