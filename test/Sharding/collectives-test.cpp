//===- collectives-test.cpp - the collectives runtime on every rank -------===//
//
// The program collectives.test runs under mpirun on 2 and 4 processes: it
// calls each collective of the runtime (Collectives.h) as compiled code does,
// on every grid shape and group of axes the process count allows, for
// several element types and tensor axes, and checks each process's result
// against the result computed from what every process holds (process r's
// element i is r * 1000 + i). Rank 0 prints how many cases each collective
// passed and the traffic the runtime counted; a process that finds a wrong
// element says so and exits with 1.
//
// With --nccl, the same of the CUDA runtime's collectives (Nccl.h), on the
// fake CUDA driver (whose device memory is host memory) and the fake NCCL:
// what they refuse (parts along an inner dimension, float maxima, which the
// compiler rewrites before calling them) is checked to fail with its
// message.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/CUDA/Nccl.h"
#include "ten/Runtime/CUDA/RuntimeWrappers.h"
#include "ten/Runtime/Host/Collectives.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

using namespace mlir::ten;

namespace {

/// A row-major tensor of one process.
template <typename T>
struct Tensor {
  std::vector<int64_t> sizes;
  std::vector<T> data;

  explicit Tensor(std::vector<int64_t> shape) : sizes(std::move(shape)) {
    int64_t count = 1;
    for (int64_t size : sizes)
      count *= size;
    data.assign(count, T());
  }

  /// The elements before `axis`, along it, and after it.
  void view(int64_t axis, int64_t &outer, int64_t &along,
            int64_t &inner) const {
    outer = inner = 1;
    for (int64_t dim = 0; dim < static_cast<int64_t>(sizes.size()); ++dim) {
      if (dim < axis)
        outer *= sizes[dim];
      else if (dim > axis)
        inner *= sizes[dim];
    }
    along = sizes[axis];
  }
};

/// The input of process `rank`.
template <typename T>
Tensor<T> makeInput(std::vector<int64_t> sizes, int rank) {
  Tensor<T> tensor(std::move(sizes));
  for (size_t i = 0; i < tensor.data.size(); ++i)
    tensor.data[i] = static_cast<T>(rank * 1000 + static_cast<int64_t>(i));
  return tensor;
}

/// `tensors` joined along `axis`.
template <typename T>
Tensor<T> join(const std::vector<Tensor<T>> &tensors, int64_t axis) {
  std::vector<int64_t> sizes = tensors[0].sizes;
  sizes[axis] *= tensors.size();
  Tensor<T> result(sizes);
  int64_t outer, along, inner;
  tensors[0].view(axis, outer, along, inner);
  int64_t count = tensors.size();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t part = 0; part < count; ++part)
      for (int64_t a = 0; a < along; ++a)
        for (int64_t i = 0; i < inner; ++i)
          result.data[((o * count + part) * along + a) * inner + i] =
              tensors[part].data[(o * along + a) * inner + i];
  return result;
}

/// Part `part` of `count` of `tensor` along `axis`.
template <typename T>
Tensor<T> slice(const Tensor<T> &tensor, int64_t axis, int64_t count,
                int64_t part) {
  std::vector<int64_t> sizes = tensor.sizes;
  sizes[axis] /= count;
  Tensor<T> result(sizes);
  int64_t outer, along, inner;
  tensor.view(axis, outer, along, inner);
  int64_t piece = along / count;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t a = 0; a < piece; ++a)
      for (int64_t i = 0; i < inner; ++i)
        result.data[(o * piece + a) * inner + i] =
            tensor.data[(o * along + part * piece + a) * inner + i];
  return result;
}

/// An unranked memref of compiled code viewing `data` with `sizes`.
struct MemRef {
  std::vector<int64_t> words;
  TenrtUnrankedMemRef ref;

  MemRef(void *data, const std::vector<int64_t> &sizes) {
    int64_t rank = sizes.size();
    words = {reinterpret_cast<int64_t>(data), reinterpret_cast<int64_t>(data),
             0};
    words.insert(words.end(), sizes.begin(), sizes.end());
    std::vector<int64_t> strides(rank, 1);
    for (int64_t dim = rank - 1; dim > 0; --dim)
      strides[dim - 1] = strides[dim] * sizes[dim];
    words.insert(words.end(), strides.begin(), strides.end());
    ref = {rank, words.data()};
  }
};

/// A grid, a group of its axes, and where a process stands in it.
struct Group {
  std::vector<int64_t> grid;
  int64_t mask;
  /// The world ranks of this process's group, in the order of their
  /// positions on the group's axes, and this process's index among them.
  std::vector<int> members;
  int index = 0;

  Group(std::vector<int64_t> shape, int64_t axesMask, int rank)
      : grid(std::move(shape)), mask(axesMask) {
    int size = 1;
    for (int64_t extent : grid)
      size *= extent;
    auto position = [&](int of) {
      std::vector<int64_t> at(grid.size());
      for (size_t axis = grid.size(); axis-- > 0;) {
        at[axis] = of % grid[axis];
        of /= grid[axis];
      }
      return at;
    };
    std::vector<int64_t> mine = position(rank);
    for (int other = 0; other < size; ++other) {
      std::vector<int64_t> theirs = position(other);
      bool same = true;
      for (size_t axis = 0; axis < grid.size(); ++axis)
        if (!(mask & (int64_t(1) << axis)) && theirs[axis] != mine[axis])
          same = false;
      if (!same)
        continue;
      if (other == rank)
        index = members.size();
      members.push_back(other);
    }
  }

  std::string describe() const {
    std::string text = "grid ";
    for (size_t axis = 0; axis < grid.size(); ++axis)
      text += (axis ? "x" : "") + std::to_string(grid[axis]);
    return text + " axes mask " + std::to_string(mask);
  }
};

int failures = 0;
std::map<std::string, int> passed;

/// The collectives under test: the host runtime's or the CUDA runtime's,
/// which take the same arguments.
struct Collectives {
  decltype(&tenrtAllReduce) allReduce = tenrtAllReduce;
  decltype(&tenrtAllGather) allGather = tenrtAllGather;
  decltype(&tenrtReduceScatter) reduceScatter = tenrtReduceScatter;
  decltype(&tenrtAllToAll) allToAll = tenrtAllToAll;
  decltype(&tenrtBroadcast) broadcast = tenrtBroadcast;
  decltype(&tenrtShift) shift = tenrtShift;
  bool nccl = false;
} runtime;

/// The failure the last call recorded (the CUDA runtime records them; the
/// host's end the run instead), or null.
const char *takeFailure() {
  return runtime.nccl ? tenCudaTakeError() : nullptr;
}

/// Whether the last call failed with a message containing `expected`;
/// counts a failure otherwise.
bool expectFailure(const char *collective, const std::string &what,
                   const char *expected, int rank) {
  const char *failure = takeFailure();
  if (failure && std::strstr(failure, expected)) {
    ++passed[std::string(collective) + " refused"];
    return true;
  }
  std::printf("rank %d: %s (%s): expected a failure saying '%s', got '%s'\n",
              rank, collective, what.c_str(), expected,
              failure ? failure : "none");
  ++failures;
  return false;
}

template <typename T>
void expectEqual(const char *collective, const std::string &what,
                 const Tensor<T> &got, const Tensor<T> &expected, int rank) {
  if (const char *failure = takeFailure()) {
    std::printf("rank %d: %s (%s): failed: %s\n", rank, collective,
                what.c_str(), failure);
    ++failures;
    return;
  }
  if (got.sizes != expected.sizes || got.data != expected.data) {
    size_t at = 0;
    while (at < got.data.size() && got.data[at] == expected.data[at])
      ++at;
    std::printf("rank %d: %s (%s, %zu-byte elements): wrong element %zu\n",
                rank, collective, what.c_str(), sizeof(T), at);
    ++failures;
    return;
  }
  ++passed[collective];
}

template <typename T>
void checkAll(const Group &group, int32_t type, int rank,
              const std::vector<int64_t> &sizes) {
  int count = group.members.size();
  std::vector<Tensor<T>> inputs;
  for (int member : group.members)
    inputs.push_back(makeInput<T>(sizes, member));
  Tensor<T> input = makeInput<T>(sizes, rank);
  MemRef in(input.data.data(), input.sizes);
  MemRef gridRef(const_cast<int64_t *>(group.grid.data()),
                 {static_cast<int64_t>(group.grid.size())});
  std::string where = group.describe();

  // all_reduce: sums, and maxima.
  {
    Tensor<T> sum(sizes), max(sizes), output(sizes);
    for (size_t i = 0; i < sum.data.size(); ++i) {
      max.data[i] = inputs[0].data[i];
      for (const Tensor<T> &each : inputs) {
        sum.data[i] += each.data[i];
        max.data[i] = std::max(max.data[i], each.data[i]);
      }
    }
    MemRef out(output.data.data(), output.sizes);
    runtime.allReduce(&in.ref, &out.ref, &gridRef.ref, group.mask, type,
                      TENRT_REDUCE_SUM);
    expectEqual("all_reduce", where + " sum", output, sum, rank);
    runtime.allReduce(&in.ref, &out.ref, &gridRef.ref, group.mask, type,
                      TENRT_REDUCE_MAX);
    if (runtime.nccl && std::is_floating_point<T>::value)
      expectFailure("all_reduce", where + " max", "drops NaNs", rank);
    else
      expectEqual("all_reduce", where + " max", output, max, rank);
  }
  for (int64_t axis = 0; axis < static_cast<int64_t>(sizes.size()); ++axis) {
    std::string along = where + " axis " + std::to_string(axis);
    // NCCL moves contiguous parts: along an inner dimension, the compiler
    // moves it to the front first.
    const char *inner = "contiguous parts only";
    auto isInner = [&](const std::vector<int64_t> &shape, int64_t dim) {
      int64_t outer = 1;
      for (int64_t before = 0; before < dim; ++before)
        outer *= shape[before];
      return runtime.nccl && outer > 1;
    };
    bool refused = isInner(sizes, axis);
    // all_gather: every part, joined.
    {
      Tensor<T> expected = join(inputs, axis);
      Tensor<T> output(expected.sizes);
      MemRef out(output.data.data(), output.sizes);
      runtime.allGather(&in.ref, &out.ref, &gridRef.ref, group.mask, axis,
                        type);
      if (refused)
        expectFailure("all_gather", along, inner, rank);
      else
        expectEqual("all_gather", along, output, expected, rank);
    }
    // reduce_scatter: this process's part of the sum.
    {
      Tensor<T> sum(sizes);
      for (const Tensor<T> &each : inputs)
        for (size_t i = 0; i < sum.data.size(); ++i)
          sum.data[i] += each.data[i];
      Tensor<T> expected = slice(sum, axis, count, group.index);
      Tensor<T> output(expected.sizes);
      MemRef out(output.data.data(), output.sizes);
      runtime.reduceScatter(&in.ref, &out.ref, &gridRef.ref, group.mask, axis,
                            type, TENRT_REDUCE_SUM);
      if (refused)
        expectFailure("reduce_scatter", along, inner, rank);
      else
        expectEqual("reduce_scatter", along, output, expected, rank);
    }
    // all_to_all: from every process, its part for this one, joined along
    // every axis.
    for (int64_t concat = 0; concat < static_cast<int64_t>(sizes.size());
         ++concat) {
      std::vector<Tensor<T>> parts;
      for (const Tensor<T> &each : inputs)
        parts.push_back(slice(each, axis, count, group.index));
      Tensor<T> expected = join(parts, concat);
      Tensor<T> output(expected.sizes);
      MemRef out(output.data.data(), output.sizes);
      runtime.allToAll(&in.ref, &out.ref, &gridRef.ref, group.mask, axis,
                       concat, type);
      std::string what = along + " to " + std::to_string(concat);
      if (refused || isInner(expected.sizes, concat))
        expectFailure("all_to_all", what, inner, rank);
      else
        expectEqual("all_to_all", what, output, expected, rank);
    }
  }
  // broadcast: from each position of the group.
  for (int root = 0; root < count; ++root) {
    Tensor<T> output(sizes);
    MemRef out(output.data.data(), output.sizes);
    runtime.broadcast(&in.ref, &out.ref, &gridRef.ref, group.mask, root, type);
    expectEqual("broadcast", where + " root " + std::to_string(root), output,
                inputs[root], rank);
  }
  // shift: along each axis of the group, by 1 and -1, rotating or not.
  for (int64_t axis = 0; axis < static_cast<int64_t>(group.grid.size());
       ++axis) {
    if (!(group.mask & (int64_t(1) << axis)))
      continue;
    for (int64_t offset : {1, -1})
      for (int32_t rotate : {1, 0}) {
        // The sender: `offset` positions before this process on `axis`.
        int64_t stride = 1;
        for (size_t after = axis + 1; after < group.grid.size(); ++after)
          stride *= group.grid[after];
        int64_t at = (rank / stride) % group.grid[axis];
        int64_t from = at - offset, size = group.grid[axis];
        Tensor<T> expected(sizes);
        if (rotate || (from >= 0 && from < size))
          expected = makeInput<T>(
              sizes, rank + (((from % size) + size) % size - at) * stride);
        Tensor<T> output(sizes);
        MemRef out(output.data.data(), output.sizes);
        runtime.shift(&in.ref, &out.ref, &gridRef.ref, group.mask, axis, offset,
                      rotate, type);
        expectEqual("shift",
                    where + " axis " + std::to_string(axis) + " offset " +
                        std::to_string(offset) + (rotate ? " rotate" : ""),
                    output, expected, rank);
      }
  }
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--nccl") == 0) {
    runtime.allReduce = tenCudaAllReduce;
    runtime.allGather = tenCudaAllGather;
    runtime.reduceScatter = tenCudaReduceScatter;
    runtime.allToAll = tenCudaAllToAll;
    runtime.broadcast = tenCudaBroadcast;
    runtime.shift = tenCudaShift;
    runtime.nccl = true;
  }
  ProcessGroup world;
  std::string error;
  if (!startCollectives(world, error)) {
    std::fprintf(stderr, "collectives-test: %s\n", error.c_str());
    return 2;
  }
  // Every grid of the process count, and every group of its axes.
  std::vector<std::vector<int64_t>> grids = {{world.size}};
  if (world.size == 4)
    grids.push_back({2, 2});
  for (const std::vector<int64_t> &grid : grids)
    for (int64_t mask = 1; mask < (int64_t(1) << grid.size()); ++mask) {
      Group group(grid, mask, world.rank);
      checkAll<float>(group, TENRT_COLLECTIVE_F32, world.rank, {4, 4, 8});
      checkAll<double>(group, TENRT_COLLECTIVE_F64, world.rank, {4, 8});
      checkAll<int32_t>(group, TENRT_COLLECTIVE_I32, world.rank, {8});
      checkAll<uint8_t>(group, TENRT_COLLECTIVE_U8, world.rank, {4, 4});
    }
  // A NaN on one process is the maximum and minimum of every process, as
  // NumPy's are (MPI's own MPI_MAX drops it when it comes second).
  for (int holder : {0, world.size - 1}) {
    if (runtime.nccl)
      break;
    std::vector<int64_t> grid = {world.size};
    std::vector<double> input = {double(world.rank), double(world.rank)};
    if (world.rank == holder)
      input[1] = std::nan("");
    MemRef in(input.data(), {2}), gridRef(grid.data(), {1});
    for (int32_t reduction : {TENRT_REDUCE_MAX, TENRT_REDUCE_MIN}) {
      std::vector<double> output(2);
      MemRef out(output.data(), {2});
      tenrtAllReduce(&in.ref, &out.ref, &gridRef.ref, 1, TENRT_COLLECTIVE_F64,
                     reduction);
      double first = reduction == TENRT_REDUCE_MAX ? world.size - 1 : 0;
      if (output[0] != first || !std::isnan(output[1])) {
        std::printf("rank %d: all_reduce of a NaN on rank %d: %g %g\n",
                    world.rank, holder, output[0], output[1]);
        ++failures;
      } else {
        ++passed["all_reduce"];
      }
    }
  }
  if (world.rank == 0) {
    for (const auto &[collective, count] : passed)
      std::printf("%s: %d passed\n", collective.c_str(), count);
    for (const CollectiveTraffic &traffic : getCollectiveTraffic())
      std::printf("traffic %s: %lld calls, %lld bytes\n", traffic.name,
                  static_cast<long long>(traffic.calls),
                  static_cast<long long>(traffic.bytes));
  }
  return failures ? 1 : 0;
}
