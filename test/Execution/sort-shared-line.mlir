// RUN: %check-numpy %s | FileCheck %s
// RUN: %check-numpy %s --num-threads=1 | FileCheck %s
// RUN: %check-numpy %s --num-threads=3 | FileCheck %s
// CHECK: 0 failed

// CPU-ONLY: the host runtime's sort of a line that threads share; the device's sorting network has test/Execution/sort.mlir (lines this long take half a minute through the emulated kernels)

// Lines fewer than the threads and long (from 65536 elements): every thread
// shares each line (a radix sort whose passes each count and move a part
// per thread), strided lines, ties in order, NaN last, descending too.
// NUMPY @sort_shared_line: x = randint(70000, dtype=i32, low=-100, high=100); y = rand(66000, 1); y[::7] = np.nan; y[1::9] = -0.0; z = randint(70001, dtype=i16); args = [x, y, z]
// NUMPY @sort_shared_line: results = [np.sort(x), np.argsort(x, kind="stable"), np.sort(y, axis=0), np.sort(y, axis=0)[::-1], np.sort(z), np.argsort(-z.astype(np.int64), kind="stable")]
func.func @sort_shared_line(%x: tensor<70000xi32>, %y: tensor<66000x1xf32>, %z: tensor<70001xi16>)
    -> (tensor<70000xi32>, tensor<70000xi64>, tensor<66000x1xf32>, tensor<66000x1xf32>, tensor<70001xi16>, tensor<70001xi64>) {
  %v, %i = ten.sort %x dim 0 : tensor<70000xi32> -> tensor<70000xi32>, tensor<70000xi64>
  %w, %j = ten.sort %y dim 0 : tensor<66000x1xf32> -> tensor<66000x1xf32>, tensor<66000x1xi64>
  %d, %k = ten.sort %y dim 0 descending : tensor<66000x1xf32> -> tensor<66000x1xf32>, tensor<66000x1xi64>
  %s, %l = ten.sort %z dim 0 descending : tensor<70001xi16> -> tensor<70001xi16>, tensor<70001xi64>
  %a, %m = ten.sort %z dim 0 : tensor<70001xi16> -> tensor<70001xi16>, tensor<70001xi64>
  return %v, %i, %w, %d, %a, %l : tensor<70000xi32>, tensor<70000xi64>, tensor<66000x1xf32>, tensor<66000x1xf32>, tensor<70001xi16>, tensor<70001xi64>
}
