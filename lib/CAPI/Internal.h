//===- Internal.h - what the C API's files share ----------------*- C++ -*-===//
//
// The structs behind the C API's opaque handles, and the helpers that turn
// diagnostics into error values.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_CAPI_INTERNAL_H
#define TEN_LIB_CAPI_INTERNAL_H

#include "ten-c/Support.h"
#include "ten/Support/HostTensor.h"
#include "ten/Target/Executable.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>

struct tenError {
  std::string message;
};

struct tenContext {
  mlir::MLIRContext context;

  explicit tenContext(const mlir::DialectRegistry &registry)
      : context(registry) {}
};

struct tenModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

struct tenExecutable {
  std::unique_ptr<mlir::ten::Executable> executable;
  std::string explanation;
};

namespace mlir {
namespace ten {
namespace capi {

tenError *makeError(const llvm::Twine &message);

/// While alive, collects the diagnostics of `context` instead of printing
/// them: errors (with their notes) and remarks, each on its own line with its
/// location.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context);

  /// An error holding the collected errors, or `fallback` if there are none.
  tenError *takeError(const llvm::Twine &fallback);
  const std::string &getRemarks() const { return remarks; }

private:
  std::string errors;
  std::string remarks;
  ScopedDiagnosticHandler handler;
};

/// The ElementKind of a tenDType, if it is one.
std::optional<ElementKind> toElementKind(tenDType dtype);
tenDType toDType(ElementKind kind);

} // namespace capi
} // namespace ten
} // namespace mlir

#endif // TEN_LIB_CAPI_INTERNAL_H
