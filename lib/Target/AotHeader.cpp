//===- AotHeader.cpp - the C header of an ahead-of-time object ------------===//

#include "ten/Target/AotHeader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::ten;

/// The C type of one element of `kind`: the 16-bit floats as their bits.
static llvm::StringRef getCElementType(ElementKind kind) {
  switch (kind) {
#define TEN_ELEMENT_KIND(Kind, name, bytes, isFloat, npyDescr, cType)          \
  case ElementKind::Kind:                                                      \
    return cType;
#include "ten/Support/ElementKinds.def"
  }
  return "void";
}

/// `name`'s tensor types as a C array of tenAotTensorType, its shapes first.
static void emitTypes(llvm::raw_ostream &os, llvm::StringRef name,
                      ArrayRef<TensorSignature> signatures) {
  for (auto [index, signature] : llvm::enumerate(signatures)) {
    if (signature.shape.empty())
      continue;
    os << "static const int64_t " << name << "_shape" << index << "[] = {";
    llvm::interleaveComma(signature.shape, os, [&](int64_t size) {
      os << (ShapedType::isDynamic(size) ? -1 : size);
    });
    os << "};\n";
  }
  if (signatures.empty())
    return;
  os << "static const tenAotTensorType " << name << "[] = {\n";
  for (auto [index, signature] : llvm::enumerate(signatures)) {
    os << "    {" << getElementSize(signature.kind) << ", "
       << signature.shape.size() << ", ";
    if (signature.shape.empty())
      os << "0";
    else
      os << name << "_shape" << index;
    os << "}, /* " << signature.str() << " */\n";
  }
  os << "};\n";
}

std::string mlir::ten::emitAotHeader(
    llvm::StringRef function, llvm::StringRef symbol,
    llvm::StringRef runFunction, llvm::StringRef entry, llvm::StringRef source,
    ArrayRef<TensorSignature> arguments, ArrayRef<TensorSignature> results) {
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string guard = "TEN_AOT_" + llvm::StringRef(function).upper() + "_H";
  os << "/* " << function << ": the function '" << entry << "' of " << source
     << ", compiled ahead of time\n"
     << " * by tensor-compile. Link its object with libTenAotRuntime. */\n\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include \"ten-aot/Runtime.h\"\n\n#include <stddef.h>\n"
     << "#include <stdint.h>\n\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n"
     << "/* The entry in its packed form, defined in the object. */\n"
     << "void " << symbol << "(void **arguments);\n\n";
  emitTypes(os, (function + "_arguments").str(), arguments);
  emitTypes(os, (function + "_results").str(), results);
  os << "static const tenAotSignature " << function << "_signature = {\n"
     << "    \"" << entry << "\", " << symbol << ", " << arguments.size()
     << ", " << (arguments.empty() ? "0" : (function + "_arguments").str())
     << ", " << results.size() << ", "
     << (results.empty() ? "0" : (function + "_results").str()) << "};\n\n";

  // The function: each argument's elements, row-major, and its sizes (NULL
  // where they are all static); each result's buffer, which the caller
  // frees with tenAotFree, and its sizes (NULL: not wanted).
  os << "/* Runs '" << entry << "'";
  for (auto [index, signature] : llvm::enumerate(arguments))
    os << (index ? ", " : " on ") << "arg" << index << " (" << signature.str()
       << ")";
  for (auto [index, signature] : llvm::enumerate(results))
    os << (index ? ", " : "; sets ") << "result" << index << " ("
       << signature.str() << ")";
  os << ".\n * Elements are row-major; sizes may be NULL where they are "
        "static. Each result is a\n * new buffer to free with tenAotFree. "
        "Returns 0, or -1 with tenAotLastError()\n * saying why. */\n"
     << "static inline int " << function << "(";
  bool first = true;
  auto separator = [&] {
    os << (first ? "" : ", ");
    first = false;
  };
  for (auto [index, signature] : llvm::enumerate(arguments)) {
    separator();
    os << "const " << getCElementType(signature.kind) << " *arg" << index
       << ", const int64_t *arg" << index << "_sizes";
  }
  for (auto [index, signature] : llvm::enumerate(results)) {
    separator();
    os << getCElementType(signature.kind) << " **result" << index
       << ", int64_t *result" << index << "_sizes";
  }
  if (first)
    os << "void";
  os << ") {\n";
  size_t numArguments = std::max<size_t>(arguments.size(), 1);
  size_t numResults = std::max<size_t>(results.size(), 1);
  os << "  const void *inputs[" << numArguments << "] = {";
  for (size_t i = 0; i < arguments.size(); ++i)
    os << (i ? ", " : "") << "arg" << i;
  os << (arguments.empty() ? "0" : "") << "};\n";
  os << "  const int64_t *inputSizes[" << numArguments << "] = {";
  for (size_t i = 0; i < arguments.size(); ++i)
    os << (i ? ", " : "") << "arg" << i << "_sizes";
  os << (arguments.empty() ? "0" : "") << "};\n";
  os << "  void *buffers[" << numResults << "] = {0};\n";
  os << "  int64_t *resultSizes[" << numResults << "] = {";
  for (size_t i = 0; i < results.size(); ++i)
    os << (i ? ", " : "") << "result" << i << "_sizes";
  os << (results.empty() ? "0" : "") << "};\n";
  os << "  int status = " << runFunction << "(&" << function
     << "_signature, inputs, inputSizes, buffers, resultSizes);\n";
  for (auto [index, signature] : llvm::enumerate(results))
    os << "  if (status == 0)\n    *result" << index << " = ("
       << getCElementType(signature.kind) << " *)buffers[" << index << "];\n";
  os << "  return status;\n}\n\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* "
     << guard << " */\n";
  return text;
}
