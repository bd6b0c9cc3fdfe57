//===- Support.cpp - element types, errors and diagnostics ----------------===//

#include "Internal.h"

#include "ten/Support/Npy.h"
#include "ten/Support/Promotion.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"

using namespace mlir;
using namespace mlir::ten;

// The two enums list the same types in the same order (ElementKinds.def).
#define TEN_ELEMENT_KIND(Kind, name, bytes, isFloat, npyDescr, cType)          \
  static_assert(TEN_##Kind == static_cast<int>(ElementKind::Kind),             \
                "tenDType and ElementKind disagree on " name);
#include "ten/Support/ElementKinds.def"

/// The number of element kinds: tenDType's values are 0 to this, excluded.
static constexpr int kNumElementKinds = 0
#define TEN_ELEMENT_KIND(Kind, name, bytes, isFloat, npyDescr, cType) +1
#include "ten/Support/ElementKinds.def"
    ;

std::optional<ElementKind> capi::toElementKind(tenDType dtype) {
  if (static_cast<int>(dtype) < 0 ||
      static_cast<int>(dtype) >= kNumElementKinds)
    return std::nullopt;
  return static_cast<ElementKind>(dtype);
}

tenDType capi::toDType(ElementKind kind) { return static_cast<tenDType>(kind); }

tenError *capi::makeError(const llvm::Twine &message) {
  return new tenError{message.str()};
}

/// `file:line:col: ` for a location that has one, else nothing.
static void printLocation(llvm::raw_ostream &os, Location location) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(location)) {
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn() << ": ";
    return;
  }
  if (auto nameLoc = dyn_cast<NameLoc>(location))
    printLocation(os, nameLoc.getChildLoc());
  else if (auto callSite = dyn_cast<CallSiteLoc>(location))
    printLocation(os, callSite.getCallee());
}

capi::DiagnosticCollector::DiagnosticCollector(MLIRContext *context)
    : handler(context, [this](Diagnostic &diagnostic) {
        bool isRemark = diagnostic.getSeverity() == DiagnosticSeverity::Remark;
        std::string &text = isRemark ? remarks : errors;
        llvm::raw_string_ostream os(text);
        printLocation(os, diagnostic.getLocation());
        if (diagnostic.getSeverity() == DiagnosticSeverity::Warning)
          os << "warning: ";
        os << diagnostic << "\n";
        for (Diagnostic &note : diagnostic.getNotes()) {
          printLocation(os, note.getLocation());
          os << "note: " << note << "\n";
        }
        return success();
      }) {}

tenError *capi::DiagnosticCollector::takeError(const llvm::Twine &fallback) {
  if (errors.empty())
    return makeError(fallback);
  // One line per diagnostic, without a trailing newline.
  std::string message = std::move(errors);
  errors.clear();
  if (!message.empty() && message.back() == '\n')
    message.pop_back();
  return makeError(message);
}

//===----------------------------------------------------------------------===//
// The C functions
//===----------------------------------------------------------------------===//

const char *tenDTypeGetName(tenDType dtype) {
  std::optional<ElementKind> kind = capi::toElementKind(dtype);
  return kind ? getElementKindName(*kind).data() : nullptr;
}

const char *tenDTypeGetNpyDescr(tenDType dtype) {
  std::optional<ElementKind> kind = capi::toElementKind(dtype);
  return kind ? getNpyDescr(*kind).data() : nullptr;
}

size_t tenDTypeGetSize(tenDType dtype) {
  std::optional<ElementKind> kind = capi::toElementKind(dtype);
  return kind ? getElementSize(*kind) : 0;
}

bool tenDTypePromote(tenDType lhs, tenDType rhs, tenDType *result) {
  std::optional<ElementKind> lhsKind = capi::toElementKind(lhs);
  std::optional<ElementKind> rhsKind = capi::toElementKind(rhs);
  if (!lhsKind || !rhsKind || !result)
    return false;
  *result = capi::toDType(promoteKinds(*lhsKind, *rhsKind));
  return true;
}

bool tenDTypePromoteScalar(tenDType dtype, tenScalarKind scalar,
                           tenDType *result) {
  std::optional<ElementKind> kind = capi::toElementKind(dtype);
  if (!kind || !result || static_cast<int>(scalar) < TEN_SCALAR_BOOL ||
      static_cast<int>(scalar) > TEN_SCALAR_COMPLEX)
    return false;
  *result =
      capi::toDType(promoteWithScalar(*kind, static_cast<ScalarKind>(scalar)));
  return true;
}

const char *tenErrorGetMessage(const tenError *error) {
  return error ? error->message.c_str() : "";
}

void tenErrorDestroy(tenError *error) { delete error; }
