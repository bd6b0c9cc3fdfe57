//===- EntrySignature.cpp - the tensors an entry function takes -----------===//

#include "ten/Execution/EntrySignature.h"
#include "ten/Execution/ElementTypes.h"
#include "ten/Support/ByteCount.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::ten;

std::string TensorSignature::str() const {
  std::string text = "tensor<";
  for (int64_t size : shape)
    text += (ShapedType::isDynamic(size) ? "?" : std::to_string(size)) + "x";
  return text + getElementKindName(kind).str() + ">";
}

std::optional<int64_t> TensorSignature::getStaticByteCount() const {
  return getByteCount(shape, getElementSize(kind));
}

static std::optional<TensorSignature> getSignature(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType)
    return std::nullopt;
  std::optional<ElementKind> kind = getElementKind(tensorType.getElementType());
  if (!kind)
    return std::nullopt;
  return TensorSignature{*kind, llvm::to_vector(tensorType.getShape())};
}

llvm::Error
mlir::ten::getEntrySignature(ModuleOp module, llvm::StringRef entry,
                             SmallVectorImpl<TensorSignature> &arguments,
                             SmallVectorImpl<TensorSignature> &results) {
  auto error = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  auto function = module.lookupSymbol<func::FuncOp>(entry);
  if (!function || function.isDeclaration()) {
    std::string names;
    module.walk([&](func::FuncOp f) {
      if (!f.isDeclaration())
        names += (names.empty() ? "" : ", ") + f.getSymName().str();
    });
    return error("no function '" + entry + "' in the module" +
                 (names.empty() ? "" : " (it has " + names + ")"));
  }
  FunctionType type = function.getFunctionType();
  for (auto [index, input] : llvm::enumerate(type.getInputs())) {
    std::optional<TensorSignature> signature = getSignature(input);
    if (!signature)
      return error("argument " + llvm::Twine(index) + " of '" + entry +
                   "' is not a ranked tensor of a ten element type");
    if (!signature->getStaticByteCount())
      return error("argument " + llvm::Twine(index) + " of '" + entry +
                   "' is " + signature->str() + ", more than 2^63 bytes");
    arguments.push_back(*signature);
  }
  for (auto [index, output] : llvm::enumerate(type.getResults())) {
    std::optional<TensorSignature> signature = getSignature(output);
    if (!signature)
      return error("result " + llvm::Twine(index) + " of '" + entry +
                   "' is not a ranked tensor of a ten element type");
    if (!signature->getStaticByteCount())
      return error("result " + llvm::Twine(index) + " of '" + entry + "' is " +
                   signature->str() + ", more than 2^63 bytes");
    results.push_back(*signature);
  }
  return llvm::Error::success();
}

llvm::Error mlir::ten::checkInputs(llvm::StringRef entry,
                                   ArrayRef<TensorSignature> arguments,
                                   ArrayRef<TensorRef> inputs,
                                   bool takesDeviceMemory) {
  auto error = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (inputs.size() != arguments.size())
    return error("'" + entry + "' takes " + llvm::Twine(arguments.size()) +
                 " argument(s) but " + llvm::Twine(inputs.size()) +
                 " input(s) were given");
  for (auto [index, input] : llvm::enumerate(inputs)) {
    const TensorSignature &signature = arguments[index];
    if (input.onDevice && !takesDeviceMemory)
      return error("input " + llvm::Twine(index) +
                   " is in a device's memory, and '" + entry +
                   "' runs on the host: copy it to host memory first");
    if (input.kind != signature.kind)
      return error("input " + llvm::Twine(index) + " has element type " +
                   getElementKindName(input.kind) + " but argument " +
                   llvm::Twine(index) + " is " + signature.str());
    bool shapeMatches = input.shape.size() == signature.shape.size();
    for (size_t dim = 0; shapeMatches && dim < input.shape.size(); ++dim)
      shapeMatches = ShapedType::isDynamic(signature.shape[dim]) ||
                     signature.shape[dim] == input.shape[dim];
    if (!shapeMatches) {
      std::string shape;
      for (int64_t size : input.shape)
        shape += (shape.empty() ? "" : "x") + std::to_string(size);
      return error("input " + llvm::Twine(index) + " has shape [" + shape +
                   "] but argument " + llvm::Twine(index) + " is " +
                   signature.str());
    }
  }
  return llvm::Error::success();
}

std::vector<int64_t> mlir::ten::getRanks(ArrayRef<TensorSignature> signatures) {
  std::vector<int64_t> ranks;
  for (const TensorSignature &signature : signatures)
    ranks.push_back(signature.shape.size());
  return ranks;
}
