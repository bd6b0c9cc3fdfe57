//===- EntrySignature.h - the tensors an entry function takes ---*- C++ -*-===//

#ifndef TEN_EXECUTION_ENTRYSIGNATURE_H
#define TEN_EXECUTION_ENTRYSIGNATURE_H

#include "ten/Support/HostTensor.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir {
namespace ten {

/// The type of an argument or result of an entry function: an element kind
/// and a shape whose dynamic sizes are ShapedType::kDynamic.
struct TensorSignature {
  ElementKind kind;
  SmallVector<int64_t> shape;

  /// `tensor<4x?xf32>`.
  std::string str() const;
  /// The bytes of the static sizes (dynamic ones count as 1), or nothing
  /// past 2^63 - 1 (ByteCount.h).
  std::optional<int64_t> getStaticByteCount() const;
};

/// An input of a run: the caller's elements, row-major, which the compiled
/// code only reads and the caller keeps alive during the call. They are in
/// host memory, or with `onDevice` in the memory of the device a target runs
/// on (a CUDA device pointer), which only such a target takes.
struct TensorRef {
  ElementKind kind;
  ArrayRef<int64_t> shape;
  const void *data;
  bool onDevice = false;

  TensorRef(ElementKind kind, ArrayRef<int64_t> shape, const void *data,
            bool onDevice = false)
      : kind(kind), shape(shape), data(data), onDevice(onDevice) {}
  /*implicit*/ TensorRef(const HostTensor &tensor)
      : kind(tensor.kind), shape(tensor.shape), data(tensor.bytes.data()) {}
};

/// The ranks of `signatures`, in order.
std::vector<int64_t> getRanks(ArrayRef<TensorSignature> signatures);

/// Reads the signature of the function `entry` of `module` (before it is
/// lowered): every argument and result must be a ranked tensor of a ten
/// element type. The error names the problem, or the functions there are.
llvm::Error getEntrySignature(ModuleOp module, llvm::StringRef entry,
                              SmallVectorImpl<TensorSignature> &arguments,
                              SmallVectorImpl<TensorSignature> &results);

/// Checks that `inputs` match `arguments` of `entry` in number, element
/// kind and static sizes, and that none is in a device's memory unless
/// `takesDeviceMemory`; the error names the first mismatch.
llvm::Error checkInputs(llvm::StringRef entry,
                        ArrayRef<TensorSignature> arguments,
                        ArrayRef<TensorRef> inputs,
                        bool takesDeviceMemory = false);

} // namespace ten
} // namespace mlir

#endif // TEN_EXECUTION_ENTRYSIGNATURE_H
