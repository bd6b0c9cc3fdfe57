//===- TenModule.cpp - the C API as the Python module ten._ten ------------===//
//
// A thin layer over ten-c: every tenError becomes a ValueError with the
// compiler's message, and results become NumPy arrays that own the buffers
// the compiled code allocated (no copy). The Python package (ten/*.py) builds
// NumPy's semantics on top of this.
//
//===----------------------------------------------------------------------===//

#include "ten-c/Ten.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace nb = nanobind;

namespace {

/// `text` with every byte that is not part of well-formed UTF-8 replaced by
/// '?': a diagnostic may quote a byte of a multi-byte character (a user's
/// non-ASCII einsum subscript), which Python could not decode.
std::string toValidUTF8(const std::string &text) {
  std::string out;
  for (size_t at = 0; at < text.size();) {
    unsigned char lead = text[at];
    size_t length = lead < 0x80           ? 1
                    : (lead >> 5) == 0x6  ? 2
                    : (lead >> 4) == 0xe  ? 3
                    : (lead >> 3) == 0x1e ? 4
                                          : 0;
    bool valid = length > 0 && at + length <= text.size();
    for (size_t i = 1; valid && i < length; ++i)
      valid = (static_cast<unsigned char>(text[at + i]) >> 6) == 0x2;
    if (!valid) {
      out.push_back('?');
      ++at;
      continue;
    }
    out.append(text, at, length);
    at += length;
  }
  return out;
}

/// Raises the error as a ValueError, freeing it.
void check(tenError *error) {
  if (!error)
    return;
  std::string message = toValidUTF8(tenErrorGetMessage(error));
  tenErrorDestroy(error);
  throw nb::value_error(message.c_str());
}

/// A tenDType from Python's integer, checked.
tenDType toDType(int code) {
  if (!tenDTypeGetName(static_cast<tenDType>(code)))
    throw nb::type_error(
        ("no ten element type has code " + std::to_string(code)).c_str());
  return static_cast<tenDType>(code);
}

using Shape = std::vector<int64_t>;
/// An element type and a shape, as Python sees them.
using TypeTuple = std::tuple<int, Shape>;

TypeTuple makeType(tenDType dtype, size_t rank, const int64_t *shape) {
  Shape sizes(shape, shape + rank);
  for (int64_t &size : sizes)
    if (size == TEN_DYNAMIC)
      size = -1;
  return {static_cast<int>(dtype), sizes};
}

class Context {
public:
  Context() : context(tenContextCreate()) {}
  ~Context() { tenContextDestroy(context); }
  Context(const Context &) = delete;
  Context &operator=(const Context &) = delete;

  tenContext *get() { return context; }

private:
  tenContext *context;
};

class Module {
public:
  explicit Module(tenModule *module) : module(module) {}
  ~Module() { tenModuleDestroy(module); }
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  const tenModule *get() const { return module; }

  /// The grid and the layouts of `entry`'s arguments and results over it
  /// (ten-c/Sharding.h).
  void setGrid(const std::vector<int64_t> &sizes) {
    check(tenModuleSetGrid(module, sizes.data(), sizes.size()));
  }
  void setArgumentSharding(const std::string &entry, size_t index,
                           const std::vector<int64_t> &axes) {
    check(tenModuleSetArgumentSharding(module, entry.c_str(), index,
                                       axes.data(), axes.size()));
  }
  void setResultSharding(const std::string &entry, size_t index,
                         const std::vector<int64_t> &axes) {
    check(tenModuleSetResultSharding(module, entry.c_str(), index, axes.data(),
                                     axes.size()));
  }

  std::string str() const {
    std::string text;
    tenModulePrint(
        module,
        [](const char *data, size_t length, void *userData) {
          static_cast<std::string *>(userData)->append(data, length);
        },
        &text);
    return text;
  }

private:
  tenModule *module;
};

Module *parse(Context &context, const std::string &text,
              const std::string &name) {
  tenModule *module = nullptr;
  check(tenModuleParse(context.get(), text.data(), text.size(), name.c_str(),
                       &module));
  return new Module(module);
}

/// Checks that a slice has as many starts and stops as steps, and values of
/// run time for each bound (TEN_DYNAMIC where one is) or none at all.
static void checkSliceRanges(const std::vector<int64_t> &starts,
                             const std::vector<int64_t> &stops,
                             const std::vector<int64_t> &steps,
                             const std::vector<tenValue> &startValues,
                             const std::vector<tenValue> &stopValues) {
  if (starts.size() != steps.size() || stops.size() != steps.size())
    throw nb::value_error("a slice needs as many starts and stops as steps");
  bool none = startValues.empty() && stopValues.empty();
  if (!none &&
      (startValues.size() != steps.size() || stopValues.size() != steps.size()))
    throw nb::value_error(
        "a slice's values of run time are one per start and stop, or none");
}

class Graph {
public:
  Graph(Context &context, const std::string &name)
      : graph(tenGraphCreate(context.get(), name.c_str())) {}
  ~Graph() { tenGraphDestroy(graph); }
  Graph(const Graph &) = delete;
  Graph &operator=(const Graph &) = delete;

  void setLocation(const std::string &file, unsigned line) {
    tenGraphSetLocation(graph, file.c_str(), line, 1);
  }

  tenValue argument(int dtype, const Shape &shape) {
    tenValue value;
    check(tenGraphAddArgument(graph, toDType(dtype), shape.size(), shape.data(),
                              &value));
    return value;
  }

  TypeTuple type(tenValue value) const {
    tenDType dtype;
    size_t rank;
    const int64_t *shape;
    if (!tenGraphGetType(graph, value, &dtype, &rank, &shape))
      throw nb::index_error("the graph has no such value");
    return makeType(dtype, rank, shape);
  }

  tenValue einsum(const std::string &subscripts,
                  const std::vector<tenValue> &inputs) {
    tenValue value;
    check(tenGraphEinsum(graph, subscripts.c_str(), inputs.size(),
                         inputs.data(), &value));
    return value;
  }

  tenValue binary(const std::string &op, tenValue lhs, tenValue rhs) {
    tenValue value;
    check(tenGraphBinary(graph, op.c_str(), lhs, rhs, &value));
    return value;
  }

  tenValue unary(const std::string &op, tenValue input) {
    tenValue value;
    check(tenGraphUnary(graph, op.c_str(), input, &value));
    return value;
  }

  tenValue compare(const std::string &predicate, tenValue lhs, tenValue rhs) {
    tenValue value;
    check(tenGraphCompare(graph, predicate.c_str(), lhs, rhs, &value));
    return value;
  }

  tenValue complex(tenValue real, tenValue imag) {
    tenValue value;
    check(tenGraphComplex(graph, real, imag, &value));
    return value;
  }

  tenValue select(tenValue condition, tenValue trueValue, tenValue falseValue) {
    tenValue value;
    check(tenGraphSelect(graph, condition, trueValue, falseValue, &value));
    return value;
  }

  tenValue reduce(const std::string &kind, tenValue input, const Shape &dims,
                  bool keepdim) {
    tenValue value;
    check(tenGraphReduce(graph, kind.c_str(), input, dims.size(), dims.data(),
                         keepdim, &value));
    return value;
  }

  tenValue scan(const std::string &kind, tenValue input, int64_t dim) {
    tenValue value;
    check(tenGraphScan(graph, kind.c_str(), input, dim, &value));
    return value;
  }

  tenValue fft(const std::string &kind, tenValue input, int64_t dim,
               int64_t length) {
    tenValue value;
    check(tenGraphFft(graph, kind.c_str(), input, dim, length, &value));
    return value;
  }

  std::pair<tenValue, tenValue> sort(tenValue input, int64_t dim,
                                     bool descending) {
    tenValue values, indices;
    check(tenGraphSort(graph, input, dim, descending, &values, &indices));
    return {values, indices};
  }

  std::pair<tenValue, tenValue> partition(tenValue input, int64_t dim,
                                          const std::vector<int64_t> &kth,
                                          bool descending) {
    tenValue values, indices;
    check(tenGraphPartition(graph, input, dim, kth.data(), kth.size(),
                            descending, &values, &indices));
    return {values, indices};
  }

  /// One value, or a tuple of the op's results.
  nb::object linalg(const std::string &op, std::vector<tenValue> inputs,
                    bool flag) {
    tenValue results[3];
    check(tenGraphLinalg(graph, op.c_str(), inputs.size(), inputs.data(), flag,
                         results));
    if (op == "svd")
      return nb::make_tuple(results[0], results[1], results[2]);
    if (op == "slogdet" || op == "qr" || op == "eigh" || op == "eig")
      return nb::make_tuple(results[0], results[1]);
    return nb::int_(results[0]);
  }

  tenValue take(const std::string &mode, tenValue input, tenValue indices,
                int64_t dim) {
    tenValue value;
    check(tenGraphTake(graph, mode.c_str(), input, indices, dim, &value));
    return value;
  }
  tenValue searchsorted(const std::string &side, tenValue sorted,
                        tenValue values) {
    tenValue value;
    check(tenGraphSearchSorted(graph, side.c_str(), sorted, values, &value));
    return value;
  }

  tenValue nonzero(tenValue input) {
    tenValue value;
    check(tenGraphNonzero(graph, input, &value));
    return value;
  }

  tenValue scatter(const std::string &kind, tenValue dest, tenValue indices,
                   tenValue updates, int64_t dim) {
    tenValue value;
    check(tenGraphScatter(graph, kind.c_str(), dest, indices, updates, dim,
                          &value));
    return value;
  }

  tenValue castTo(tenValue input, int dtype) {
    tenValue value;
    check(tenGraphCast(graph, input, toDType(dtype), &value));
    return value;
  }

  tenValue bitcastTo(tenValue input, int dtype) {
    tenValue value;
    check(tenGraphBitcast(graph, input, toDType(dtype), &value));
    return value;
  }

  tenValue shard(tenValue input, const Shape &axes) {
    tenValue value;
    check(tenGraphShard(graph, input, axes.size(), axes.data(), &value));
    return value;
  }

  tenValue transpose(tenValue input, const Shape &permutation) {
    tenValue value;
    check(tenGraphTranspose(graph, input, permutation.size(),
                            permutation.data(), &value));
    return value;
  }

  tenValue reshape(tenValue input, const Shape &shape) {
    tenValue value;
    check(tenGraphReshape(graph, input, shape.size(), shape.data(), &value));
    return value;
  }

  tenValue broadcast(tenValue input, const Shape &shape) {
    tenValue value;
    check(tenGraphBroadcast(graph, input, shape.size(), shape.data(), &value));
    return value;
  }

  /// A slice whose bounds may be values of run time: where a start or stop
  /// is TEN_DYNAMIC, `startValues` or `stopValues` has its value at the same
  /// position (both are empty when every bound is static).
  tenValue slice(tenValue input, const Shape &starts, const Shape &stops,
                 const Shape &steps, const std::vector<tenValue> &startValues,
                 const std::vector<tenValue> &stopValues) {
    checkSliceRanges(starts, stops, steps, startValues, stopValues);
    tenValue value;
    if (startValues.empty() && stopValues.empty()) {
      check(tenGraphSlice(graph, input, steps.size(), starts.data(),
                          stops.data(), steps.data(), &value));
      return value;
    }
    check(tenGraphSliceDynamic(graph, input, steps.size(), starts.data(),
                               stops.data(), steps.data(), startValues.data(),
                               stopValues.data(), &value));
    return value;
  }

  tenValue insertSlice(tenValue source, tenValue dest, const Shape &starts,
                       const Shape &stops, const Shape &steps,
                       const std::vector<tenValue> &startValues,
                       const std::vector<tenValue> &stopValues) {
    checkSliceRanges(starts, stops, steps, startValues, stopValues);
    tenValue value;
    if (startValues.empty() && stopValues.empty()) {
      check(tenGraphInsertSlice(graph, source, dest, steps.size(),
                                starts.data(), stops.data(), steps.data(),
                                &value));
      return value;
    }
    check(tenGraphInsertSliceDynamic(
        graph, source, dest, steps.size(), starts.data(), stops.data(),
        steps.data(), startValues.data(), stopValues.data(), &value));
    return value;
  }

  tenValue concat(const std::vector<tenValue> &inputs, int64_t axis) {
    tenValue value;
    check(tenGraphConcat(graph, inputs.size(), inputs.data(), axis, &value));
    return value;
  }

  tenValue randomBits(tenValue key, int64_t stream, int dtype,
                      const Shape &shape) {
    tenValue value;
    check(tenGraphRandomBits(graph, key, stream, toDType(dtype), shape.size(),
                             shape.data(), &value));
    return value;
  }

  void assertAll(tenValue condition, const std::string &message) {
    check(tenGraphAssert(graph, condition, message.c_str()));
  }

  tenValue iota(int dtype, const Shape &shape, int64_t dimension) {
    tenValue value;
    check(tenGraphIota(graph, toDType(dtype), shape.size(), shape.data(),
                       dimension, &value));
    return value;
  }

  /// A constant of a C-contiguous array's elements (bf16 arrives as its
  /// 16-bit patterns, with `dtype` saying what they are).
  tenValue constant(int dtype,
                    nb::ndarray<nb::ro, nb::c_contig, nb::device::cpu> array) {
    tenDType type = toDType(dtype);
    if (array.itemsize() != tenDTypeGetSize(type))
      throw nb::type_error("the array's item size is not its dtype's");
    Shape shape;
    for (size_t dim = 0; dim < array.ndim(); ++dim)
      shape.push_back(array.shape(dim));
    tenValue value;
    check(tenGraphConstant(graph, type, shape.size(), shape.data(),
                           array.data(), &value));
    return value;
  }

  Module *finish(const std::vector<tenValue> &results) {
    tenModule *module = nullptr;
    check(tenGraphFinish(graph, results.size(), results.data(), &module));
    return new Module(module);
  }

private:
  tenGraph *graph;
};

/// The dlpack type NumPy gets for a ten element type, read from its .npy
/// descr; bf16 goes as uint16, which the Python side views as
/// ml_dtypes.bfloat16 (or, not for NumPy, as DLPack's bfloat).
nb::dlpack::dtype toDLPack(tenDType dtype, bool bfloat16AsBits = true) {
  using Code = nb::dlpack::dtype_code;
  const char *descr = tenDTypeGetNpyDescr(dtype);
  if (!descr)
    throw nb::type_error("unknown element type");
  if (dtype == TEN_BF16 && !bfloat16AsBits)
    return nb::dlpack::dtype{static_cast<uint8_t>(Code::Bfloat), 16, 1};
  Code code = Code::UInt;
  switch (descr[1]) {
  case 'b':
    code = Code::Bool;
    break;
  case 'i':
    code = Code::Int;
    break;
  case 'f':
    code = Code::Float;
    break;
  case 'c':
    code = Code::Complex;
    break;
  default: // 'u', and 'V' for bf16's bits
    break;
  }
  return nb::dlpack::dtype{static_cast<uint8_t>(code),
                           static_cast<uint8_t>(8 * tenDTypeGetSize(dtype)), 1};
}

/// Where an array of DLPack device `deviceType` and `deviceId` is, as the C
/// API says: the host's memory (the CPU's, CUDA's page-locked host memory)
/// or the first GPU's (CUDA device or managed memory).
tenMemory getMemory(int32_t deviceType, int32_t deviceId) {
  if (deviceType == nb::device::cpu::value ||
      deviceType == nb::device::cuda_host::value)
    return TEN_MEMORY_HOST;
  if (deviceType == nb::device::cuda::value ||
      deviceType == nb::device::cuda_managed::value) {
    if (deviceId != 0)
      throw nb::buffer_error(("ten's CUDA target runs on GPU 0, and this array "
                              "is on GPU " +
                              std::to_string(deviceId))
                                 .c_str());
    return TEN_MEMORY_DEVICE;
  }
  throw nb::buffer_error(("ten reads arrays in the host's or a CUDA GPU's "
                          "memory, not of DLPack device type " +
                          std::to_string(deviceType))
                             .c_str());
}

/// Whether the interpreter is shutting down (public API from Python 3.13).
bool isFinalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing();
#else
  return _Py_IsFinalizing();
#endif
}

class Executable {
public:
  Executable(const Module &module, const std::string &entry,
             const std::string &target, unsigned threads, bool explain,
             const std::string &pipelineOptions) {
    tenCompileOptions options;
    tenCompileOptionsInit(&options);
    options.entry = entry.c_str();
    options.target = target.c_str();
    options.threads = threads;
    options.explain = explain;
    options.pipelineOptions = pipelineOptions.c_str();
    tenExecutable *compiled = nullptr;
    check(tenCompile(module.get(), &options, &compiled));
    executable = compiled;
  }
  ~Executable() {
    // At interpreter exit, the modules' caches are collected in no order,
    // after libraries that compiled code calls may have shut down; tearing
    // the JIT down then runs its code against them (a crash under ASan).
    // The process is ending: its memory goes with it.
    if (isFinalizing())
      return;
    tenExecutableDestroy(executable);
  }
  Executable(const Executable &) = delete;
  Executable &operator=(const Executable &) = delete;

  std::vector<TypeTuple> arguments() const {
    std::vector<TypeTuple> types;
    tenDType dtype;
    size_t rank;
    const int64_t *shape;
    for (size_t i = 0;
         tenExecutableGetArgument(executable, i, &dtype, &rank, &shape); ++i)
      types.push_back(makeType(dtype, rank, shape));
    return types;
  }

  std::vector<TypeTuple> results() const {
    std::vector<TypeTuple> types;
    tenDType dtype;
    size_t rank;
    const int64_t *shape;
    for (size_t i = 0;
         tenExecutableGetResult(executable, i, &dtype, &rank, &shape); ++i)
      types.push_back(makeType(dtype, rank, shape));
    return types;
  }

  std::string explanation() const {
    return tenExecutableGetExplanation(executable);
  }

  /// Runs on arrays of any strides in host memory; `dtypes` says what each
  /// array holds. The results are NumPy arrays over the buffers the run
  /// allocated.
  nb::list run(const std::vector<nb::ndarray<nb::ro, nb::device::cpu>> &arrays,
               const std::vector<int> &dtypes) {
    std::vector<nb::ndarray<nb::ro>> any(arrays.begin(), arrays.end());
    Inputs inputs(any, dtypes);
    size_t numResults = tenExecutableGetNumResults(executable);
    std::vector<tenTensor *> tensors(numResults, nullptr);
    tenError *error;
    {
      nb::gil_scoped_release release;
      error = tenExecutableRun(executable, inputs.views.size(),
                               inputs.views.data(), numResults, tensors.data());
    }
    check(error);
    return wrapResults<nb::numpy>(tensors, nb::device::cpu::value,
                                  /*bfloat16AsBits=*/true);
  }

  /// Runs on arrays in host memory or in the first GPU's (any DLPack
  /// exporter), leaving the results on the GPU: (DLPack array, shape) each.
  nb::list runOnDevice(const std::vector<nb::ndarray<nb::ro>> &arrays,
                       const std::vector<int> &dtypes) {
    Inputs inputs(arrays, dtypes);
    size_t numResults = tenExecutableGetNumResults(executable);
    std::vector<tenTensor *> tensors(numResults, nullptr);
    tenError *error;
    {
      nb::gil_scoped_release release;
      error = tenExecutableRunOnDevice(
          executable, inputs.views.size(), inputs.views.data(),
          inputs.memory.data(), numResults, tensors.data());
    }
    check(error);
    std::vector<nb::tuple> shapes;
    for (tenTensor *tensor : tensors) {
      tenTensorView view = tenTensorGetView(tensor);
      shapes.push_back(nb::tuple(
          nb::cast(std::vector<int64_t>(view.shape, view.shape + view.rank))));
    }
    // No NumPy on this side: bfloat16 goes as itself, as frameworks on GPUs
    // take it.
    nb::list buffers = wrapResults<nb::array_api>(
        tensors, nb::device::cuda::value, /*bfloat16AsBits=*/false);
    nb::list outputs;
    for (size_t i = 0; i < shapes.size(); ++i)
      outputs.append(nb::make_tuple(buffers[i], shapes[i]));
    return outputs;
  }

private:
  /// The C API's views of arrays, and where each array's memory is.
  struct Inputs {
    std::vector<Shape> shapes, strides;
    std::vector<tenTensorView> views;
    std::vector<tenMemory> memory;

    Inputs(const std::vector<nb::ndarray<nb::ro>> &arrays,
           const std::vector<int> &dtypes) {
      if (arrays.size() != dtypes.size())
        throw nb::value_error("one dtype per array");
      size_t count = arrays.size();
      shapes.resize(count);
      strides.resize(count);
      for (size_t i = 0; i < count; ++i) {
        const auto &array = arrays[i];
        tenDType dtype = toDType(dtypes[i]);
        if (array.itemsize() != tenDTypeGetSize(dtype))
          throw nb::type_error("the array's item size is not its dtype's");
        memory.push_back(getMemory(array.device_type(), array.device_id()));
        for (size_t dim = 0; dim < array.ndim(); ++dim) {
          shapes[i].push_back(array.shape(dim));
          strides[i].push_back(array.stride(dim) *
                               static_cast<int64_t>(array.itemsize()));
        }
        views.push_back(tenTensorView{dtype, array.ndim(), shapes[i].data(),
                                      strides[i].data(),
                                      const_cast<void *>(array.data())});
      }
    }
  };

  /// The results as arrays of the framework `Framework` in memory of
  /// `deviceType`, each owning its tensor through a capsule.
  template <typename... Framework>
  static nb::list wrapResults(const std::vector<tenTensor *> &tensors,
                              int32_t deviceType, bool bfloat16AsBits) {
    nb::list outputs;
    for (tenTensor *tensor : tensors) {
      tenTensorView view = tenTensorGetView(tensor);
      // The array owns the result's buffer through this capsule.
      nb::capsule owner(tensor, [](void *tensor) noexcept {
        tenTensorDestroy(static_cast<tenTensor *>(tensor));
      });
      size_t elementSize = tenDTypeGetSize(view.dtype);
      std::vector<size_t> shape(view.shape, view.shape + view.rank);
      std::vector<int64_t> elementStrides;
      for (size_t dim = 0; dim < view.rank; ++dim)
        elementStrides.push_back(view.strides[dim] /
                                 static_cast<int64_t>(elementSize));
      nb::ndarray<Framework...> array(
          view.data, view.rank, shape.data(), owner, elementStrides.data(),
          toDLPack(view.dtype, bfloat16AsBits), deviceType);
      outputs.append(array.cast());
    }
    return outputs;
  }

private:
  tenExecutable *executable = nullptr;
};

} // namespace

NB_MODULE(_ten, m) {
  m.doc() = "The C API of ten, as the ten package uses it";
  // Compiled programs may still be held at exit by other libraries' caches
  // (torch.compile keeps the backend's programs until the interpreter
  // ends): nanobind would report each as a leak, though the process
  // frees everything as it exits.
  nb::set_leak_warnings(false);

  nb::class_<Context>(m, "Context").def(nb::init<>());

  nb::class_<Module>(m, "Module")
      .def("__str__", &Module::str)
      .def("set_grid", &Module::setGrid, nb::arg("sizes"))
      .def("set_argument_sharding", &Module::setArgumentSharding,
           nb::arg("entry"), nb::arg("index"), nb::arg("axes"))
      .def("set_result_sharding", &Module::setResultSharding, nb::arg("entry"),
           nb::arg("index"), nb::arg("axes"));

  m.def(
      "process_group",
      []() {
        int rank = 0, size = 1;
        check(tenProcessGroupGet(&rank, &size));
        return std::make_tuple(rank, size);
      },
      "This process's rank in its MPI job and the job's size ((0, 1) "
      "outside one)");

  m.def("parse", &parse, nb::arg("context"), nb::arg("text"),
        nb::arg("name") = "<string>", nb::keep_alive<0, 1>(),
        "Parses and verifies a module; a ValueError carries the diagnostics");

  nb::class_<Graph>(m, "Graph")
      .def(nb::init<Context &, const std::string &>(), nb::arg("context"),
           nb::arg("name") = "main", nb::keep_alive<1, 2>())
      .def("set_location", &Graph::setLocation)
      .def("argument", &Graph::argument)
      .def("type", &Graph::type)
      .def("einsum", &Graph::einsum)
      .def("binary", &Graph::binary)
      .def("unary", &Graph::unary)
      .def("compare", &Graph::compare)
      .def("select", &Graph::select)
      .def("reduce", &Graph::reduce)
      .def("cast", &Graph::castTo)
      .def("bitcast", &Graph::bitcastTo)
      .def("shard", &Graph::shard)
      .def("transpose", &Graph::transpose)
      .def("reshape", &Graph::reshape)
      .def("broadcast", &Graph::broadcast)
      .def("constant", &Graph::constant)
      .def("complex", &Graph::complex)
      .def("slice", &Graph::slice, nb::arg("input"), nb::arg("starts"),
           nb::arg("stops"), nb::arg("steps"),
           nb::arg("start_values") = std::vector<tenValue>(),
           nb::arg("stop_values") = std::vector<tenValue>())
      .def("insert_slice", &Graph::insertSlice, nb::arg("source"),
           nb::arg("dest"), nb::arg("starts"), nb::arg("stops"),
           nb::arg("steps"), nb::arg("start_values") = std::vector<tenValue>(),
           nb::arg("stop_values") = std::vector<tenValue>())
      .def("concat", &Graph::concat)
      .def("scan", &Graph::scan)
      .def("fft", &Graph::fft)
      .def("sort", &Graph::sort)
      .def("partition", &Graph::partition)
      .def("linalg", &Graph::linalg)
      .def("take", &Graph::take)
      .def("scatter", &Graph::scatter)
      .def("nonzero", &Graph::nonzero)
      .def("searchsorted", &Graph::searchsorted)
      .def("random_bits", &Graph::randomBits)
      .def("iota", &Graph::iota)
      .def("assert_all", &Graph::assertAll)
      .def("finish", &Graph::finish, nb::keep_alive<0, 1>());

  // The element types, in tenDType's order: (name, .npy descr).
  m.def("element_types", [] {
    std::vector<std::pair<std::string, std::string>> types;
    for (int code = 0; tenDTypeGetName(static_cast<tenDType>(code)); ++code)
      types.emplace_back(tenDTypeGetName(static_cast<tenDType>(code)),
                         tenDTypeGetNpyDescr(static_cast<tenDType>(code)));
    return types;
  });

  // NumPy's promotion as the C API computes it, for frontends other than
  // this package (which asks NumPy); the tests hold it to NumPy's.
  m.def("promote_types", [](int lhs, int rhs) {
    tenDType result;
    if (!tenDTypePromote(static_cast<tenDType>(lhs), static_cast<tenDType>(rhs),
                         &result))
      throw nb::value_error("not a tenDType");
    return static_cast<int>(result);
  });
  m.def("promote_with_scalar", [](int dtype, int scalar) {
    tenDType result;
    if (!tenDTypePromoteScalar(static_cast<tenDType>(dtype),
                               static_cast<tenScalarKind>(scalar), &result))
      throw nb::value_error("not a tenDType or a tenScalarKind");
    return static_cast<int>(result);
  });

  m.def("op_catalogue", [] {
    std::vector<
        std::tuple<int, std::string, std::string, std::string, std::string>>
        ops;
    tenOpInfo info;
    for (size_t i = 0; tenOpCatalogueGet(i, &info); ++i)
      ops.emplace_back(static_cast<int>(info.arity), info.mnemonic,
                       info.pythonName, info.numpyTypeRule, info.summary);
    return ops;
  });

  // What a DLPack exporter holds, read without a copy: (device type,
  // device id, DLPack dtype code, bits, shape, whether it is row-major).
  m.def("dlpack_info", [](const nb::ndarray<nb::ro> &array) {
    std::vector<int64_t> shape;
    bool rowMajor = true;
    bool empty = false;
    for (size_t dim = 0; dim < array.ndim(); ++dim) {
      shape.push_back(array.shape(dim));
      empty |= array.shape(dim) == 0;
    }
    int64_t expected = 1;
    for (size_t dim = array.ndim(); dim-- > 0;) {
      rowMajor &= array.shape(dim) == 1 || array.stride(dim) == expected;
      expected *= array.shape(dim);
    }
    nb::dlpack::dtype dtype = array.dtype();
    return std::make_tuple(array.device_type(), array.device_id(),
                           static_cast<int>(dtype.code),
                           static_cast<int>(dtype.bits),
                           nb::tuple(nb::cast(shape)), rowMajor || empty);
  });

  m.def(
      "check_target",
      [](const std::string &target) {
        check(tenTargetCheckAvailable(target.c_str()));
      },
      nb::arg("target"));

  nb::class_<Executable>(m, "Executable")
      .def(nb::init<const Module &, const std::string &, const std::string &,
                    unsigned, bool, const std::string &>(),
           nb::arg("module"), nb::arg("entry") = "main",
           nb::arg("target") = "cpu", nb::arg("threads") = 0,
           nb::arg("explain") = true, nb::arg("pipeline_options") = "")
      .def_prop_ro("arguments", &Executable::arguments)
      .def_prop_ro("results", &Executable::results)
      .def_prop_ro("explanation", &Executable::explanation)
      .def("run", &Executable::run)
      .def("run_on_device", &Executable::runOnDevice);
}
