//===- TensorPrinter.cpp - tensors printed as NumPy prints them -----------===//

#include "TensorPrinter.h"

#include "llvm/Support/Format.h"

#include <cmath>

using namespace mlir::ten;

namespace {
class Printer {
public:
  Printer(llvm::raw_ostream &os, const HostTensor &tensor)
      : os(os), tensor(tensor), summarize(tensor.getNumElements() > 1000) {
    strides.resize(tensor.shape.size());
    int64_t stride = 1;
    for (size_t dim = tensor.shape.size(); dim-- > 0;) {
      strides[dim] = stride;
      stride *= tensor.shape[dim];
    }
  }

  void print() {
    if (tensor.shape.empty()) {
      printElement(0);
      os << "\n";
      return;
    }
    printDim(0, 0);
    os << "\n";
  }

private:
  void printElement(int64_t index) {
    if (tensor.kind == ElementKind::I1) {
      os << (tensor.getAsInt64(index) != 0 ? " True" : "False");
      return;
    }
    if (isUnsignedKind(tensor.kind)) {
      os << static_cast<uint64_t>(tensor.getAsInt64(index));
      return;
    }
    if (isComplexKind(tensor.kind)) {
      // As NumPy prints one: 1.5+2j, with the imaginary part's sign.
      printFloat(tensor.getAsDouble(index));
      double imag = tensor.getImagAsDouble(index);
      if (!std::signbit(imag) || std::isnan(imag))
        os << "+";
      printFloat(imag);
      os << "j";
      return;
    }
    if (!isFloatKind(tensor.kind)) {
      os << tensor.getAsInt64(index);
      return;
    }
    printFloat(tensor.getAsDouble(index));
  }

  void printFloat(double value) {
    if (std::isnan(value)) {
      os << "nan";
    } else if (std::isinf(value)) {
      os << (value > 0 ? "inf" : "-inf");
    } else {
      os << llvm::format("%.6g", value);
    }
  }

  void printDim(size_t dim, int64_t offset) {
    // The entries to print; -1 stands for the "..." of a long dimension.
    int64_t size = tensor.shape[dim];
    llvm::SmallVector<int64_t> entries;
    for (int64_t i = 0; i < size; ++i) {
      if (summarize && size > 6 && i == 3) {
        entries.push_back(-1);
        i = size - 3;
      }
      entries.push_back(i);
    }
    bool innermost = dim + 1 == tensor.shape.size();
    os << "[";
    for (auto [position, entry] : llvm::enumerate(entries)) {
      if (position > 0) {
        if (innermost)
          os << " ";
        else
          os << std::string(tensor.shape.size() - dim - 1, '\n')
             << std::string(dim + 1, ' ');
      }
      if (entry < 0)
        os << "...";
      else if (innermost)
        printElement(offset + entry * strides[dim]);
      else
        printDim(dim + 1, offset + entry * strides[dim]);
    }
    os << "]";
  }

  llvm::raw_ostream &os;
  const HostTensor &tensor;
  bool summarize;
  llvm::SmallVector<int64_t> strides;
};
} // namespace

void mlir::ten::printTensor(llvm::raw_ostream &os, const HostTensor &tensor) {
  Printer(os, tensor).print();
}
