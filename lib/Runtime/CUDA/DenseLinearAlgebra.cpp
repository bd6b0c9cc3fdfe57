//===- DenseLinearAlgebra.cpp - ten.linalg on cuSOLVER --------------------===//

#include "ten/Runtime/CUDA/DenseLinearAlgebra.h"

#include "ten/Runtime/CUDA/Cusolver.h"
#include "ten/Runtime/CUDA/Driver.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/CholeskyNanPivot.h"
#include "ten/Runtime/Host/PackedCall.h"
#include "ten/Runtime/Host/RealOf.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <mutex>
#include <vector>

using namespace ten::cuda;
using ten::RealOf;

namespace {

// cublasOperation_t and cusolverEigMode_t.
constexpr int kNoTranspose = 0, kTranspose = 1;
constexpr int kNoVectors = 0, kVectors = 1;

/// The cudaDataType of elements of type T (library_types.h).
template <typename T>
constexpr int kDataType = 0; // CUDA_R_32F
template <>
constexpr int kDataType<double> = 1; // CUDA_R_64F
template <>
constexpr int kDataType<std::complex<float>> = 4; // CUDA_C_32F
template <>
constexpr int kDataType<std::complex<double>> = 5; // CUDA_C_64F

/// cuSOLVER's routines for elements of type T, as members of Cusolver.
template <typename T>
struct Routines;

#define TEN_SOLVER_ROUTINES(Type, L, Orgqr, Syevd)                             \
  template <>                                                                  \
  struct Routines<Type> {                                                      \
    static constexpr auto potrfBufferSize =                                    \
        &Cusolver::cusolverDn##L##potrf_bufferSize;                            \
    static constexpr auto potrf = &Cusolver::cusolverDn##L##potrf;             \
    static constexpr auto getrfBufferSize =                                    \
        &Cusolver::cusolverDn##L##getrf_bufferSize;                            \
    static constexpr auto getrf = &Cusolver::cusolverDn##L##getrf;             \
    static constexpr auto getrs = &Cusolver::cusolverDn##L##getrs;             \
    static constexpr auto geqrfBufferSize =                                    \
        &Cusolver::cusolverDn##L##geqrf_bufferSize;                            \
    static constexpr auto geqrf = &Cusolver::cusolverDn##L##geqrf;             \
    static constexpr auto orgqrBufferSize =                                    \
        &Cusolver::cusolverDn##L##Orgqr##_bufferSize;                          \
    static constexpr auto orgqr = &Cusolver::cusolverDn##L##Orgqr;             \
    static constexpr auto syevdBufferSize =                                    \
        &Cusolver::cusolverDn##L##Syevd##_bufferSize;                          \
    static constexpr auto syevd = &Cusolver::cusolverDn##L##Syevd;             \
    static constexpr auto gesvdjBufferSize =                                   \
        &Cusolver::cusolverDn##L##gesvdj_bufferSize;                           \
    static constexpr auto gesvdj = &Cusolver::cusolverDn##L##gesvdj;           \
    static constexpr const char *letter = #L;                                  \
  };
TEN_SOLVER_ROUTINES(float, S, orgqr, syevd)
TEN_SOLVER_ROUTINES(double, D, orgqr, syevd)
TEN_SOLVER_ROUTINES(std::complex<float>, C, ungqr, heevd)
TEN_SOLVER_ROUTINES(std::complex<double>, Z, ungqr, heevd)
#undef TEN_SOLVER_ROUTINES

/// The process's cuSOLVER and its handle, made at the first call.
struct SolverRuntime {
  std::unique_ptr<Cusolver> cusolver;
  void *handle = nullptr;
  std::string error;
  std::mutex mutex;
};

SolverRuntime &getSolverRuntime() {
  static SolverRuntime runtime;
  static std::once_flag once;
  std::call_once(once, [] {
    if (!Driver::get(runtime.error))
      return;
    runtime.cusolver =
        Cusolver::load(Cusolver::getDefaultLibrary(), runtime.error);
    if (!runtime.cusolver)
      return;
    if (int status = runtime.cusolver->cusolverDnCreate(&runtime.handle)) {
      runtime.error = Cusolver::describe(status, "cusolverDnCreate");
      runtime.cusolver.reset();
    }
  });
  return runtime;
}

/// A contiguous stack of `count` column-major `rows` x `columns` matrices
/// in device memory: a buffer (batch..., columns, rows).
struct DeviceMatrices {
  char *data = nullptr;
  int64_t count = 1, rows = 1, columns = 1;

  int64_t getElements() const { return rows * columns; }
  template <typename T>
  T *at(int64_t index) const {
    return reinterpret_cast<T *>(data) + index * getElements();
  }
};

/// One entry point's run: cuSOLVER bound to the current stream under the
/// process's lock, scratch device memory freed at the end, and the
/// failures recorded for the run (RuntimeWrappers.h). Nothing is done once
/// a failure is pending.
class SolverCall {
public:
  explicit SolverCall(const char *op) : op(op) {
    if (hasError())
      return;
    SolverRuntime &runtime = getSolverRuntime();
    if (!runtime.cusolver) {
      recordError(std::string(op) + " needs cuSOLVER: " + runtime.error);
      return;
    }
    cusolver = runtime.cusolver.get();
    handle = runtime.handle;
    lock = std::unique_lock<std::mutex>(runtime.mutex);
    stream = tenCudaCurrentStream();
    check(cusolver->cusolverDnSetStream(handle, stream), "cusolverDnSetStream");
  }

  ~SolverCall() {
    if (svdParameters)
      cusolver->cusolverDnDestroyGesvdjInfo(svdParameters);
    if (parameters)
      cusolver->cusolverDnDestroyParams(parameters);
    // After a failure the run frees what it still tracks.
    if (hasError())
      return;
    for (void *pointer : scratch)
      tenCudaMemFreeInRun(pointer, stream);
  }

  SolverCall(const SolverCall &) = delete;
  SolverCall &operator=(const SolverCall &) = delete;

  /// Whether nothing has failed yet.
  bool ok() const { return cusolver && !hasError(); }

  const Cusolver &getCusolver() const { return *cusolver; }
  void *getHandle() const { return handle; }

  /// Whether `status` is success; else records it for `call`.
  bool check(int status, const char *call) {
    if (status != 0)
      recordError(Cusolver::describe(status, call));
    return ok();
  }

  /// Calls `routine` of the library with `arguments`, checked.
  template <typename Routine, typename... Arguments>
  bool run(Routine routine, const char *name, Arguments... arguments) {
    return check((cusolver->*routine)(arguments...), name);
  }

  /// The matrices of `memref`; false, with the failure recorded, if it is
  /// not a contiguous stack of them that cuSOLVER's sizes can describe.
  bool getMatrices(const TenrtUnrankedMemRef *memref, size_t elementBytes,
                   DeviceMatrices &matrices) {
    if (!ok())
      return false;
    int64_t rank = memref->rank;
    mlir::ten::Descriptor descriptor(
        static_cast<const int64_t *>(memref->descriptor), rank);
    matrices.data = descriptor.getAligned() +
                    descriptor.getOffset() * static_cast<int64_t>(elementBytes);
    matrices.rows = rank >= 1 ? descriptor.getSize(rank - 1) : 1;
    matrices.columns = rank >= 2 ? descriptor.getSize(rank - 2) : 1;
    matrices.count = 1;
    int64_t stride = 1;
    bool contiguous = true;
    for (int64_t dim = rank - 1; dim >= 0; --dim) {
      int64_t size = descriptor.getSize(dim);
      if (dim < rank - 2)
        matrices.count *= size;
      if (size != 1 && descriptor.getStride(dim) != stride)
        contiguous = false;
      stride *= size;
    }
    if (!contiguous) {
      recordError(std::string("a buffer of ") + op + " is not contiguous");
      return false;
    }
    if (matrices.rows > INT_MAX || matrices.columns > INT_MAX) {
      recordError(std::string(op) + ": matrices of more than " +
                  std::to_string(INT_MAX) +
                  " rows or columns are beyond cuSOLVER's sizes");
      return false;
    }
    return true;
  }

  /// Scratch device memory for `count` elements of T, freed at the end.
  template <typename T>
  T *allocate(int64_t count) {
    if (!ok())
      return nullptr;
    size_t bytes = static_cast<size_t>(std::max<int64_t>(count, 1)) * sizeof(T);
    void *pointer = tenCudaMemAllocInRun(bytes, stream, false);
    if (pointer)
      scratch.push_back(pointer);
    return static_cast<T *>(pointer);
  }

  /// The workspace that `query` (a routine's _bufferSize, whose last
  /// parameter is the size) asks for with `arguments` after the handle, in
  /// elements of T: `lwork` of them, in scratch memory; null after a
  /// failure.
  template <typename T, typename Query, typename... Arguments>
  T *allocateWorkspace(Query query, const char *name, int &lwork,
                       Arguments... arguments) {
    lwork = 0;
    if (!run(query, name, handle, arguments..., &lwork))
      return nullptr;
    return allocate<T>(lwork);
  }

  /// Copies `bytes` bytes from `from` to `to`, either on the host or the
  /// device, on the stream.
  bool copy(void *to, const void *from, size_t bytes) {
    if (bytes && ok())
      mgpuMemcpy(to, const_cast<void *>(from), bytes, stream);
    return ok();
  }

  /// Zeros `bytes` bytes of device memory at `data`.
  bool setZero(void *data, size_t bytes) {
    return ok() && ten::cuda::setZero(data, bytes, stream);
  }

  /// Writes the r x c identity (column-major) at `data` on the device.
  template <typename T>
  bool setIdentity(T *data, int64_t rows, int64_t columns) {
    std::vector<T> identity(static_cast<size_t>(rows * columns), T(0));
    for (int64_t i = 0; i < std::min(rows, columns); ++i)
      identity[i + i * rows] = T(1);
    copy(data, identity.data(), identity.size() * sizeof(T));
    // A pageable source: the copy has read it when mgpuMemcpy returns.
    return ok();
  }

  /// The `count` infos at `infos` on the host, after the stream's work.
  bool readInfos(const int *infos, int64_t count, std::vector<int> &values) {
    values.assign(static_cast<size_t>(count), 0);
    if (!copy(values.data(), infos, values.size() * sizeof(int)))
      return false;
    mgpuStreamSynchronize(stream);
    if (!ok())
      return false;
    for (int64_t index = 0; index < count; ++index)
      if (values[index] < 0) {
        recordError(std::string(op) + ": cuSOLVER rejected parameter " +
                    std::to_string(-values[index]));
        return false;
      }
    return true;
  }

  /// Records NumPy's `message` for matrix `index` of `count`, as the host
  /// runtime words it.
  void failOnMatrix(const char *message, int64_t index, int64_t count) {
    std::string text = std::string(message) + " (" + op;
    if (count > 1)
      text += ", matrix " + std::to_string(index) + " of a batch of " +
              std::to_string(count);
    recordError(text + ")");
  }

  /// gesvdj's parameters (the defaults), made once per call.
  void *getSvdParameters() {
    if (!svdParameters && ok())
      check(cusolver->cusolverDnCreateGesvdjInfo(&svdParameters),
            "cusolverDnCreateGesvdjInfo");
    return svdParameters;
  }

  /// The 64-bit API's parameters (the defaults), made once per call.
  void *getParameters() {
    if (!parameters && ok())
      check(cusolver->cusolverDnCreateParams(&parameters),
            "cusolverDnCreateParams");
    return parameters;
  }

  /// Records `message` as the run's failure.
  void fail(const std::string &message) { recordError(message); }

private:
  const char *op;
  const Cusolver *cusolver = nullptr;
  void *handle = nullptr;
  void *stream = nullptr;
  void *svdParameters = nullptr;
  void *parameters = nullptr;
  std::unique_lock<std::mutex> lock;
  std::vector<void *> scratch;
};

/// `value`, a size or leading dimension that getMatrices checked, as
/// cuSOLVER's int: at least 1, which leading dimensions must be (every
/// size passed is positive).
int toInt(int64_t value) {
  return static_cast<int>(std::max<int64_t>(value, 1));
}

template <typename T>
void cholesky(const TenrtUnrankedMemRef *input,
              const TenrtUnrankedMemRef *factor, int32_t fill) {
  using R = Routines<T>;
  SolverCall call("ten.linalg.cholesky");
  DeviceMatrices a, f;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(factor, sizeof(T), f))
    return;
  int64_t n = a.rows;
  if (a.count == 0 || n == 0)
    return;
  if (!call.copy(f.data, a.data, a.count * n * n * sizeof(T)))
    return;
  int lwork = 0;
  T *work = call.allocateWorkspace<T>(R::potrfBufferSize,
                                      "cusolverDnXpotrf_bufferSize", lwork,
                                      fill, toInt(n), f.at<T>(0), toInt(n));
  if (!work)
    return;
  int *infos = call.allocate<int>(a.count);
  for (int64_t index = 0; index < a.count && call.ok(); ++index)
    call.run(R::potrf, "cusolverDnXpotrf", call.getHandle(), fill, toInt(n),
             f.at<T>(index), toInt(n), work, lwork, infos + index);
  std::vector<int> values;
  if (!call.readInfos(infos, a.count, values))
    return;
  for (int64_t index = 0; index < a.count; ++index) {
    if (values[index] == 0)
      continue;
    // A NaN pivot is no error (CholeskyNanPivot.h); any other pivot that
    // stops the factorization is.
    int64_t pivot = values[index] - 1;
    std::vector<T> matrix(static_cast<size_t>(n * n));
    if (!call.copy(matrix.data(), f.at<T>(index), matrix.size() * sizeof(T)))
      return;
    mgpuStreamSynchronize(tenCudaCurrentStream());
    if (!call.ok())
      return;
    if (!std::isnan(std::real(matrix[pivot + pivot * n]))) {
      call.failOnMatrix("Matrix is not positive definite", index, a.count);
      return;
    }
    ten::fillCholeskyFromNanPivot(matrix.data(), n, pivot, fill != 0);
    if (!call.copy(f.at<T>(index), matrix.data(), matrix.size() * sizeof(T)))
      return;
  }
}

template <typename T>
void lu(const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *factors,
        const TenrtUnrankedMemRef *pivots) {
  using R = Routines<T>;
  SolverCall call("ten.linalg.slogdet");
  DeviceMatrices a, f, p;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(factors, sizeof(T), f) ||
      !call.getMatrices(pivots, sizeof(int), p))
    return;
  int64_t n = a.rows;
  if (a.count == 0 || n == 0)
    return;
  if (!call.copy(f.data, a.data, a.count * n * n * sizeof(T)))
    return;
  int lwork = 0;
  T *work = call.allocateWorkspace<T>(R::getrfBufferSize,
                                      "cusolverDnXgetrf_bufferSize", lwork,
                                      toInt(n), toInt(n), f.at<T>(0), toInt(n));
  if (!work)
    return;
  int *infos = call.allocate<int>(a.count);
  // A zero pivot is a determinant of 0, not an error: the infos stay on the
  // device, and nothing waits.
  for (int64_t index = 0; index < a.count && call.ok(); ++index)
    call.run(R::getrf, "cusolverDnXgetrf", call.getHandle(), toInt(n), toInt(n),
             f.at<T>(index), toInt(n), work,
             reinterpret_cast<int *>(p.data) + index * n, infos + index);
}

/// Solves op(A) X = B for each matrix, X in `x`, B in `b`: `transpose`
/// says op.
template <typename T>
void solve(const char *op, int transpose, const TenrtUnrankedMemRef *input,
           const TenrtUnrankedMemRef *rhs, const TenrtUnrankedMemRef *result) {
  using R = Routines<T>;
  SolverCall call(op);
  DeviceMatrices a, b, x;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(rhs, sizeof(T), b) ||
      !call.getMatrices(result, sizeof(T), x))
    return;
  int64_t n = a.rows, columns = b.columns;
  if (a.count == 0 || n == 0)
    return;
  if (!call.copy(x.data, b.data, b.count * b.getElements() * sizeof(T)))
    return;
  // One LU at a time, in scratch memory, each followed by its solves.
  T *factors = call.allocate<T>(n * n);
  int *pivots = call.allocate<int>(n);
  int *infos = call.allocate<int>(2 * a.count);
  int lwork = 0;
  T *work = call.allocateWorkspace<T>(R::getrfBufferSize,
                                      "cusolverDnXgetrf_bufferSize", lwork,
                                      toInt(n), toInt(n), factors, toInt(n));
  if (!work)
    return;
  for (int64_t index = 0; index < a.count && call.ok(); ++index) {
    call.copy(factors, a.at<T>(index), n * n * sizeof(T));
    call.run(R::getrf, "cusolverDnXgetrf", call.getHandle(), toInt(n), toInt(n),
             factors, toInt(n), work, pivots, infos + index);
    if (columns > 0)
      call.run(R::getrs, "cusolverDnXgetrs", call.getHandle(), transpose,
               toInt(n), toInt(columns), factors, toInt(n), pivots,
               x.at<T>(index), toInt(n), infos + a.count + index);
  }
  std::vector<int> values;
  if (!call.readInfos(infos, columns > 0 ? 2 * a.count : a.count, values))
    return;
  for (int64_t index = 0; index < a.count; ++index)
    if (values[index] > 0) {
      call.failOnMatrix("Singular matrix", index, a.count);
      return;
    }
}

template <typename T>
void geqrf(const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *factors,
           const TenrtUnrankedMemRef *tau) {
  using R = Routines<T>;
  SolverCall call("ten.linalg.qr");
  DeviceMatrices a, f, t;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(factors, sizeof(T), f) ||
      !call.getMatrices(tau, sizeof(T), t))
    return;
  int64_t m = a.rows, n = a.columns, k = std::min(m, n);
  if (a.count == 0 || k == 0)
    return;
  if (!call.copy(f.data, a.data, a.count * m * n * sizeof(T)))
    return;
  int lwork = 0;
  T *work = call.allocateWorkspace<T>(R::geqrfBufferSize,
                                      "cusolverDnXgeqrf_bufferSize", lwork,
                                      toInt(m), toInt(n), f.at<T>(0), toInt(m));
  if (!work)
    return;
  int *infos = call.allocate<int>(a.count);
  for (int64_t index = 0; index < a.count && call.ok(); ++index)
    call.run(R::geqrf, "cusolverDnXgeqrf", call.getHandle(), toInt(m), toInt(n),
             f.at<T>(index), toInt(m),
             reinterpret_cast<T *>(t.data) + index * k, work, lwork,
             infos + index);
}

template <typename T>
void orgqr(const TenrtUnrankedMemRef *factors, const TenrtUnrankedMemRef *tau,
           const TenrtUnrankedMemRef *result) {
  using R = Routines<T>;
  SolverCall call("ten.linalg.qr");
  DeviceMatrices f, t, q;
  if (!call.getMatrices(factors, sizeof(T), f) ||
      !call.getMatrices(tau, sizeof(T), t) ||
      !call.getMatrices(result, sizeof(T), q))
    return;
  int64_t m = f.rows, n = f.columns, k = std::min(m, n), p = q.columns;
  if (f.count == 0 || m == 0 || p == 0)
    return;
  if (k == 0) {
    // No reflectors: Q is the identity.
    for (int64_t index = 0; index < f.count && call.ok(); ++index)
      call.setIdentity(q.at<T>(index), m, p);
    return;
  }
  // The reflectors in Q's first columns, the columns after them zero.
  int64_t reflectors = std::min(n, p);
  for (int64_t index = 0; index < f.count && call.ok(); ++index) {
    call.copy(q.at<T>(index), f.at<T>(index), m * reflectors * sizeof(T));
    call.setZero(q.at<T>(index) + m * reflectors,
                 m * (p - reflectors) * sizeof(T));
  }
  int lwork = 0;
  T *work = call.allocateWorkspace<T>(
      R::orgqrBufferSize, "cusolverDnXorgqr_bufferSize", lwork, toInt(m),
      toInt(p), toInt(k), q.at<T>(0), toInt(m),
      reinterpret_cast<const T *>(t.data));
  if (!work)
    return;
  int *infos = call.allocate<int>(f.count);
  for (int64_t index = 0; index < f.count && call.ok(); ++index)
    call.run(R::orgqr, "cusolverDnXorgqr", call.getHandle(), toInt(m), toInt(p),
             toInt(k), q.at<T>(index), toInt(m),
             reinterpret_cast<const T *>(t.data) + index * k, work, lwork,
             infos + index);
}

/// The eigenvalues of each Hermitian matrix, and with `vectors` non-null
/// its eigenvectors.
template <typename T>
void eigh(const char *op, const TenrtUnrankedMemRef *input,
          const TenrtUnrankedMemRef *values, const TenrtUnrankedMemRef *vectors,
          int32_t fill) {
  using R = Routines<T>;
  using Real = typename RealOf<T>::type;
  SolverCall call(op);
  DeviceMatrices a, w, v;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(values, sizeof(Real), w) ||
      (vectors && !call.getMatrices(vectors, sizeof(T), v)))
    return;
  int64_t n = a.rows;
  if (a.count == 0 || n == 0)
    return;
  // The routine overwrites its matrix: the vectors' buffer, or scratch
  // memory for one matrix at a time.
  T *scratch = vectors ? nullptr : call.allocate<T>(n * n);
  if (vectors && !call.copy(v.data, a.data, a.count * n * n * sizeof(T)))
    return;
  auto matrixAt = [&](int64_t index) {
    return vectors ? v.at<T>(index) : scratch;
  };
  int job = vectors ? kVectors : kNoVectors;
  Real *eigenvalues = reinterpret_cast<Real *>(w.data);
  int lwork = 0;
  T *work = call.allocateWorkspace<T>(
      R::syevdBufferSize, "cusolverDnXsyevd_bufferSize", lwork, job, fill,
      toInt(n), matrixAt(0), toInt(n), eigenvalues);
  if (!work)
    return;
  int *infos = call.allocate<int>(a.count);
  for (int64_t index = 0; index < a.count && call.ok(); ++index) {
    if (!vectors)
      call.copy(scratch, a.at<T>(index), n * n * sizeof(T));
    call.run(R::syevd, "cusolverDnXsyevd", call.getHandle(), job, fill,
             toInt(n), matrixAt(index), toInt(n), eigenvalues + index * n, work,
             lwork, infos + index);
  }
  std::vector<int> results;
  if (!call.readInfos(infos, a.count, results))
    return;
  for (int64_t index = 0; index < a.count; ++index)
    if (results[index] > 0) {
      call.failOnMatrix("Eigenvalues did not converge", index, a.count);
      return;
    }
}

/// The eigenvalues of each general matrix, and with `vectors` non-null its
/// right eigenvectors, in geev's form.
template <typename T>
void eig(const char *op, const TenrtUnrankedMemRef *input,
         const TenrtUnrankedMemRef *values,
         const TenrtUnrankedMemRef *vectors) {
  using Complex = std::complex<typename RealOf<T>::type>;
  SolverCall call(op);
  DeviceMatrices a, w, v;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(values, sizeof(Complex), w) ||
      (vectors && !call.getMatrices(vectors, sizeof(T), v)))
    return;
  int64_t n = a.rows;
  if (a.count == 0 || n == 0)
    return;
  const Cusolver &cusolver = call.getCusolver();
  if (!cusolver.cusolverDnXgeev || !cusolver.cusolverDnXgeev_bufferSize) {
    call.fail(std::string(op) + " needs cusolverDnXgeev, which cuSOLVER has "
                                "from version 11.7 (CUDA 12.6) on");
    return;
  }
  // NumPy refuses an infinite or NaN element before it decomposes any
  // matrix: the input is read back and looked through first.
  std::vector<T> elements(static_cast<size_t>(a.count * n * n));
  if (!call.copy(elements.data(), a.data, elements.size() * sizeof(T)))
    return;
  mgpuStreamSynchronize(tenCudaCurrentStream());
  if (!call.ok())
    return;
  for (size_t i = 0; i < elements.size(); ++i)
    if (!std::isfinite(std::real(elements[i])) ||
        !std::isfinite(std::imag(elements[i]))) {
      call.failOnMatrix("Array must not contain infs or NaNs",
                        static_cast<int64_t>(i) / (n * n), a.count);
      return;
    }
  // geev overwrites its matrix: scratch memory for one at a time. cuSOLVER
  // gets a scratch V where no vectors are asked for (as gesvdj, a null one
  // is not trusted).
  T *matrix = call.allocate<T>(n * n);
  T *vScratch = vectors ? nullptr : call.allocate<T>(n * n);
  auto vOf = [&](int64_t index) { return vectors ? v.at<T>(index) : vScratch; };
  int job = vectors ? kVectors : kNoVectors;
  void *parameters = call.getParameters();
  auto *eigenvalues = reinterpret_cast<Complex *>(w.data);
  size_t deviceBytes = 0, hostBytes = 0;
  if (!call.run(&Cusolver::cusolverDnXgeev_bufferSize,
                "cusolverDnXgeev_bufferSize", call.getHandle(), parameters,
                kNoVectors, job, n, kDataType<T>, matrix, n, kDataType<Complex>,
                eigenvalues, kDataType<T>, nullptr, int64_t(1), kDataType<T>,
                vOf(0), n, kDataType<T>, &deviceBytes, &hostBytes))
    return;
  char *deviceWork = call.allocate<char>(static_cast<int64_t>(deviceBytes));
  std::vector<char> hostWork(std::max<size_t>(hostBytes, 1));
  int *infos = call.allocate<int>(a.count);
  for (int64_t index = 0; index < a.count && call.ok(); ++index) {
    call.copy(matrix, a.at<T>(index), n * n * sizeof(T));
    call.run(&Cusolver::cusolverDnXgeev, "cusolverDnXgeev", call.getHandle(),
             parameters, kNoVectors, job, n, kDataType<T>, matrix, n,
             kDataType<Complex>, eigenvalues + index * n, kDataType<T>, nullptr,
             int64_t(1), kDataType<T>, vOf(index), n, kDataType<T>, deviceWork,
             deviceBytes, hostWork.data(), hostBytes, infos + index);
  }
  std::vector<int> results;
  if (!call.readInfos(infos, a.count, results))
    return;
  for (int64_t index = 0; index < a.count; ++index)
    if (results[index] > 0) {
      call.failOnMatrix("Eigenvalues did not converge", index, a.count);
      return;
    }
}

/// The singular values of each matrix, and with `u` and `v` non-null its
/// singular vectors.
template <typename T>
void svd(const char *op, const TenrtUnrankedMemRef *input,
         const TenrtUnrankedMemRef *values, const TenrtUnrankedMemRef *uBuffer,
         const TenrtUnrankedMemRef *vBuffer) {
  using R = Routines<T>;
  using Real = typename RealOf<T>::type;
  SolverCall call(op);
  bool vectors = uBuffer != nullptr;
  DeviceMatrices a, s, u, v;
  if (!call.getMatrices(input, sizeof(T), a) ||
      !call.getMatrices(values, sizeof(Real), s) ||
      (vectors && (!call.getMatrices(uBuffer, sizeof(T), u) ||
                   !call.getMatrices(vBuffer, sizeof(T), v))))
    return;
  int64_t m = a.rows, n = a.columns, k = std::min(m, n);
  if (a.count == 0)
    return;
  if (k == 0) {
    // No singular values: U and V are identities where they have columns.
    for (int64_t index = 0; vectors && index < a.count && call.ok(); ++index) {
      if (m && u.columns)
        call.setIdentity(u.at<T>(index), m, u.columns);
      if (n && v.columns)
        call.setIdentity(v.at<T>(index), n, v.columns);
    }
    return;
  }
  int job = vectors ? kVectors : kNoVectors;
  // cuSOLVER's gesvdj touches U and V even when it computes no vectors (a
  // null one faults on the device: an illegal address, then
  // CUSOLVER_STATUS_EXECUTION_FAILED, seen on an H200 with CUDA 13.0), so
  // the singular values alone get scratch ones of the economy shape.
  int economy = !vectors || u.columns < m || v.columns < n ? 1 : 0;
  T *scratch = call.allocate<T>(m * n);
  T *uScratch = vectors ? nullptr : call.allocate<T>(m * k);
  T *vScratch = vectors ? nullptr : call.allocate<T>(n * k);
  void *parameters = call.getSvdParameters();
  auto uOf = [&](int64_t index) { return vectors ? u.at<T>(index) : uScratch; };
  auto vOf = [&](int64_t index) { return vectors ? v.at<T>(index) : vScratch; };
  Real *singular = reinterpret_cast<Real *>(s.data);
  int lwork = 0;
  if (!call.run(R::gesvdjBufferSize, "cusolverDnXgesvdj_bufferSize",
                call.getHandle(), job, economy, toInt(m), toInt(n), scratch,
                toInt(m), singular, uOf(0), toInt(m), vOf(0), toInt(n), &lwork,
                parameters))
    return;
  T *work = call.allocate<T>(lwork);
  int *infos = call.allocate<int>(a.count);
  for (int64_t index = 0; index < a.count && call.ok(); ++index) {
    call.copy(scratch, a.at<T>(index), m * n * sizeof(T));
    call.run(R::gesvdj, "cusolverDnXgesvdj", call.getHandle(), job, economy,
             toInt(m), toInt(n), scratch, toInt(m), singular + index * k,
             uOf(index), toInt(m), vOf(index), toInt(n), work, lwork,
             infos + index, parameters);
  }
  std::vector<int> results;
  if (!call.readInfos(infos, a.count, results))
    return;
  // A NaN does not converge with NumPy's LAPACK (gesdd); Jacobi sweeps may
  // instead end with NaN values, which say the same.
  std::vector<Real> hostValues(static_cast<size_t>(a.count * k));
  if (!call.copy(hostValues.data(), singular, hostValues.size() * sizeof(Real)))
    return;
  mgpuStreamSynchronize(tenCudaCurrentStream());
  if (!call.ok())
    return;
  for (int64_t index = 0; index < a.count; ++index) {
    bool hasNaN = false;
    for (int64_t i = 0; i < k; ++i)
      hasNaN = hasNaN || std::isnan(hostValues[index * k + i]);
    if (results[index] > 0 || hasNaN) {
      call.failOnMatrix("SVD did not converge", index, a.count);
      return;
    }
  }
}

} // namespace

#define TEN_LINALG_TYPE(Suffix, Type, letter)                                  \
  extern "C" void tenCudaCholesky##Suffix(const TenrtUnrankedMemRef *input,    \
                                          const TenrtUnrankedMemRef *factor,   \
                                          int32_t fill) {                      \
    cholesky<Type>(input, factor, fill);                                       \
  }                                                                            \
  extern "C" void tenCudaLu##Suffix(const TenrtUnrankedMemRef *input,          \
                                    const TenrtUnrankedMemRef *factors,        \
                                    const TenrtUnrankedMemRef *pivots) {       \
    lu<Type>(input, factors, pivots);                                          \
  }                                                                            \
  extern "C" void tenCudaSolve##Suffix(const TenrtUnrankedMemRef *a,           \
                                       const TenrtUnrankedMemRef *b,           \
                                       const TenrtUnrankedMemRef *x) {         \
    solve<Type>("ten.linalg.solve", kNoTranspose, a, b, x);                    \
  }                                                                            \
  extern "C" void tenCudaInverse##Suffix(const TenrtUnrankedMemRef *a,         \
                                         const TenrtUnrankedMemRef *b,         \
                                         const TenrtUnrankedMemRef *x) {       \
    solve<Type>("ten.linalg.inv", kTranspose, a, b, x);                        \
  }                                                                            \
  extern "C" void tenCudaGeqrf##Suffix(const TenrtUnrankedMemRef *input,       \
                                       const TenrtUnrankedMemRef *factors,     \
                                       const TenrtUnrankedMemRef *tau) {       \
    geqrf<Type>(input, factors, tau);                                          \
  }                                                                            \
  extern "C" void tenCudaOrgqr##Suffix(const TenrtUnrankedMemRef *factors,     \
                                       const TenrtUnrankedMemRef *tau,         \
                                       const TenrtUnrankedMemRef *q) {         \
    orgqr<Type>(factors, tau, q);                                              \
  }                                                                            \
  extern "C" void tenCudaEigh##Suffix(                                         \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *values,     \
      const TenrtUnrankedMemRef *vectors, int32_t fill) {                      \
    eigh<Type>("ten.linalg.eigh", input, values, vectors, fill);               \
  }                                                                            \
  extern "C" void tenCudaEigvalsh##Suffix(const TenrtUnrankedMemRef *input,    \
                                          const TenrtUnrankedMemRef *values,   \
                                          int32_t fill) {                      \
    eigh<Type>("ten.linalg.eigvalsh", input, values, nullptr, fill);           \
  }                                                                            \
  extern "C" void tenCudaEig##Suffix(const TenrtUnrankedMemRef *input,         \
                                     const TenrtUnrankedMemRef *values,        \
                                     const TenrtUnrankedMemRef *vectors) {     \
    eig<Type>("ten.linalg.eig", input, values, vectors);                       \
  }                                                                            \
  extern "C" void tenCudaEigvals##Suffix(const TenrtUnrankedMemRef *input,     \
                                         const TenrtUnrankedMemRef *values) {  \
    eig<Type>("ten.linalg.eigvals", input, values, nullptr);                   \
  }                                                                            \
  extern "C" void tenCudaSvd##Suffix(                                          \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *s,          \
      const TenrtUnrankedMemRef *u, const TenrtUnrankedMemRef *v) {            \
    svd<Type>("ten.linalg.svd", input, s, u, v);                               \
  }                                                                            \
  extern "C" void tenCudaSvdvals##Suffix(const TenrtUnrankedMemRef *input,     \
                                         const TenrtUnrankedMemRef *s) {       \
    svd<Type>("ten.linalg.svdvals", input, s, nullptr, nullptr);               \
  }
#include "ten/Runtime/Host/LinalgTypes.def"
