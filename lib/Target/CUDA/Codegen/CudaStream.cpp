//===- CudaStream.cpp - the stream host code enqueues on ------------------===//

#include "CudaStream.h"

#include "ten/Runtime/CUDA/EntryPoints.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

Value ten::createCurrentStreamCall(OpBuilder &b, Location loc,
                                   Operation *from) {
  Operation *symbolTable = SymbolTable::getNearestSymbolTable(
      from->hasTrait<OpTrait::SymbolTable>() ? from : from->getParentOp());
  Type streamType = LLVM::LLVMPointerType::get(b.getContext());
  auto function = dyn_cast_or_null<func::FuncOp>(SymbolTable::lookupSymbolIn(
      symbolTable, cuda_entry::tenCudaCurrentStream));
  if (!function) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&symbolTable->getRegion(0).front());
    function = func::FuncOp::create(
        b, loc, cuda_entry::tenCudaCurrentStream,
        b.getFunctionType(/*inputs=*/{}, /*results=*/streamType));
    function.setPrivate();
  }
  return func::CallOp::create(b, loc, function, ValueRange())->getResult(0);
}
