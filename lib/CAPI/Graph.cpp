//===- Graph.cpp - building a program one op at a time --------------------===//
//
// Each op is built in two steps so that a bad op is an error value and never
// an abort: the dialect infers the result type (reporting what is wrong
// through the diagnostic handler), then the op is created with that type and
// verified. ODS's inferring builders would abort on a failed inference.
//
//===----------------------------------------------------------------------===//

#include "ten-c/Graph.h"

#include "Internal.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"
#include "ten/Execution/ElementTypes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSwitch.h"

#include <iterator>
#include <limits>
#include <string>

using namespace mlir;
using namespace mlir::ten;

struct tenGraph {
  MLIRContext *context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp function;
  OpBuilder builder;
  Location location;
  SmallVector<Value> values;
  bool finished = false;

  tenGraph(MLIRContext *context, StringRef name)
      : context(context), builder(context),
        location(NameLoc::get(StringAttr::get(context, "ten.graph"))) {
    module = ModuleOp::create(UnknownLoc::get(context));
    builder.setInsertionPointToEnd(module->getBody());
    function = func::FuncOp::create(builder, UnknownLoc::get(context), name,
                                    builder.getFunctionType({}, {}));
    builder.setInsertionPointToEnd(function.addEntryBlock());
  }
};

namespace {
/// Where a builder call reports its problems and puts its result.
struct OpRequest {
  tenGraph *graph;
  tenValue *result;
  capi::DiagnosticCollector diagnostics;

  OpRequest(tenGraph *graph, tenValue *result)
      : graph(graph), result(result), diagnostics(graph->context) {}
};
} // namespace

/// Checks the arguments every builder call has; on success, looks up the
/// operands.
static tenError *lookUp(tenGraph *graph, tenValue *result,
                        ArrayRef<tenValue> ids, SmallVectorImpl<Value> &values,
                        const char *function) {
  if (!graph || !result)
    return capi::makeError(llvm::Twine(function) + ": a null argument");
  if (graph->finished)
    return capi::makeError(llvm::Twine(function) +
                           ": the graph is finished and takes no more ops");
  for (tenValue id : ids) {
    if (id < 0 || id >= static_cast<tenValue>(graph->values.size()))
      return capi::makeError(llvm::Twine(function) +
                             ": the graph has no value " + llvm::Twine(id));
    values.push_back(graph->values[id]);
  }
  return nullptr;
}

/// Creates the op that `state` describes and verifies it.
static tenError *create(OpRequest &request, OperationState &state) {
  tenGraph *graph = request.graph;
  Operation *op = graph->builder.create(state);
  if (failed(verify(op))) {
    op->erase();
    return request.diagnostics.takeError("'" + state.name.getStringRef() +
                                         "' does not verify");
  }
  // An op of no result (ten.assert) adds no value.
  if (op->getNumResults() == 0)
    return nullptr;
  graph->values.push_back(op->getResult(0));
  *request.result = graph->values.size() - 1;
  return nullptr;
}

/// Builds an OpTy of `numResults` results from `args` with ODS's builder
/// that takes result types, then infers the real types.
template <typename OpTy, typename... Args>
static tenError *buildInferredResults(OpRequest &request, unsigned numResults,
                                      Args &&...args) {
  OperationState state(request.graph->location, OpTy::getOperationName());
  SmallVector<Type, 2> placeholders(numResults,
                                    NoneType::get(request.graph->context));
  OpTy::build(request.graph->builder, state, TypeRange(placeholders),
              std::forward<Args>(args)...);
  state.types.clear();
  SmallVector<Type, 1> inferred;
  MLIRContext *context = request.graph->context;
  if (failed(OpTy::inferReturnTypes(context, state.location, state.operands,
                                    state.attributes.getDictionary(context),
                                    state.getRawProperties(), state.regions,
                                    inferred)))
    return request.diagnostics.takeError("'" + OpTy::getOperationName() +
                                         "': cannot infer the result type");
  state.addTypes(inferred);
  return create(request, state);
}

/// buildInferredResults of an op of one result.
template <typename OpTy, typename... Args>
static tenError *buildInferred(OpRequest &request, Args &&...args) {
  return buildInferredResults<OpTy>(request, 1, std::forward<Args>(args)...);
}

/// Builds an OpTy of the given result type.
template <typename OpTy, typename... Args>
static tenError *buildTyped(OpRequest &request, Type type, Args &&...args) {
  OperationState state(request.graph->location, OpTy::getOperationName());
  OpTy::build(request.graph->builder, state, TypeRange(type),
              std::forward<Args>(args)...);
  return create(request, state);
}

/// The sizes of `shape` (TEN_DYNAMIC becomes kDynamic), or an error naming
/// `function`.
static tenError *getSizes(size_t rank, const int64_t *shape,
                          const char *function,
                          SmallVectorImpl<int64_t> &sizes) {
  if (rank && !shape)
    return capi::makeError(llvm::Twine(function) + ": a null shape");
  for (size_t dim = 0; dim < rank; ++dim) {
    if (shape[dim] == TEN_DYNAMIC) {
      sizes.push_back(ShapedType::kDynamic);
      continue;
    }
    if (shape[dim] < 0)
      return capi::makeError(llvm::Twine(function) + ": size " +
                             llvm::Twine(shape[dim]) + " of dimension " +
                             llvm::Twine(dim) + " is negative");
    sizes.push_back(shape[dim]);
  }
  return nullptr;
}

/// The tensor type of `shape` and `dtype`, or an error naming `function`.
static tenError *getTensorType(tenGraph *graph, tenDType dtype, size_t rank,
                               const int64_t *shape, const char *function,
                               RankedTensorType &type) {
  std::optional<ElementKind> kind = capi::toElementKind(dtype);
  if (!kind)
    return capi::makeError(llvm::Twine(function) + ": " +
                           llvm::Twine(static_cast<int>(dtype)) +
                           " is not a tenDType");
  SmallVector<int64_t> sizes;
  if (tenError *error = getSizes(rank, shape, function, sizes))
    return error;
  type = RankedTensorType::get(sizes, getElementType(graph->context, *kind));
  return nullptr;
}

/// The type of `input` with the sizes of `shape`, or an error naming
/// `function`.
static tenError *getReshapedType(Value input, size_t rank, const int64_t *shape,
                                 const char *function, Type &type) {
  SmallVector<int64_t> sizes;
  if (tenError *error = getSizes(rank, shape, function, sizes))
    return error;
  type = cast<RankedTensorType>(input.getType()).clone(sizes);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The C functions
//===----------------------------------------------------------------------===//

tenGraph *tenGraphCreate(tenContext *context, const char *functionName) {
  if (!context)
    return nullptr;
  return new tenGraph(&context->context, functionName ? functionName : "main");
}

void tenGraphDestroy(tenGraph *graph) { delete graph; }

void tenGraphSetLocation(tenGraph *graph, const char *file, unsigned line,
                         unsigned column) {
  if (!graph)
    return;
  graph->location =
      file ? Location(FileLineColLoc::get(graph->context, file, line, column))
           : Location(
                 NameLoc::get(StringAttr::get(graph->context, "ten.graph")));
}

tenError *tenGraphAddArgument(tenGraph *graph, tenDType dtype, size_t rank,
                              const int64_t *shape, tenValue *result) {
  SmallVector<Value> none;
  if (tenError *error = lookUp(graph, result, {}, none, "tenGraphAddArgument"))
    return error;
  RankedTensorType type;
  if (tenError *error =
          getTensorType(graph, dtype, rank, shape, "tenGraphAddArgument", type))
    return error;
  graph->values.push_back(
      graph->function.getBody().addArgument(type, graph->location));
  *result = graph->values.size() - 1;
  return nullptr;
}

bool tenGraphGetType(const tenGraph *graph, tenValue value, tenDType *dtype,
                     size_t *rank, const int64_t **shape) {
  if (!graph || value < 0 ||
      value >= static_cast<tenValue>(graph->values.size()))
    return false;
  auto type = cast<RankedTensorType>(graph->values[value].getType());
  std::optional<ElementKind> kind = getElementKind(type.getElementType());
  if (!kind)
    return false;
  if (dtype)
    *dtype = capi::toDType(*kind);
  if (rank)
    *rank = type.getRank();
  // The sizes live as long as the context; kDynamic is TEN_DYNAMIC.
  static_assert(ShapedType::kDynamic == TEN_DYNAMIC,
                "dynamic sizes are spelled alike");
  if (shape)
    *shape = type.getShape().data();
  return true;
}

tenError *tenGraphEinsum(tenGraph *graph, const char *subscripts,
                         size_t numInputs, const tenValue *inputs,
                         tenValue *result) {
  SmallVector<Value> operands;
  if (!subscripts || (numInputs && !inputs))
    return capi::makeError("tenGraphEinsum: a null argument");
  if (tenError *error =
          lookUp(graph, result, ArrayRef<tenValue>(inputs, numInputs), operands,
                 "tenGraphEinsum"))
    return error;
  OpRequest request(graph, result);
  return buildInferred<EinsumOp>(
      request, graph->builder.getStringAttr(subscripts), ValueRange(operands));
}

/// The catalogue's elementwise ops, as the C API hands them out.
static const tenOpInfo kOpCatalogue[] = {
#define TEN_UNARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)      \
  {TEN_OP_UNARY, mnemonic, pythonName, numpyTypeRule, summary},
#define TEN_BINARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)     \
  {TEN_OP_BINARY, mnemonic, pythonName, numpyTypeRule, summary},
#include "ten/Dialect/Ten/IR/TenOpCatalogue.inc"
};

size_t tenOpCatalogueSize(void) { return std::size(kOpCatalogue); }

bool tenOpCatalogueGet(size_t index, tenOpInfo *info) {
  if (index >= std::size(kOpCatalogue) || !info)
    return false;
  *info = kOpCatalogue[index];
  return true;
}

/// The mnemonics of the catalogue's ops of `arity`, for messages.
static std::string listOps(tenOpArity arity) {
  std::string names;
  for (const tenOpInfo &info : kOpCatalogue)
    if (info.arity == arity)
      names += (names.empty() ? "" : ", ") + std::string(info.mnemonic);
  return names;
}

tenError *tenGraphBinary(tenGraph *graph, const char *op, tenValue lhs,
                         tenValue rhs, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {lhs, rhs}, operands, "tenGraphBinary"))
    return error;
  OpRequest request(graph, result);
  using Builder = tenError *(*)(OpRequest &, Value &, Value &);
  // The ops of the catalogue, by mnemonic.
  auto build = llvm::StringSwitch<Builder>(op ? op : "")
#define TEN_BINARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)     \
  .Case(mnemonic, buildInferred<Class, Value &, Value &>)
#include "ten/Dialect/Ten/IR/TenOpCatalogue.inc"
                   .Default(nullptr);
  if (!build)
    return capi::makeError(llvm::Twine("tenGraphBinary: unknown op '") +
                           (op ? op : "") + "' (" + listOps(TEN_OP_BINARY) +
                           ")");
  return build(request, operands[0], operands[1]);
}

tenError *tenGraphUnary(tenGraph *graph, const char *op, tenValue input,
                        tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphUnary"))
    return error;
  OpRequest request(graph, result);
  using Builder = tenError *(*)(OpRequest &, Value &);
  // The ops of the catalogue, by mnemonic.
  auto build = llvm::StringSwitch<Builder>(op ? op : "")
#define TEN_UNARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)      \
  .Case(mnemonic, buildInferred<Class, Value &>)
#include "ten/Dialect/Ten/IR/TenOpCatalogue.inc"
                   .Default(nullptr);
  if (!build)
    return capi::makeError(llvm::Twine("tenGraphUnary: unknown op '") +
                           (op ? op : "") + "' (" + listOps(TEN_OP_UNARY) +
                           ")");
  return build(request, operands[0]);
}

tenError *tenGraphCompare(tenGraph *graph, const char *predicate, tenValue lhs,
                          tenValue rhs, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {lhs, rhs}, operands, "tenGraphCompare"))
    return error;
  std::optional<CmpPredicate> kind =
      symbolizeCmpPredicate(predicate ? predicate : "");
  if (!kind)
    return capi::makeError(llvm::Twine("tenGraphCompare: unknown predicate '") +
                           (predicate ? predicate : "") +
                           "' (eq, ne, lt, le, gt or ge)");
  OpRequest request(graph, result);
  return buildInferred<CmpOp>(request, *kind, operands[0], operands[1]);
}

tenError *tenGraphComplex(tenGraph *graph, tenValue real, tenValue imag,
                          tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {real, imag}, operands, "tenGraphComplex"))
    return error;
  OpRequest request(graph, result);
  return buildInferred<ComplexOp>(request, operands[0], operands[1]);
}

tenError *tenGraphSelect(tenGraph *graph, tenValue condition,
                         tenValue trueValue, tenValue falseValue,
                         tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {condition, trueValue, falseValue}, operands,
                 "tenGraphSelect"))
    return error;
  OpRequest request(graph, result);
  return buildInferred<SelectOp>(request, operands[0], operands[1],
                                 operands[2]);
}

tenError *tenGraphReduce(tenGraph *graph, const char *kind, tenValue input,
                         size_t numDims, const int64_t *dims, bool keepdim,
                         tenValue *result) {
  SmallVector<Value> operands;
  if (numDims && !dims)
    return capi::makeError("tenGraphReduce: a null argument");
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphReduce"))
    return error;
  std::optional<ReduceKind> reduceKind = symbolizeReduceKind(kind ? kind : "");
  if (!reduceKind)
    return capi::makeError(
        llvm::Twine("tenGraphReduce: unknown kind '") + (kind ? kind : "") +
        "' (sum, mean, prod, max, min, argmax, argmin, any or all)");
  OpRequest request(graph, result);
  return buildInferred<ReduceOp>(request, *reduceKind, operands[0],
                                 ArrayRef<int64_t>(dims, numDims), keepdim);
}

tenError *tenGraphScan(tenGraph *graph, const char *kind, tenValue input,
                       int64_t dim, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphScan"))
    return error;
  std::optional<ScanKind> scanKind = symbolizeScanKind(kind ? kind : "");
  if (!scanKind)
    return capi::makeError(llvm::Twine("tenGraphScan: unknown kind '") +
                           (kind ? kind : "") + "' (sum, prod, max or min)");
  if (dim < 0)
    return capi::makeError("tenGraphScan: dim " + llvm::Twine(dim) +
                           " is negative");
  OpRequest request(graph, result);
  return buildTyped<ScanOp>(request, operands[0].getType(), *scanKind,
                            operands[0], dim);
}

tenError *tenGraphFft(tenGraph *graph, const char *kind, tenValue input,
                      int64_t dim, int64_t length, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error = lookUp(graph, result, {input}, operands, "tenGraphFft"))
    return error;
  std::optional<FftKind> fftKind = symbolizeFftKind(kind ? kind : "");
  if (!fftKind)
    return capi::makeError(llvm::Twine("tenGraphFft: unknown kind '") +
                           (kind ? kind : "") +
                           "' (forward, inverse, real_forward or "
                           "real_inverse)");
  auto type = dyn_cast<RankedTensorType>(operands[0].getType());
  if (!type || dim < 0 || dim >= type.getRank())
    return capi::makeError("tenGraphFft: dim " + llvm::Twine(dim) +
                           " is not a dimension of the input");
  // The result type: the element type the kind gives, and along `dim` the
  // length it gives; anything else the verifier reports.
  Type element = type.getElementType();
  auto complexType = dyn_cast<ComplexType>(element);
  SmallVector<int64_t> shape(type.getShape());
  int64_t size = shape[dim];
  if (*fftKind == FftKind::real_forward) {
    element = ComplexType::get(element);
    if (!ShapedType::isDynamic(size))
      shape[dim] = size / 2 + 1;
  } else if (*fftKind == FftKind::real_inverse) {
    if (complexType)
      element = complexType.getElementType();
    if (length >= 0)
      shape[dim] = length;
    else if (!ShapedType::isDynamic(size))
      shape[dim] = 2 * (size - 1);
    if (!ShapedType::isDynamic(shape[dim]) && shape[dim] < 0)
      return capi::makeError("tenGraphFft: real_inverse of " +
                             llvm::Twine(size) +
                             " elements has no default length: give one");
  }
  OpRequest request(graph, result);
  return buildTyped<FftOp>(request, RankedTensorType::get(shape, element),
                           *fftKind, operands[0], dim);
}

/// Builds one of the ops that order lines (ten.sort, ten.partition) from
/// `state`, whose operand and attributes `build` has set: its values in
/// `*values`, its indices in `*indices` (each may be NULL).
static tenError *createOrderedLines(tenGraph *graph, OperationState &state,
                                    tenValue *values, tenValue *indices) {
  tenValue unused;
  OpRequest request(graph, values ? values : &unused);
  if (tenError *error = create(request, state))
    return error;
  // create() recorded the values; the indices follow them.
  Operation *op = graph->values.back().getDefiningOp();
  graph->values.push_back(op->getResult(1));
  if (indices)
    *indices = graph->values.size() - 1;
  return nullptr;
}

tenError *tenGraphSort(tenGraph *graph, tenValue input, int64_t dim,
                       bool descending, tenValue *values, tenValue *indices) {
  SmallVector<Value> operands;
  tenValue unused;
  if (tenError *error = lookUp(graph, values ? values : &unused, {input},
                               operands, "tenGraphSort"))
    return error;
  if (dim < 0)
    return capi::makeError("tenGraphSort: dim " + llvm::Twine(dim) +
                           " is negative");
  auto type = cast<RankedTensorType>(operands[0].getType());
  OperationState state(graph->location, SortOp::getOperationName());
  SortOp::build(graph->builder, state, type,
                type.clone(IntegerType::get(graph->context, 64)), operands[0],
                dim, descending);
  return createOrderedLines(graph, state, values, indices);
}

tenError *tenGraphPartition(tenGraph *graph, tenValue input, int64_t dim,
                            const int64_t *kth, size_t kthCount,
                            bool descending, tenValue *values,
                            tenValue *indices) {
  SmallVector<Value> operands;
  tenValue unused;
  if (tenError *error = lookUp(graph, values ? values : &unused, {input},
                               operands, "tenGraphPartition"))
    return error;
  if (dim < 0)
    return capi::makeError("tenGraphPartition: dim " + llvm::Twine(dim) +
                           " is negative");
  if (kthCount && !kth)
    return capi::makeError("tenGraphPartition: kth is NULL");
  auto type = cast<RankedTensorType>(operands[0].getType());
  OperationState state(graph->location, PartitionOp::getOperationName());
  PartitionOp::build(graph->builder, state, type,
                     type.clone(IntegerType::get(graph->context, 64)),
                     operands[0], dim, ArrayRef<int64_t>(kth, kthCount),
                     descending);
  return createOrderedLines(graph, state, values, indices);
}

tenError *tenGraphLinalg(tenGraph *graph, const char *op, size_t numInputs,
                         const tenValue *inputs, bool flag, tenValue *results) {
  StringRef name = op ? op : "";
  if (!llvm::is_contained({"cholesky", "det", "eig", "eigh", "eigvals",
                           "eigvalsh", "inv", "qr", "slogdet", "solve", "svd",
                           "svdvals"},
                          name))
    return capi::makeError("tenGraphLinalg: unknown op '" + name +
                           "' (cholesky, det, eig, eigh, eigvals, eigvalsh, "
                           "inv, qr, slogdet, solve, svd or svdvals)");
  size_t expected = name == "solve" ? 2 : 1;
  if (numInputs != expected || !inputs)
    return capi::makeError("tenGraphLinalg: " + name + " takes " +
                           llvm::Twine(expected) + " input(s), not " +
                           llvm::Twine(numInputs));
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, results, ArrayRef<tenValue>(inputs, numInputs),
                 operands, "tenGraphLinalg"))
    return error;
  OpRequest request(graph, results);
  tenError *error = nullptr;
  if (name == "cholesky")
    error = buildInferred<CholeskyOp>(request, operands[0], flag);
  else if (name == "inv")
    error = buildInferred<InvOp>(request, operands[0]);
  else if (name == "det")
    error = buildInferred<DetOp>(request, operands[0]);
  else if (name == "solve")
    error = buildInferred<SolveOp>(request, operands[0], operands[1]);
  else if (name == "eigvalsh")
    error = buildInferred<EigvalshOp>(request, operands[0], flag);
  else if (name == "eigvals")
    error = buildInferred<EigvalsOp>(request, operands[0]);
  else if (name == "svdvals")
    error = buildInferred<SvdvalsOp>(request, operands[0]);
  else if (name == "slogdet")
    error = buildInferredResults<SlogdetOp>(request, 2, operands[0]);
  else if (name == "qr")
    error = buildInferredResults<QrOp>(request, 2, operands[0], flag);
  else if (name == "eigh")
    error = buildInferredResults<EighOp>(request, 2, operands[0], flag);
  else if (name == "eig")
    error = buildInferredResults<EigOp>(request, 2, operands[0]);
  else
    error = buildInferredResults<SvdOp>(request, 3, operands[0], flag);
  if (error)
    return error;
  // create() recorded the first result; the others follow it.
  Operation *created = graph->values.back().getDefiningOp();
  for (unsigned index = 1; index < created->getNumResults(); ++index) {
    graph->values.push_back(created->getResult(index));
    results[index] = graph->values.size() - 1;
  }
  return nullptr;
}

tenError *tenGraphTake(tenGraph *graph, const char *mode, tenValue input,
                       tenValue indices, int64_t dim, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {input, indices}, operands, "tenGraphTake"))
    return error;
  std::optional<TakeMode> takeMode = symbolizeTakeMode(mode ? mode : "");
  if (!takeMode)
    return capi::makeError(llvm::Twine("tenGraphTake: unknown mode '") +
                           (mode ? mode : "") + "' (raise, wrap or clip)");
  if (dim < 0)
    return capi::makeError("tenGraphTake: dim " + llvm::Twine(dim) +
                           " is negative");
  OpRequest request(graph, result);
  return buildInferred<TakeOp>(request, *takeMode, operands[0], operands[1],
                               dim);
}

tenError *tenGraphScatter(tenGraph *graph, const char *kind, tenValue dest,
                          tenValue indices, tenValue updates, int64_t dim,
                          tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error = lookUp(graph, result, {dest, indices, updates},
                               operands, "tenGraphScatter"))
    return error;
  std::optional<ScatterKind> scatterKind =
      symbolizeScatterKind(kind ? kind : "");
  if (!scatterKind)
    return capi::makeError(llvm::Twine("tenGraphScatter: unknown kind '") +
                           (kind ? kind : "") +
                           "' (assign, add, mul, max or min)");
  if (dim < 0)
    return capi::makeError("tenGraphScatter: dim " + llvm::Twine(dim) +
                           " is negative");
  OpRequest request(graph, result);
  return buildInferred<ScatterOp>(request, *scatterKind, operands[0],
                                  operands[1], operands[2], dim);
}

tenError *tenGraphSearchSorted(tenGraph *graph, const char *side,
                               tenValue sorted, tenValue values,
                               tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error = lookUp(graph, result, {sorted, values}, operands,
                               "tenGraphSearchSorted"))
    return error;
  std::optional<SearchSide> searchSide = symbolizeSearchSide(side ? side : "");
  if (!searchSide)
    return capi::makeError(llvm::Twine("tenGraphSearchSorted: unknown side '") +
                           (side ? side : "") + "' (left or right)");
  OpRequest request(graph, result);
  return buildInferred<SearchSortedOp>(request, *searchSide, operands[0],
                                       operands[1]);
}

tenError *tenGraphNonzero(tenGraph *graph, tenValue input, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphNonzero"))
    return error;
  OpRequest request(graph, result);
  return buildInferred<NonzeroOp>(request, operands[0]);
}

/// `input`'s elements converted (ten.cast) or reinterpreted (ten.bitcast)
/// as `dtype`, in the same shape.
template <typename OpTy>
static tenError *buildElementTypeChange(tenGraph *graph, tenValue input,
                                        tenDType dtype, tenValue *result,
                                        const char *function) {
  SmallVector<Value> operands;
  if (tenError *error = lookUp(graph, result, {input}, operands, function))
    return error;
  auto inputType = cast<RankedTensorType>(operands[0].getType());
  std::optional<ElementKind> kind = capi::toElementKind(dtype);
  if (!kind)
    return capi::makeError(llvm::Twine(function) + ": " +
                           llvm::Twine(static_cast<int>(dtype)) +
                           " is not a tenDType");
  Type type = inputType.clone(getElementType(graph->context, *kind));
  OpRequest request(graph, result);
  return buildTyped<OpTy>(request, type, operands[0]);
}

tenError *tenGraphCast(tenGraph *graph, tenValue input, tenDType dtype,
                       tenValue *result) {
  return buildElementTypeChange<CastOp>(graph, input, dtype, result,
                                        "tenGraphCast");
}

tenError *tenGraphBitcast(tenGraph *graph, tenValue input, tenDType dtype,
                          tenValue *result) {
  return buildElementTypeChange<BitcastOp>(graph, input, dtype, result,
                                           "tenGraphBitcast");
}

tenError *tenGraphTranspose(tenGraph *graph, tenValue input, size_t rank,
                            const int64_t *permutation, tenValue *result) {
  SmallVector<Value> operands;
  if (rank && !permutation)
    return capi::makeError("tenGraphTranspose: a null argument");
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphTranspose"))
    return error;
  OpRequest request(graph, result);
  return buildInferred<TransposeOp>(request, operands[0],
                                    ArrayRef<int64_t>(permutation, rank));
}

tenError *tenGraphShard(tenGraph *graph, tenValue input, size_t rank,
                        const int64_t *axes, tenValue *result) {
  SmallVector<Value> operands;
  if (rank && !axes)
    return capi::makeError("tenGraphShard: a null argument");
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphShard"))
    return error;
  OpRequest request(graph, result);
  return buildTyped<ShardOp>(request, operands[0].getType(), operands[0],
                             ArrayRef<int64_t>(axes, rank));
}

/// The operands of a slice of `rank` dimensions: `input` (and `dest`, for an
/// insertion) and the values of the bounds marked TEN_DYNAMIC in
/// `starts`/`stops` (all of them static, a bound of TEN_DYNAMIC meaning
/// what one above it means, where the value arrays are null). Returns the
/// static bounds in `startList`/`stopList`.
static tenError *lookUpSlice(
    tenGraph *graph, tenValue *result, ArrayRef<tenValue> tensors, size_t rank,
    const int64_t *starts, const int64_t *stops, const int64_t *steps,
    const tenValue *startValues, const tenValue *stopValues, bool dynamic,
    SmallVectorImpl<Value> &operands, SmallVectorImpl<int64_t> &startList,
    SmallVectorImpl<int64_t> &stopList, SmallVectorImpl<Value> &dynamicStarts,
    SmallVectorImpl<Value> &dynamicStops, const char *function) {
  if (rank && (!starts || !stops || !steps))
    return capi::makeError(llvm::Twine(function) + ": a null argument");
  SmallVector<tenValue> ids(tensors);
  auto collect = [&](const int64_t *bounds, const tenValue *values,
                     SmallVectorImpl<int64_t> &list) -> tenError * {
    for (size_t dim = 0; dim < rank; ++dim) {
      int64_t bound = bounds[dim];
      if (bound == TEN_DYNAMIC && dynamic) {
        if (!values)
          return capi::makeError(llvm::Twine(function) +
                                 ": a bound of run time without its values");
        ids.push_back(values[dim]);
      } else if (bound == TEN_DYNAMIC) {
        bound = TEN_DYNAMIC + 1;
      }
      list.push_back(bound);
    }
    return nullptr;
  };
  if (tenError *error = collect(starts, startValues, startList))
    return error;
  size_t numStarts = ids.size() - tensors.size();
  if (tenError *error = collect(stops, stopValues, stopList))
    return error;
  if (tenError *error = lookUp(graph, result, ids, operands, function))
    return error;
  auto values = ArrayRef<Value>(operands).drop_front(tensors.size());
  dynamicStarts.assign(values.begin(), values.begin() + numStarts);
  dynamicStops.assign(values.begin() + numStarts, values.end());
  operands.truncate(tensors.size());
  return nullptr;
}

static tenError *buildSlice(tenGraph *graph, tenValue input, size_t rank,
                            const int64_t *starts, const int64_t *stops,
                            const int64_t *steps, const tenValue *startValues,
                            const tenValue *stopValues, bool dynamic,
                            tenValue *result, const char *function) {
  SmallVector<Value> operands, dynamicStarts, dynamicStops;
  SmallVector<int64_t> startList, stopList;
  if (tenError *error =
          lookUpSlice(graph, result, {input}, rank, starts, stops, steps,
                      startValues, stopValues, dynamic, operands, startList,
                      stopList, dynamicStarts, dynamicStops, function))
    return error;
  OpRequest request(graph, result);
  return buildInferred<SliceOp>(request, operands[0], dynamicStarts,
                                dynamicStops, startList, stopList,
                                ArrayRef<int64_t>(steps, rank));
}

static tenError *buildInsertSlice(tenGraph *graph, tenValue source,
                                  tenValue dest, size_t rank,
                                  const int64_t *starts, const int64_t *stops,
                                  const int64_t *steps,
                                  const tenValue *startValues,
                                  const tenValue *stopValues, bool dynamic,
                                  tenValue *result, const char *function) {
  SmallVector<Value> operands, dynamicStarts, dynamicStops;
  SmallVector<int64_t> startList, stopList;
  if (tenError *error =
          lookUpSlice(graph, result, {source, dest}, rank, starts, stops, steps,
                      startValues, stopValues, dynamic, operands, startList,
                      stopList, dynamicStarts, dynamicStops, function))
    return error;
  OpRequest request(graph, result);
  return buildTyped<InsertSliceOp>(
      request, operands[1].getType(), operands[0], operands[1], dynamicStarts,
      dynamicStops, startList, stopList, ArrayRef<int64_t>(steps, rank));
}

tenError *tenGraphSlice(tenGraph *graph, tenValue input, size_t rank,
                        const int64_t *starts, const int64_t *stops,
                        const int64_t *steps, tenValue *result) {
  return buildSlice(graph, input, rank, starts, stops, steps, nullptr, nullptr,
                    /*dynamic=*/false, result, "tenGraphSlice");
}

tenError *tenGraphSliceDynamic(tenGraph *graph, tenValue input, size_t rank,
                               const int64_t *starts, const int64_t *stops,
                               const int64_t *steps,
                               const tenValue *startValues,
                               const tenValue *stopValues, tenValue *result) {
  return buildSlice(graph, input, rank, starts, stops, steps, startValues,
                    stopValues, /*dynamic=*/true, result,
                    "tenGraphSliceDynamic");
}

tenError *tenGraphInsertSlice(tenGraph *graph, tenValue source, tenValue dest,
                              size_t rank, const int64_t *starts,
                              const int64_t *stops, const int64_t *steps,
                              tenValue *result) {
  return buildInsertSlice(graph, source, dest, rank, starts, stops, steps,
                          nullptr, nullptr, /*dynamic=*/false, result,
                          "tenGraphInsertSlice");
}

tenError *tenGraphInsertSliceDynamic(
    tenGraph *graph, tenValue source, tenValue dest, size_t rank,
    const int64_t *starts, const int64_t *stops, const int64_t *steps,
    const tenValue *startValues, const tenValue *stopValues, tenValue *result) {
  return buildInsertSlice(graph, source, dest, rank, starts, stops, steps,
                          startValues, stopValues, /*dynamic=*/true, result,
                          "tenGraphInsertSliceDynamic");
}

int64_t tenSliceDefaultStart(int64_t step) {
  return getDefaultSliceStart(step);
}

int64_t tenSliceDefaultStop(int64_t step) { return getDefaultSliceStop(step); }

tenError *tenGraphConcat(tenGraph *graph, size_t numInputs,
                         const tenValue *inputs, int64_t axis,
                         tenValue *result) {
  SmallVector<Value> operands;
  if (numInputs && !inputs)
    return capi::makeError("tenGraphConcat: a null argument");
  if (tenError *error = lookUp(graph, result, ArrayRef(inputs, numInputs),
                               operands, "tenGraphConcat"))
    return error;
  if (axis < 0)
    return capi::makeError("tenGraphConcat: axis " + llvm::Twine(axis) +
                           " is negative");
  OpRequest request(graph, result);
  return buildInferred<ConcatOp>(request, ValueRange(operands), axis);
}

tenError *tenGraphReshape(tenGraph *graph, tenValue input, size_t rank,
                          const int64_t *shape, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphReshape"))
    return error;
  Type type;
  if (tenError *error =
          getReshapedType(operands[0], rank, shape, "tenGraphReshape", type))
    return error;
  OpRequest request(graph, result);
  return buildTyped<ReshapeOp>(request, type, operands[0]);
}

tenError *tenGraphBroadcast(tenGraph *graph, tenValue input, size_t rank,
                            const int64_t *shape, tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {input}, operands, "tenGraphBroadcast"))
    return error;
  Type type;
  if (tenError *error =
          getReshapedType(operands[0], rank, shape, "tenGraphBroadcast", type))
    return error;
  OpRequest request(graph, result);
  return buildTyped<BroadcastOp>(request, type, operands[0]);
}

tenError *tenGraphIota(tenGraph *graph, tenDType dtype, size_t rank,
                       const int64_t *shape, int64_t dimension,
                       tenValue *result) {
  SmallVector<Value> none;
  if (tenError *error = lookUp(graph, result, {}, none, "tenGraphIota"))
    return error;
  RankedTensorType type;
  if (tenError *error =
          getTensorType(graph, dtype, rank, shape, "tenGraphIota", type))
    return error;
  if (dimension < 0 || static_cast<size_t>(dimension) >= rank)
    return capi::makeError("tenGraphIota: dimension " +
                           std::to_string(dimension) + " is not one of " +
                           std::to_string(rank));
  OpRequest request(graph, result);
  return buildTyped<IotaOp>(request, type, static_cast<uint64_t>(dimension));
}

tenError *tenGraphRandomBits(tenGraph *graph, tenValue key, int64_t stream,
                             tenDType dtype, size_t rank, const int64_t *shape,
                             tenValue *result) {
  SmallVector<Value> operands;
  if (tenError *error =
          lookUp(graph, result, {key}, operands, "tenGraphRandomBits"))
    return error;
  RankedTensorType type;
  if (tenError *error =
          getTensorType(graph, dtype, rank, shape, "tenGraphRandomBits", type))
    return error;
  if (stream < 0 || stream > std::numeric_limits<uint32_t>::max())
    return capi::makeError("tenGraphRandomBits: stream " +
                           std::to_string(stream) +
                           " is not from 0 to 2^32 - 1");
  OpRequest request(graph, result);
  return buildTyped<RandomBitsOp>(request, type, operands[0],
                                  static_cast<uint64_t>(stream));
}

tenError *tenGraphAssert(tenGraph *graph, tenValue condition,
                         const char *message) {
  SmallVector<Value> operands;
  tenValue none;
  if (tenError *error =
          lookUp(graph, &none, {condition}, operands, "tenGraphAssert"))
    return error;
  if (!message)
    return capi::makeError("tenGraphAssert: a null argument");
  OpRequest request(graph, &none);
  OperationState state(graph->location, AssertOp::getOperationName());
  AssertOp::build(graph->builder, state, operands[0],
                  graph->builder.getStringAttr(message));
  return create(request, state);
}

tenError *tenGraphConstant(tenGraph *graph, tenDType dtype, size_t rank,
                           const int64_t *shape, const void *data,
                           tenValue *result) {
  SmallVector<Value> none;
  if (tenError *error = lookUp(graph, result, {}, none, "tenGraphConstant"))
    return error;
  RankedTensorType type;
  if (tenError *error =
          getTensorType(graph, dtype, rank, shape, "tenGraphConstant", type))
    return error;
  if (!type.hasStaticShape())
    return capi::makeError("tenGraphConstant: a constant has a static shape");
  int64_t count = type.getNumElements();
  if (count && !data)
    return capi::makeError("tenGraphConstant: a null argument");
  DenseElementsAttr value;
  if (dtype == TEN_I1) {
    // One byte per element here; the attribute stores bits.
    const auto *bytes = static_cast<const uint8_t *>(data);
    SmallVector<bool> bits;
    for (int64_t i = 0; i < count; ++i)
      bits.push_back(bytes[i] != 0);
    value = DenseElementsAttr::get(type, bits);
  } else {
    size_t bytes = count * tenDTypeGetSize(dtype);
    value = DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(static_cast<const char *>(data), bytes));
  }
  OpRequest request(graph, result);
  return buildTyped<ConstantOp>(request, type, cast<ElementsAttr>(value));
}

tenError *tenGraphFinish(tenGraph *graph, size_t numResults,
                         const tenValue *results, tenModule **module) {
  SmallVector<Value> values;
  tenValue unused;
  if (!module || (numResults && !results))
    return capi::makeError("tenGraphFinish: a null argument");
  if (tenError *error =
          lookUp(graph, &unused, ArrayRef<tenValue>(results, numResults),
                 values, "tenGraphFinish"))
    return error;
  capi::DiagnosticCollector diagnostics(graph->context);
  func::ReturnOp::create(graph->builder, graph->location, values);
  graph->function.setFunctionType(graph->builder.getFunctionType(
      graph->function.getBody().getArgumentTypes(),
      ValueRange(values).getTypes()));
  graph->finished = true;
  if (failed(verify(*graph->module)))
    return diagnostics.takeError("the module does not verify");
  *module = new tenModule{std::move(graph->module)};
  return nullptr;
}
