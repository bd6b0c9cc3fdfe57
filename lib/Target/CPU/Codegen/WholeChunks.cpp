//===- WholeChunks.cpp - a loop split at a multiple of a chunk ------------===//

#include "WholeChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

scf::ForOp mlir::ten::splitOffRest(scf::ForOp loop, Value chunk) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value lower = loop.getLowerBound();
  Value length = arith::SubIOp::create(b, loc, loop.getUpperBound(), lower);
  Value chunks = arith::DivSIOp::create(b, loc, length, chunk);
  Value end = arith::AddIOp::create(
      b, loc, lower, arith::MulIOp::create(b, loc, chunks, chunk));
  b.setInsertionPointAfter(loop);
  auto rest = cast<scf::ForOp>(b.clone(*loop));
  rest.getLowerBoundMutable().assign(end);
  loop.getUpperBoundMutable().assign(end);
  return rest;
}
