//===- softmax.cpp - ten's C++ libraries from another project -------------===//
//
// Parses a row softmax, compiles it for a target picked by name (argv[1],
// default cpu) and runs it on a 2 x 4 array through the Executable
// interface: what a C++ application does with an installed ten
// (find_package(Ten), Ten::Targets and Ten::Dialect).
//
//===----------------------------------------------------------------------===//

#include "ten/InitAllDialects.h"
#include "ten/Target/Target.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

static const char kSoftmax[] = R"mlir(
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %m = ten.reduce max %x dims [1] keepdim : tensor<2x4xf32> -> tensor<2x1xf32>
  %d = ten.sub %x, %m : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %e = ten.exp %d : tensor<2x4xf32>
  %s = ten.reduce sum %e dims [1] keepdim : tensor<2x4xf32> -> tensor<2x1xf32>
  %y = ten.div %e, %s : (tensor<2x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
)mlir";

static int fail(llvm::Error error) {
  llvm::errs() << "softmax-cpp: " << llvm::toString(std::move(error)) << "\n";
  return 1;
}

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::ten::registerAllTenDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kSoftmax, &context);
  if (!module)
    return 1;

  mlir::ten::registerAllTargets();
  llvm::Expected<const mlir::ten::Target *> target =
      mlir::ten::lookupTarget(argc > 1 ? argv[1] : "cpu");
  if (!target)
    return fail(target.takeError());
  mlir::ten::TargetOptions options;
  options.entry = "softmax";
  llvm::Expected<std::unique_ptr<mlir::ten::Executable>> executable =
      (*target)->compile(*module, options);
  if (!executable)
    return fail(executable.takeError());

  float x[8] = {1, 2, 3, 4, 0, 0, 0, 0};
  int64_t shape[2] = {2, 4};
  mlir::ten::TensorRef input(mlir::ten::ElementKind::F32, shape, x);
  llvm::Expected<std::vector<mlir::ten::HostTensor>> results =
      (*executable)->run(input);
  if (!results)
    return fail(results.takeError());
  const float *y = reinterpret_cast<const float *>((*results)[0].bytes.data());
  for (int row = 0; row < 2; ++row) {
    for (int column = 0; column < 4; ++column)
      std::printf("%s%.4f", column ? " " : "", y[row * 4 + column]);
    std::printf("\n");
  }
  return 0;
}
