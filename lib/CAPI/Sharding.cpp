//===- Sharding.cpp - programs over a grid of processes -------------------===//

#include "ten-c/Sharding.h"

#include "Internal.h"

#include "ten/Execution/Sharding.h"
#include "ten/Runtime/Host/Collectives.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::ten;

tenError *tenModuleSetGrid(tenModule *module, const int64_t *sizes,
                           size_t rank) {
  if (!module || (rank && !sizes))
    return capi::makeError("tenModuleSetGrid: a null argument");
  if (rank == 0 || rank > 16)
    return capi::makeError("a grid has 1 to 16 axes, not " + Twine(rank));
  ArrayRef<int64_t> grid(sizes, rank);
  if (llvm::any_of(grid, [](int64_t size) { return size < 1; }))
    return capi::makeError("a grid's sizes are 1 or more");
  ModuleOp op = *module->module;
  op->setAttr(kGridAttrName,
              Builder(op.getContext()).getDenseI64ArrayAttr(grid));
  return nullptr;
}

/// Sets the sharding of argument (or result) `index` of `entry`.
static tenError *setSharding(tenModule *module, const char *entry, size_t index,
                             const int64_t *axes, size_t rank, bool isResult) {
  const char *what = isResult ? "result" : "argument";
  if (!module || !entry || (rank && !axes))
    return capi::makeError(Twine("setting the sharding of an ") + what +
                           ": a null argument");
  ModuleOp op = *module->module;
  auto function = op.lookupSymbol<func::FuncOp>(entry);
  if (!function)
    return capi::makeError(Twine("the module has no function '") + entry + "'");
  size_t count =
      isResult ? function.getNumResults() : function.getNumArguments();
  if (index >= count)
    return capi::makeError(Twine("'") + entry + "' has " + Twine(count) + " " +
                           what + "(s), not " + Twine(index + 1));
  Attribute sharding = Builder(op.getContext())
                           .getDenseI64ArrayAttr(ArrayRef<int64_t>(axes, rank));
  if (isResult)
    function.setResultAttr(index, kShardingAttrName, sharding);
  else
    function.setArgAttr(index, kShardingAttrName, sharding);
  return nullptr;
}

tenError *tenModuleSetArgumentSharding(tenModule *module, const char *entry,
                                       size_t index, const int64_t *axes,
                                       size_t rank) {
  return setSharding(module, entry, index, axes, rank, /*isResult=*/false);
}

tenError *tenModuleSetResultSharding(tenModule *module, const char *entry,
                                     size_t index, const int64_t *axes,
                                     size_t rank) {
  return setSharding(module, entry, index, axes, rank, /*isResult=*/true);
}

tenError *tenProcessGroupGet(int *rank, int *size) {
  if (!rank || !size)
    return capi::makeError("tenProcessGroupGet: a null argument");
  *rank = 0;
  *size = 1;
  // Outside a launcher's job the process is its own: MPI is not started.
  if (!isUnderMPILauncher())
    return nullptr;
  ProcessGroup group;
  std::string why;
  if (!startCollectives(group, why))
    return capi::makeError(why);
  *rank = group.rank;
  *size = group.size;
  return nullptr;
}

size_t tenExecutableGetGrid(const tenExecutable *executable,
                            const int64_t **sizes) {
  if (!executable || !sizes)
    return 0;
  ArrayRef<int64_t> grid = executable->executable->getGrid();
  *sizes = grid.data();
  return grid.size();
}

/// The sharding of argument (or result) `index`.
static bool getSharding(const tenExecutable *executable, size_t index,
                        const int64_t **axes, size_t *rank, bool isResult) {
  if (!executable || !axes || !rank)
    return false;
  const Executable &compiled = *executable->executable;
  ArrayRef<SmallVector<int64_t>> shardings =
      isResult ? compiled.getResultShardings()
               : compiled.getArgumentShardings();
  if (index >= shardings.size())
    return false;
  *axes = shardings[index].data();
  *rank = shardings[index].size();
  return true;
}

bool tenExecutableGetArgumentSharding(const tenExecutable *executable,
                                      size_t index, const int64_t **axes,
                                      size_t *rank) {
  return getSharding(executable, index, axes, rank, /*isResult=*/false);
}

bool tenExecutableGetResultSharding(const tenExecutable *executable,
                                    size_t index, const int64_t **axes,
                                    size_t *rank) {
  return getSharding(executable, index, axes, rank, /*isResult=*/true);
}
