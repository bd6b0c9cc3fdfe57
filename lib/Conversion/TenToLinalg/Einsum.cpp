//===- Einsum.cpp - ten.einsum to linalg ----------------------------------===//
//
// An einsum is one linalg.generic: a loop per label, the output's labels
// parallel and the others summed; each operand's indexing map names its
// dimensions' labels (a repeated label reads a diagonal, a static size 1
// broadcasting against another size reads index 0). Exactly `ij,jk->ik` and
// `bij,bjk->bik` become linalg.matmul and linalg.batch_matmul, so that the
// matmul strategies and library dispatch recognize them.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenShapes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {

/// The loops of an einsum: the output's labels, then the summed ones in
/// order of first appearance.
struct EinsumLoops {
  SmallVector<unsigned> labels;
  DenseMap<unsigned, unsigned> loopOf;
  unsigned numParallel = 0;
};

EinsumLoops getLoops(const EinsumSpec &spec) {
  EinsumLoops loops;
  auto add = [&](unsigned label) {
    if (loops.loopOf.try_emplace(label, loops.labels.size()).second)
      loops.labels.push_back(label);
  };
  for (unsigned label : spec.output)
    add(label);
  loops.numParallel = loops.labels.size();
  for (ArrayRef<unsigned> input : spec.inputs)
    for (unsigned label : input)
      add(label);
  return loops;
}

/// True when the operands have the label structure of `pattern` (operand
/// terms and output as strings of distinct letters, say "ij,jk->ik") and no
/// operand broadcasts a size-1 dimension.
bool matches(const EinsumSpec &spec, ArrayRef<ArrayRef<int64_t>> shapes,
             ArrayRef<int64_t> sizes, StringRef pattern) {
  SmallVector<StringRef> terms;
  auto [inputs, output] = pattern.split("->");
  inputs.split(terms, ',');
  if (terms.size() != spec.inputs.size() || output.size() != spec.output.size())
    return false;
  // Pattern letter -> label, consistently.
  DenseMap<char, unsigned> labelOf;
  auto bind = [&](char letter, unsigned label) {
    auto [it, inserted] = labelOf.try_emplace(letter, label);
    return it->second == label;
  };
  for (auto [term, labels] : llvm::zip(terms, spec.inputs)) {
    if (term.size() != labels.size())
      return false;
    for (auto [letter, label] : llvm::zip(term, labels))
      if (!bind(letter, label))
        return false;
  }
  for (auto [letter, label] : llvm::zip(output, spec.output))
    if (!bind(letter, label))
      return false;
  // Distinct pattern letters name distinct labels.
  llvm::SmallDenseSet<unsigned> distinct;
  for (auto &entry : labelOf)
    distinct.insert(entry.second);
  if (distinct.size() != labelOf.size())
    return false;
  for (auto [shape, labels] : llvm::zip(shapes, spec.inputs))
    for (auto [size, label] : llvm::zip(shape, labels))
      if (size == 1 && sizes[label] != 1)
        return false;
  return true;
}

struct EinsumLowering : OpConversionPattern<EinsumOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(EinsumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ValueRange inputs = adaptor.getInputs();
    FailureOr<EinsumSpec> spec =
        getEinsumSpec(op.getEquation(), inputs.getTypes(), std::nullopt);
    if (failed(spec))
      return rewriter.notifyMatchFailure(op, "equation does not verify");
    SmallVector<ArrayRef<int64_t>> shapes;
    for (Value input : inputs)
      shapes.push_back(cast<RankedTensorType>(input.getType()).getShape());
    EinsumDiagnostic diag;
    FailureOr<SmallVector<int64_t>> staticSizes =
        spec->inferLabelSizes(shapes, ShapedType::kDynamic, diag);
    if (failed(staticSizes))
      return rewriter.notifyMatchFailure(op, diag.message);

    // Each label's size: static where known, else the first dimension of an
    // operand that has it with a size other than 1. Every dynamic dimension
    // must have its label's size at run time.
    RankedTensorType resultType = op.getType();
    SmallVector<OpFoldResult> labelSizes(spec->getNumLabels());
    for (unsigned label = 0; label < spec->getNumLabels(); ++label)
      if (!ShapedType::isDynamic((*staticSizes)[label]))
        labelSizes[label] = rewriter.getIndexAttr((*staticSizes)[label]);
    for (auto [operand, labels] : llvm::enumerate(spec->inputs))
      for (auto [dim, label] : llvm::enumerate(labels))
        if (!labelSizes[label] && shapes[operand][dim] != 1)
          labelSizes[label] = getDimSize(rewriter, loc, inputs[operand], dim);
    for (OpFoldResult &size : labelSizes)
      if (!size)
        size = rewriter.getIndexAttr(1);
    for (auto [operand, labels] : llvm::enumerate(spec->inputs))
      for (auto [dim, label] : llvm::enumerate(labels))
        if (ShapedType::isDynamic(shapes[operand][dim]))
          checkSizeEquals(rewriter, op,
                          getDimSize(rewriter, loc, inputs[operand], dim),
                          labelSizes[label], operand, dim);

    // The result, accumulated in f32 for f16 and bf16.
    Type elementType = getLoweredType(resultType.getElementType());
    Type accType = getComputeType(elementType);
    SmallVector<OpFoldResult> resultSizes;
    for (unsigned label : spec->output)
      resultSizes.push_back(labelSizes[label]);
    EinsumLoops loops = getLoops(*spec);
    bool sums = loops.labels.size() > loops.numParallel;
    Value init = createEmptyTensor(rewriter, loc, resultSizes, accType);
    if (sums)
      init = linalg::FillOp::create(
                 rewriter, loc, createScalarConstant(rewriter, loc, accType, 0),
                 init)
                 .getResult(0);
    SmallVector<int64_t> accShape;
    for (OpFoldResult size : resultSizes)
      accShape.push_back(
          getConstantIntValue(size).value_or(ShapedType::kDynamic));
    auto accTensorType = RankedTensorType::get(accShape, accType);

    Value result;
    // The named GEMMs are for real numbers: the code generators' GEMM
    // kernels expect nothing else.
    bool isReal = !elementType.isInteger(1) && !isa<ComplexType>(elementType);
    if (matches(*spec, shapes, *staticSizes, "ij,jk->ik") && isReal) {
      result =
          linalg::MatmulOp::create(rewriter, loc, accTensorType, inputs, init)
              .getResult(0);
    } else if (matches(*spec, shapes, *staticSizes, "bij,bjk->bik") && isReal) {
      result = linalg::BatchMatmulOp::create(rewriter, loc, accTensorType,
                                             inputs, init)
                   .getResult(0);
    } else {
      result = buildGeneric(rewriter, loc, *spec, loops, inputs, shapes,
                            *staticSizes, init, accTensorType, sums);
    }
    if (accType != elementType)
      result = convertElements(rewriter, loc, result, elementType);
    rewriter.replaceOp(op, castToResultType(rewriter, op, result));
    return success();
  }

private:
  static Value buildGeneric(OpBuilder &builder, Location loc,
                            const EinsumSpec &spec, const EinsumLoops &loops,
                            ValueRange inputs,
                            ArrayRef<ArrayRef<int64_t>> shapes,
                            ArrayRef<int64_t> sizes, Value init,
                            RankedTensorType accTensorType, bool sums) {
    MLIRContext *context = builder.getContext();
    unsigned numLoops = loops.labels.size();
    SmallVector<AffineMap> maps;
    for (auto [operand, labels] : llvm::enumerate(spec.inputs)) {
      SmallVector<AffineExpr> exprs;
      for (auto [dim, label] : llvm::enumerate(labels)) {
        if (shapes[operand][dim] == 1 && sizes[label] != 1)
          exprs.push_back(getAffineConstantExpr(0, context));
        else
          exprs.push_back(
              getAffineDimExpr(loops.loopOf.lookup(label), context));
      }
      maps.push_back(AffineMap::get(numLoops, 0, exprs, context));
    }
    SmallVector<AffineExpr> outputExprs;
    for (unsigned label : spec.output)
      outputExprs.push_back(
          getAffineDimExpr(loops.loopOf.lookup(label), context));
    maps.push_back(AffineMap::get(numLoops, 0, outputExprs, context));
    SmallVector<utils::IteratorType> iterators(numLoops,
                                               utils::IteratorType::reduction);
    for (unsigned i = 0; i < loops.numParallel; ++i)
      iterators[i] = utils::IteratorType::parallel;

    Type accType = accTensorType.getElementType();
    bool isBool = accType.isInteger(1);
    auto generic = linalg::GenericOp::create(
        builder, loc, accTensorType, inputs, init, maps, iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          // The product of the operands' elements (their conjunction for
          // i1), added (or'ed) to the accumulator when labels are summed.
          Value product;
          for (Value arg : args.drop_back()) {
            Value value = convertScalar(b, bodyLoc, arg, accType);
            if (!product)
              product = value;
            else if (isBool)
              product = arith::AndIOp::create(b, bodyLoc, product, value);
            else if (isa<FloatType>(accType))
              product = arith::MulFOp::create(b, bodyLoc, product, value);
            else if (isa<ComplexType>(accType))
              product = complex::MulOp::create(b, bodyLoc, product, value);
            else
              product = arith::MulIOp::create(b, bodyLoc, product, value);
          }
          if (sums) {
            Value acc = args.back();
            if (isBool)
              product = arith::OrIOp::create(b, bodyLoc, acc, product);
            else if (isa<FloatType>(accType))
              product = arith::AddFOp::create(b, bodyLoc, acc, product,
                                              arith::FastMathFlags::reassoc);
            else if (isa<ComplexType>(accType))
              product = complex::AddOp::create(b, bodyLoc, acc, product);
            else
              product = arith::AddIOp::create(b, bodyLoc, acc, product);
          }
          linalg::YieldOp::create(b, bodyLoc, product);
        });
    return generic.getResult(0);
  }
};

} // namespace

void lowering::populateEinsumLoweringPatterns(TypeConverter &typeConverter,
                                              RewritePatternSet &patterns) {
  patterns.add<EinsumLowering>(typeConverter, patterns.getContext());
}
