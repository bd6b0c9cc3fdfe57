//===- TensorPrinter.h - tensors printed as NumPy prints them ---*- C++ -*-===//

#ifndef TEN_TOOLS_TENSOR_RUN_TENSORPRINTER_H
#define TEN_TOOLS_TENSOR_RUN_TENSORPRINTER_H

#include "ten/Support/HostTensor.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir {
namespace ten {

/// Prints `tensor` as `print(array)` does in NumPy: nested brackets, one row
/// per line, and "..." past 1000 elements, with the first and last three
/// entries of each dimension.
void printTensor(llvm::raw_ostream &os, const HostTensor &tensor);

} // namespace ten
} // namespace mlir

#endif // TEN_TOOLS_TENSOR_RUN_TENSORPRINTER_H
