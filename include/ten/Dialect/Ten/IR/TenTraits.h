//===- TenTraits.h - traits of ten ops --------------------------*- C++ -*-===//
//
// Op traits that the dialect defines; ODS names them in TenDialect.td.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_DIALECT_TEN_IR_TENTRAITS_H
#define TEN_DIALECT_TEN_IR_TENTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir {
namespace ten {

/// Fails, naming the value, when a tensor that `op` takes or yields could
/// not be held in memory: its static sizes and element size multiply past
/// 2^63 - 1 bytes (ByteCount.h). Every later size computation, in the
/// verifiers, folds, lowerings and the generated code, can then multiply
/// static sizes without overflow.
LogicalResult verifyAddressableTensors(Operation *op);

template <typename ConcreteType>
class AddressableTensors
    : public OpTrait::TraitBase<ConcreteType, AddressableTensors> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyAddressableTensors(op);
  }
};

} // namespace ten
} // namespace mlir

#endif // TEN_DIALECT_TEN_IR_TENTRAITS_H
