/*===- capi-test.c - exercises the C API from C ---------------------------===*\
|*                                                                            *|
|* Parses, builds, compiles and runs programs through ten-c/Ten.h and prints  *|
|* what it sees for capi.test to check; every error path returns an error     *|
|* value, which it prints.                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "ten-c/Ten.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints an error (or "ok") and frees it; returns whether there was one. */
static int report(const char *what, tenError *error) {
  if (!error) {
    printf("%s: ok\n", what);
    return 0;
  }
  printf("%s: error: %s\n", what, tenErrorGetMessage(error));
  tenErrorDestroy(error);
  return 1;
}

static void printToStdout(const char *data, size_t length, void *userData) {
  (void)userData;
  fwrite(data, 1, length, stdout);
}

static void printSignature(const char *what, tenDType dtype, size_t rank,
                           const int64_t *shape) {
  printf("%s: tensor<", what);
  for (size_t i = 0; i < rank; ++i) {
    if (shape[i] == TEN_DYNAMIC)
      printf("?x");
    else
      printf("%lldx", (long long)shape[i]);
  }
  printf("%s>\n", tenDTypeGetName(dtype));
}

static void printFloats(const char *what, const tenTensor *tensor) {
  tenTensorView view = tenTensorGetView(tensor);
  printf("%s:", what);
  if (view.dtype != TEN_F32 || view.rank != 2) {
    printf(" unexpected type\n");
    return;
  }
  for (int64_t i = 0; i < view.shape[0]; ++i)
    for (int64_t j = 0; j < view.shape[1]; ++j)
      printf(" %g",
             *(const float *)((const char *)view.data + i * view.strides[0] +
                              j * view.strides[1]));
  printf("\n");
}

static const char kMatmul[] =
    "func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x?xf32>)\n"
    "    -> tensor<2x?xf32> {\n"
    "  %c = ten.einsum \"ij,jk->ik\" (%a, %b)\n"
    "      : (tensor<2x3xf32>, tensor<3x?xf32>) -> tensor<2x?xf32>\n"
    "  return %c : tensor<2x?xf32>\n"
    "}\n";

static const char kIdentity[] =
    "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {\n"
    "  return %a : tensor<?xf32>\n"
    "}\n";

static const char kDynamicAdd[] =
    "func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {\n"
    "  %c = ten.add %a, %b : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>\n"
    "  return %c : tensor<?xf32>\n"
    "}\n";

static void testParseAndRun(tenContext *context) {
  tenModule *module = NULL;
  const char bad[] = "func.func @main() {\n  %x = ten.frobnicate\n}\n";
  report("parse bad",
         tenModuleParse(context, bad, strlen(bad), "bad.mlir", &module));
  // Nesting deeper than the parser's recursion can take is refused first.
  size_t depth = 100000;
  char *deep = malloc(2 * depth);
  memset(deep, '[', depth);
  memset(deep + depth, ']', depth);
  report("parse deep",
         tenModuleParse(context, deep, 2 * depth, "deep.mlir", &module));
  free(deep);

  if (report("parse matmul", tenModuleParse(context, kMatmul, strlen(kMatmul),
                                            "matmul.mlir", &module)))
    return;
  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  tenExecutable *executable = NULL;

  options.entry = "nope";
  report("compile unknown entry", tenCompile(module, &options, &executable));
  options.entry = "main";
  options.target = "tpu";
  report("compile tpu", tenCompile(module, &options, &executable));
  options.target = "cpu";
  if (report("compile matmul", tenCompile(module, &options, &executable)))
    return;
  /* The module is left as it was parsed. */
  tenModulePrint(module, printToStdout, NULL);
  tenModuleDestroy(module);

  tenDType dtype;
  size_t rank;
  const int64_t *shape;
  printf("arguments %zu results %zu\n",
         tenExecutableGetNumArguments(executable),
         tenExecutableGetNumResults(executable));
  if (tenExecutableGetArgument(executable, 1, &dtype, &rank, &shape))
    printSignature("argument 1", dtype, rank, shape);
  if (tenExecutableGetResult(executable, 0, &dtype, &rank, &shape))
    printSignature("result 0", dtype, rank, shape);
  printf("argument 2 exists: %d\n",
         tenExecutableGetArgument(executable, 2, &dtype, &rank, &shape));

  /* a = [[1 2 3] [4 5 6]]; b (3x2) is the transpose of a row-major 2x3
   * buffer, passed with its strides, not copied by the caller. */
  float a[6] = {1, 2, 3, 4, 5, 6};
  float bStorage[6] = {1, 0, 1, 0, 1, 0}; /* b = [[1 0] [0 1] [1 0]] */
  /* bStorage holds b's columns one after the other: b[j][k] at k*3 + j. */
  int64_t aShape[2] = {2, 3}, bShape[2] = {3, 2};
  int64_t bStrides[2] = {sizeof(float), 3 * sizeof(float)};
  tenTensorView inputs[2] = {
      {TEN_F32, 2, aShape, NULL, a},
      {TEN_F32, 2, bShape, bStrides, bStorage},
  };
  tenTensor *result = NULL;
  if (!report("run matmul",
              tenExecutableRun(executable, 2, inputs, 1, &result))) {
    printFloats("matmul", result);
    tenTensorDestroy(result);
  }

  /* Mismatches are errors, not crashes. */
  int64_t wrongShape[2] = {2, 4};
  tenTensorView wrong[2] = {
      {TEN_F32, 2, wrongShape, NULL, a},
      {TEN_F32, 2, bShape, bStrides, bStorage},
  };
  report("run wrong shape", tenExecutableRun(executable, 2, wrong, 1, &result));
  tenTensorView wrongType[2] = {
      {TEN_F64, 2, aShape, NULL, a},
      {TEN_F32, 2, bShape, bStrides, bStorage},
  };
  report("run wrong dtype",
         tenExecutableRun(executable, 2, wrongType, 1, &result));
  report("run one input", tenExecutableRun(executable, 1, inputs, 1, &result));
  report("run no room", tenExecutableRun(executable, 2, inputs, 0, NULL));
  /* The CPU has no device memory: neither inputs there nor results. */
  report("run cpu on device",
         tenExecutableRunOnDevice(executable, 2, inputs, NULL, 1, &result));
  tenMemory notMemory[2] = {(tenMemory)7, TEN_MEMORY_HOST};
  report("run bad memory", tenExecutableRunOnDevice(executable, 2, inputs,
                                                    notMemory, 1, &result));
  tenExecutableDestroy(executable);
}

static void testRunTimeCheck(tenContext *context) {
  tenModule *module = NULL;
  tenExecutable *executable = NULL;
  if (report("parse add", tenModuleParse(context, kDynamicAdd,
                                         strlen(kDynamicAdd), NULL, &module)) ||
      report("compile add", tenCompile(module, NULL, &executable)))
    return;
  tenModuleDestroy(module);
  float x[4] = {1, 2, 3, 4};
  int64_t three = 3, four = 4;
  tenTensorView inputs[2] = {{TEN_F32, 1, &three, NULL, x},
                             {TEN_F32, 1, &four, NULL, x}};
  tenTensor *result = NULL;
  /* Sizes 3 and 4 do not broadcast: the program's own check fails, and the
   * process goes on. */
  report("run add 3 + 4", tenExecutableRun(executable, 2, inputs, 1, &result));
  inputs[0].shape = &four;
  if (!report("run add 4 + 4",
              tenExecutableRun(executable, 2, inputs, 1, &result))) {
    tenTensorView view = tenTensorGetView(result);
    printf("add: %g %g %g %g\n", ((float *)view.data)[0],
           ((float *)view.data)[1], ((float *)view.data)[2],
           ((float *)view.data)[3]);
    tenTensorDestroy(result);
  }
  /* A size whose bytes wrap past 2^64 is refused before the data is read. */
  int64_t huge = (int64_t)1 << 62;
  inputs[0].shape = &huge;
  inputs[1].shape = &huge;
  report("run add 2^62 + 2^62",
         tenExecutableRun(executable, 2, inputs, 1, &result));
  tenExecutableDestroy(executable);
}

/* relu(x @ w + b), built op by op. */
static void testGraph(tenContext *context) {
  tenGraph *graph = tenGraphCreate(context, "layer");
  tenGraphSetLocation(graph, "layer.py", 7, 1);
  int64_t xShape[2] = {2, 3}, wShape[2] = {3, 2}, bShape[1] = {2};
  tenValue x, w, b, xw, sum, out, bad;
  report("argument x", tenGraphAddArgument(graph, TEN_F32, 2, xShape, &x));
  report("argument w", tenGraphAddArgument(graph, TEN_F32, 2, wShape, &w));
  report("argument b", tenGraphAddArgument(graph, TEN_F32, 1, bShape, &b));
  report("argument bad dtype",
         tenGraphAddArgument(graph, (tenDType)42, 1, bShape, &bad));

  tenValue xx[2] = {x, x};
  report("einsum bad", tenGraphEinsum(graph, "ij,jk->ik", 2, xx, &bad));
  report("add bad", tenGraphBinary(graph, "add", x, b, &bad));
  report("unary bad", tenGraphUnary(graph, "frobnicate", x, &bad));
  report("value bad", tenGraphUnary(graph, "exp", 99, &bad));
  int64_t dims[1] = {5};
  report("reduce bad", tenGraphReduce(graph, "sum", x, 1, dims, false, &bad));

  tenValue xw_inputs[2] = {x, w};
  report("einsum", tenGraphEinsum(graph, "ij,jk->ik", 2, xw_inputs, &xw));
  report("add", tenGraphBinary(graph, "add", xw, b, &sum));
  report("relu", tenGraphUnary(graph, "relu", sum, &out));
  tenDType dtype;
  size_t rank;
  const int64_t *shape;
  if (tenGraphGetType(graph, out, &dtype, &rank, &shape))
    printSignature("relu type", dtype, rank, shape);

  tenModule *module = NULL;
  if (report("finish", tenGraphFinish(graph, 1, &out, &module)))
    return;
  report("add after finish", tenGraphBinary(graph, "add", x, x, &bad));
  tenGraphDestroy(graph);
  tenModulePrint(module, printToStdout, NULL);

  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  options.entry = "layer";
  options.threads = 1;
  tenExecutable *executable = NULL;
  if (report("compile layer", tenCompile(module, &options, &executable)))
    return;
  tenModuleDestroy(module);
  float xs[6] = {1, -2, 3, -4, 5, -6};
  float ws[6] = {1, 0, 0, 1, 1, 1};
  float bs[2] = {0.5f, -0.5f};
  tenTensorView inputs[3] = {{TEN_F32, 2, xShape, NULL, xs},
                             {TEN_F32, 2, wShape, NULL, ws},
                             {TEN_F32, 1, bShape, NULL, bs}};
  tenTensor *result = NULL;
  if (!report("run layer",
              tenExecutableRun(executable, 3, inputs, 1, &result))) {
    printFloats("layer", result);
    tenTensorDestroy(result);
  }
  tenExecutableDestroy(executable);
}

/* x's check that it is non-negative (ten.assert, which yields no value),
 * then exp(x): the run stops with the check's message where it fails. */
static void testGraphAssert(tenContext *context) {
  tenGraph *graph = tenGraphCreate(context, "checked");
  tenGraphSetLocation(graph, "checked.py", 3, 5);
  int64_t dynamic[1] = {TEN_DYNAMIC};
  tenValue x, zero, nonNegative, out;
  float zeroValue = 0;
  report("checked argument",
         tenGraphAddArgument(graph, TEN_F32, 1, dynamic, &x));
  report("zero", tenGraphConstant(graph, TEN_F32, 0, NULL, &zeroValue, &zero));
  report("compare", tenGraphCompare(graph, "ge", x, zero, &nonNegative));
  report("assert",
         tenGraphAssert(graph, nonNegative, "x must be non-negative"));
  report("assert of floats", tenGraphAssert(graph, x, "not a condition"));
  report("assert empty message", tenGraphAssert(graph, nonNegative, ""));
  report("assert null message", tenGraphAssert(graph, nonNegative, NULL));
  report("assert bad value", tenGraphAssert(graph, 99, "no such value"));
  report("exp", tenGraphUnary(graph, "exp", x, &out));
  tenModule *module = NULL;
  if (report("finish checked", tenGraphFinish(graph, 1, &out, &module)))
    return;
  tenGraphDestroy(graph);
  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  options.entry = "checked";
  tenExecutable *executable = NULL;
  if (report("compile checked", tenCompile(module, &options, &executable)))
    return;
  tenModuleDestroy(module);
  float xs[2] = {0, 1};
  int64_t two = 2;
  tenTensorView input = {TEN_F32, 1, &two, NULL, xs};
  tenTensor *result = NULL;
  if (!report("run checked",
              tenExecutableRun(executable, 1, &input, 1, &result))) {
    tenTensorView view = tenTensorGetView(result);
    printf("checked: %g %g\n", ((float *)view.data)[0],
           ((float *)view.data)[1]);
    tenTensorDestroy(result);
  }
  xs[1] = -1;
  report("run checked negative",
         tenExecutableRun(executable, 1, &input, 1, &result));
  tenExecutableDestroy(executable);
}

/* Builds the catalogue's op `info` on `x`. */
static tenError *buildCatalogueOp(tenGraph *graph, const tenOpInfo *info,
                                  tenValue x) {
  tenValue y;
  return info->arity == TEN_OP_UNARY
             ? tenGraphUnary(graph, info->mnemonic, x, &y)
             : tenGraphBinary(graph, info->mnemonic, x, x, &y);
}

/* Every op of the catalogue (generated from the dialect's ODS) builds by
 * its mnemonic, on f32 operands, or on i32 ones for bits and shifts. */
static void testCatalogue(tenContext *context) {
  tenGraph *graph = tenGraphCreate(context, "catalogue");
  int64_t shape[2] = {2, 3};
  tenValue x, xi;
  if (report("catalogue argument",
             tenGraphAddArgument(graph, TEN_F32, 2, shape, &x)) ||
      report("catalogue argument",
             tenGraphAddArgument(graph, TEN_I32, 2, shape, &xi)))
    return;
  size_t built = 0, catalogued = tenOpCatalogueSize();
  tenOpInfo info;
  for (size_t i = 0; tenOpCatalogueGet(i, &info); ++i) {
    tenError *error = buildCatalogueOp(graph, &info, x);
    if (error) {
      tenErrorDestroy(error);
      error = buildCatalogueOp(graph, &info, xi);
    }
    if (error) {
      printf("catalogue %s: error: %s\n", info.mnemonic,
             tenErrorGetMessage(error));
      tenErrorDestroy(error);
      continue;
    }
    ++built;
  }
  printf("catalogue: %zu of %zu ops built, op %zu exists: %d\n", built,
         catalogued, catalogued, tenOpCatalogueGet(catalogued, &info));
  // ten.iota, which takes no operand.
  tenValue iota;
  report("iota", tenGraphIota(graph, TEN_F32, 2, shape, 1, &iota));
  report("iota bad dimension",
         tenGraphIota(graph, TEN_F32, 2, shape, 2, &iota));
  report("iota bad dtype", tenGraphIota(graph, TEN_I1, 2, shape, 0, &iota));
  /* x[::-1, 1:] and a concat of it with itself along its rows. */
  int64_t starts[2] = {tenSliceDefaultStart(-1), 1};
  int64_t stops[2] = {tenSliceDefaultStop(-1), tenSliceDefaultStop(1)};
  int64_t steps[2] = {-1, 1}, zeroSteps[2] = {0, 1};
  tenValue slice, joined;
  report("slice", tenGraphSlice(graph, x, 2, starts, stops, steps, &slice));
  report("slice step 0",
         tenGraphSlice(graph, x, 2, starts, stops, zeroSteps, &slice));
  /* x[i:, :j] for int64 scalars i and j known when the graph runs, and the
   * errors of such bounds. */
  tenValue bound, wrongBound, window, written;
  report("slice bound", tenGraphAddArgument(graph, TEN_I64, 0, NULL, &bound));
  report("slice f32 bound",
         tenGraphAddArgument(graph, TEN_F32, 0, NULL, &wrongBound));
  int64_t dynamicStarts[2] = {TEN_DYNAMIC, 0};
  int64_t dynamicStops[2] = {tenSliceDefaultStop(1), TEN_DYNAMIC};
  int64_t unitSteps[2] = {1, 1};
  tenValue boundValues[2] = {bound, bound};
  tenValue wrongValues[2] = {wrongBound, bound};
  report("slice dynamic",
         tenGraphSliceDynamic(graph, x, 2, dynamicStarts, dynamicStops,
                              unitSteps, boundValues, boundValues, &window));
  report("slice dynamic no values",
         tenGraphSliceDynamic(graph, x, 2, dynamicStarts, dynamicStops,
                              unitSteps, NULL, boundValues, &window));
  report("slice dynamic f32 bound",
         tenGraphSliceDynamic(graph, x, 2, dynamicStarts, dynamicStops,
                              unitSteps, wrongValues, boundValues, &window));
  report("insert slice dynamic",
         tenGraphInsertSliceDynamic(graph, window, x, 2, dynamicStarts,
                                    dynamicStops, unitSteps, boundValues,
                                    boundValues, &written));
  tenValue parts[2] = {slice, slice};
  report("concat", tenGraphConcat(graph, 2, parts, 0, &joined));
  report("concat no input", tenGraphConcat(graph, 0, parts, 0, &joined));
  report("concat axis -1", tenGraphConcat(graph, 2, parts, -1, &joined));
  tenValue mixed[2] = {slice, x};
  report("concat mismatch", tenGraphConcat(graph, 2, mixed, 0, &joined));
  /* Running sums along x's rows, and the errors a scan can meet. */
  tenValue scanned;
  report("scan", tenGraphScan(graph, "sum", x, 1, &scanned));
  report("scan kind", tenGraphScan(graph, "mean", x, 1, &scanned));
  report("scan dim -1", tenGraphScan(graph, "max", x, -1, &scanned));
  report("scan dim 2", tenGraphScan(graph, "prod", x, 2, &scanned));
  /* x's columns at int64 indices, and the errors a take can meet. */
  int64_t indexShape[1] = {4};
  tenValue columnIndices, taken;
  report("take indices",
         tenGraphAddArgument(graph, TEN_I64, 1, indexShape, &columnIndices));
  report("take", tenGraphTake(graph, "clip", x, columnIndices, 1, &taken));
  report("take mode",
         tenGraphTake(graph, "nearest", x, columnIndices, 1, &taken));
  report("take f32 indices", tenGraphTake(graph, "raise", x, x, 0, &taken));
  /* The columns taken, added back where they came from, and the errors a
   * scatter can meet. */
  tenValue scattered;
  report("scatter",
         tenGraphScatter(graph, "add", x, columnIndices, taken, 1, &scattered));
  report("scatter kind",
         tenGraphScatter(graph, "sub", x, columnIndices, taken, 1, &scattered));
  report("scatter dim -1", tenGraphScatter(graph, "assign", x, columnIndices,
                                           taken, -1, &scattered));
  report("scatter updates",
         tenGraphScatter(graph, "assign", x, columnIndices, x, 1, &scattered));
  /* Positions of x's nonzero elements, and where x's elements go in the
   * sorted index vector. */
  tenValue positions, found;
  report("nonzero", tenGraphNonzero(graph, x, &positions));
  report("searchsorted", tenGraphSearchSorted(graph, "right", columnIndices,
                                              positions, &found));
  report(
      "searchsorted side",
      tenGraphSearchSorted(graph, "middle", columnIndices, positions, &found));
  report("searchsorted rank",
         tenGraphSearchSorted(graph, "left", x, x, &found));
  /* Sorted rows, and a sort along a dimension x does not have. */
  tenValue sortedValues, sortedIndices;
  report("sort",
         tenGraphSort(graph, x, 1, true, &sortedValues, &sortedIndices));
  report("sort dim 2",
         tenGraphSort(graph, x, 2, false, &sortedValues, &sortedIndices));
  /* A partition about two positions, and about ones out of order. */
  int64_t kth[2] = {0, 2};
  report("partition", tenGraphPartition(graph, x, 1, kth, 2, false,
                                        &sortedValues, &sortedIndices));
  int64_t unorderedKth[2] = {2, 0};
  report("partition order", tenGraphPartition(graph, x, 1, unorderedKth, 2,
                                              false, &sortedValues, NULL));
  /* Fourier transforms: a real one and back to NumPy's default length. */
  tenValue spectrum, signal;
  report("rfft", tenGraphFft(graph, "real_forward", x, 1, -1, &spectrum));
  report("irfft", tenGraphFft(graph, "real_inverse", spectrum, 1, -1, &signal));
  report("fft kind", tenGraphFft(graph, "backward", x, 1, -1, &signal));
  report("fft dim", tenGraphFft(graph, "forward", spectrum, 2, -1, &signal));
  report("fft real", tenGraphFft(graph, "forward", x, 1, -1, &signal));
  /* Dense linear algebra of a batch of square matrices, slogdet's second
   * result used, and the errors of the call. */
  int64_t squareShape[3] = {2, 3, 3};
  tenValue square, factor, solution, logdet[2], magnitude;
  report("matrices",
         tenGraphAddArgument(graph, TEN_F64, 3, squareShape, &square));
  report("cholesky",
         tenGraphLinalg(graph, "cholesky", 1, &square, true, &factor));
  tenValue system[2] = {square, factor};
  report("solve", tenGraphLinalg(graph, "solve", 2, system, false, &solution));
  report("slogdet",
         tenGraphLinalg(graph, "slogdet", 1, &square, false, logdet));
  report("exp of logabsdet",
         tenGraphUnary(graph, "exp", logdet[1], &magnitude));
  tenValue decomposition[3];
  report("svd", tenGraphLinalg(graph, "svd", 1, &x, false, decomposition));
  report("product of u and vh",
         tenGraphEinsum(graph, "ij,jk->ik", 2,
                        (tenValue[]){decomposition[0], decomposition[2]},
                        &magnitude));
  report("qr", tenGraphLinalg(graph, "qr", 1, &square, false, decomposition));
  report("eig", tenGraphLinalg(graph, "eig", 1, &square, false, decomposition));
  report("magnitude of eigenvectors",
         tenGraphUnary(graph, "abs", decomposition[1], &magnitude));
  report("eigvals",
         tenGraphLinalg(graph, "eigvals", 1, &square, false, decomposition));
  report("linalg op", tenGraphLinalg(graph, "lu", 1, &square, false, &factor));
  report("linalg inputs",
         tenGraphLinalg(graph, "solve", 1, &square, false, &solution));
  report("linalg not square",
         tenGraphLinalg(graph, "inv", 1, &x, false, &factor));
  /* Philox bits of a key argument. */
  int64_t keyShape[1] = {2};
  tenValue key, bits;
  report("key", tenGraphAddArgument(graph, TEN_UI32, 1, keyShape, &key));
  report("random bits",
         tenGraphRandomBits(graph, key, 1, TEN_UI64, 2, shape, &bits));
  report("random floats",
         tenGraphRandomBits(graph, key, 0, TEN_F32, 2, shape, &bits));
  report("random stream -1",
         tenGraphRandomBits(graph, key, -1, TEN_UI32, 2, shape, &bits));
  report("random key f32",
         tenGraphRandomBits(graph, x, 0, TEN_UI32, 2, shape, &bits));
  /* x's bits as integers, and a bitcast between widths. */
  tenValue reinterpreted;
  report("bitcast", tenGraphBitcast(graph, x, TEN_UI32, &reinterpreted));
  report("bitcast width", tenGraphBitcast(graph, x, TEN_F64, &reinterpreted));
  report("bitcast dtype",
         tenGraphBitcast(graph, x, (tenDType)42, &reinterpreted));
  tenGraphDestroy(graph);
}

/* The CUDA target through the same calls: where the process has no driver,
 * compiling says why; with one (the test's fake driver, which runs kernels
 * compiled for the host), the matmul runs and its results come back to host
 * memory. */
static void testCuda(tenContext *context) {
  if (report("cuda available", tenTargetCheckAvailable("cuda")))
    return;
  tenModule *module = NULL;
  tenExecutable *executable = NULL;
  if (report("parse matmul", tenModuleParse(context, kMatmul, strlen(kMatmul),
                                            "matmul.mlir", &module)))
    return;
  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  options.target = "cuda";
  options.threads = 2;
  report("compile cuda threads=2", tenCompile(module, &options, &executable));
  options.threads = 0;
  options.pipelineOptions = "emulate-kernels=true use-cublas=false";
  if (report("compile cuda", tenCompile(module, &options, &executable))) {
    tenModuleDestroy(module);
    return;
  }
  tenModuleDestroy(module);
  float a[6] = {1, 2, 3, 4, 5, 6};
  float b[6] = {1, 0, 0, 1, 1, 0}; /* b = [[1 0] [0 1] [1 0]] */
  int64_t aShape[2] = {2, 3}, bShape[2] = {3, 2};
  tenTensorView inputs[2] = {
      {TEN_F32, 2, aShape, NULL, a},
      {TEN_F32, 2, bShape, NULL, b},
  };
  tenTensor *result = NULL;
  if (!report("run cuda matmul",
              tenExecutableRun(executable, 2, inputs, 1, &result))) {
    printFloats("cuda matmul", result);
    tenTensorDestroy(result);
  }

  /* Results left on the device, and inputs already there read in place:
   * the fake driver's device memory is host memory, so the test reads it. */
  tenModule *addModule = NULL;
  tenExecutable *add = NULL;
  if (report("parse add",
             tenModuleParse(context, kDynamicAdd, strlen(kDynamicAdd),
                            "add.mlir", &addModule)) ||
      report("compile cuda add", tenCompile(addModule, &options, &add))) {
    tenModuleDestroy(addModule);
    tenExecutableDestroy(executable);
    return;
  }
  tenModuleDestroy(addModule);
  float zeros[6] = {0, 0, 0, 0, 0, 0};
  int64_t flatShape[1] = {6};
  tenTensorView addInputs[2] = {
      {TEN_F32, 1, flatShape, NULL, b},
      {TEN_F32, 1, flatShape, NULL, zeros},
  };
  tenTensor *onDevice = NULL;
  if (report("run cuda add on device",
             tenExecutableRunOnDevice(add, 2, addInputs, NULL, 1, &onDevice)))
    goto done;
  tenTensorView sum = tenTensorGetView(onDevice);
  printf("add result memory: %s\n",
         tenTensorGetMemory(onDevice) == TEN_MEMORY_DEVICE ? "device" : "host");
  /* The sum, 6 elements on the device, read in place as b (3x2). */
  tenTensorView deviceInputs[2] = {
      {TEN_F32, 2, aShape, NULL, a},
      {TEN_F32, 2, bShape, NULL, sum.data},
  };
  tenMemory memory[2] = {TEN_MEMORY_HOST, TEN_MEMORY_DEVICE};
  if (!report("run cuda matmul on device",
              tenExecutableRunOnDevice(executable, 2, deviceInputs, memory, 1,
                                       &result))) {
    printf("matmul result memory: %s\n",
           tenTensorGetMemory(result) == TEN_MEMORY_DEVICE ? "device" : "host");
    printFloats("cuda matmul on device", result);
    tenTensorDestroy(result);
  }
  /* A device input must be row-major: the host cannot gather it. */
  int64_t columnMajor[2] = {sizeof(float), 3 * sizeof(float)};
  deviceInputs[1].strides = columnMajor;
  report("run cuda strided device input",
         tenExecutableRunOnDevice(executable, 2, deviceInputs, memory, 1,
                                  &result));
  /* A function that returns its device input: the result is a copy in a
   * buffer of its own, which the caller frees apart from the input. */
  tenModule *identityModule = NULL;
  tenExecutable *identity = NULL;
  if (!report("parse identity",
              tenModuleParse(context, kIdentity, strlen(kIdentity),
                             "identity.mlir", &identityModule)) &&
      !report("compile cuda identity",
              tenCompile(identityModule, &options, &identity))) {
    tenMemory deviceMemory = TEN_MEMORY_DEVICE;
    tenTensorView sumInput = {TEN_F32, 1, flatShape, NULL, sum.data};
    tenTensor *same = NULL;
    if (!report("run cuda identity of device input",
                tenExecutableRunOnDevice(identity, 1, &sumInput, &deviceMemory,
                                         1, &same))) {
      tenTensorView view = tenTensorGetView(same);
      printf("identity: own buffer %s, elements %g %g %g %g %g %g\n",
             view.data != sum.data ? "yes" : "no", ((float *)view.data)[0],
             ((float *)view.data)[1], ((float *)view.data)[2],
             ((float *)view.data)[3], ((float *)view.data)[4],
             ((float *)view.data)[5]);
      tenTensorDestroy(same);
    }
  }
  tenModuleDestroy(identityModule);
  tenExecutableDestroy(identity);
  tenTensorDestroy(onDevice);
done:
  tenExecutableDestroy(add);
  tenExecutableDestroy(executable);
}

static const char kStaticMatmul[] =
    "func.func @main(%a: tensor<4x6xf32>, %b: tensor<6x2xf32>)\n"
    "    -> tensor<4x2xf32> {\n"
    "  %c = ten.einsum \"ij,jk->ik\" (%a, %b) : (tensor<4x6xf32>, "
    "tensor<6x2xf32>) -> tensor<4x2xf32>\n"
    "  return %c : tensor<4x2xf32>\n"
    "}\n";

static void printAxes(const char *what, bool found, const int64_t *axes,
                      size_t rank) {
  printf("%s:", what);
  if (!found) {
    printf(" none\n");
    return;
  }
  for (size_t i = 0; i < rank; ++i)
    printf(" %lld", (long long)axes[i]);
  printf("\n");
}

/* A module laid out over a grid of 2: what the executable says of it, and
   a run refused outside an MPI job of 2 processes. */
static void testSharding(tenContext *context) {
  tenModule *module = NULL;
  if (report("parse sharded",
             tenModuleParse(context, kStaticMatmul, strlen(kStaticMatmul),
                            "sharded.mlir", &module)))
    return;
  int64_t zero = 0, two = 2;
  int64_t rows[2] = {0, -1}, beyond[2] = {3, -1};
  report("grid 0", tenModuleSetGrid(module, &zero, 1));
  report("grid of no axes", tenModuleSetGrid(module, &two, 0));
  report("grid 2", tenModuleSetGrid(module, &two, 1));
  report("sharding of nope",
         tenModuleSetArgumentSharding(module, "nope", 0, rows, 2));
  report("sharding of argument 2",
         tenModuleSetArgumentSharding(module, "main", 2, rows, 2));
  report("sharding of result 1",
         tenModuleSetResultSharding(module, "main", 1, rows, 2));
  report("sharding of argument 0",
         tenModuleSetArgumentSharding(module, "main", 0, rows, 2));
  report("sharding of result 0",
         tenModuleSetResultSharding(module, "main", 0, rows, 2));
  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  tenExecutable *executable = NULL;
  if (!report("compile sharded", tenCompile(module, &options, &executable))) {
    const int64_t *sizes = NULL;
    size_t axes = tenExecutableGetGrid(executable, &sizes);
    printf("grid: %zu axis of %lld\n", axes, (long long)sizes[0]);
    tenDType dtype;
    size_t rank;
    const int64_t *shape;
    const int64_t *sharding;
    tenExecutableGetArgument(executable, 0, &dtype, &rank, &shape);
    printSignature("argument 0 on a process", dtype, rank, shape);
    bool found =
        tenExecutableGetArgumentSharding(executable, 0, &sharding, &rank);
    printAxes("argument 0 sharding", found, sharding, rank);
    found = tenExecutableGetArgumentSharding(executable, 1, &sharding, &rank);
    printAxes("argument 1 sharding", found, sharding, rank);
    found = tenExecutableGetArgumentSharding(executable, 2, &sharding, &rank);
    printAxes("argument 2 sharding", found, sharding, rank);
    found = tenExecutableGetResultSharding(executable, 0, &sharding, &rank);
    printAxes("result 0 sharding", found, sharding, rank);
    int processRank = -1, processes = -1;
    report("process group", tenProcessGroupGet(&processRank, &processes));
    printf("process %d of %d\n", processRank, processes);
    float a[12] = {0}, b[12] = {0};
    int64_t aShape[2] = {2, 6}, bShape[2] = {6, 2};
    tenTensorView inputs[2] = {{TEN_F32, 2, aShape, NULL, a},
                               {TEN_F32, 2, bShape, NULL, b}};
    tenTensor *results[1] = {NULL};
    report("run outside mpirun",
           tenExecutableRun(executable, 2, inputs, 1, results));
    tenExecutableDestroy(executable);
  }
  report("sharding beyond the grid",
         tenModuleSetArgumentSharding(module, "main", 0, beyond, 2));
  executable = NULL;
  if (!report("compile beyond the grid",
              tenCompile(module, &options, &executable)))
    tenExecutableDestroy(executable);
  tenModuleDestroy(module);
}

int main(void) {
  printf("f16 is %s of %zu bytes; 42 is %s\n", tenDTypeGetName(TEN_F16),
         tenDTypeGetSize(TEN_F16),
         tenDTypeGetName((tenDType)42) ? "named" : "not a dtype");
  // Every element type: name, size and .npy descr, in tenDType's order.
  for (int code = 0; tenDTypeGetName((tenDType)code); ++code)
    printf("dtype %d: %s, %zu bytes, %s\n", code,
           tenDTypeGetName((tenDType)code), tenDTypeGetSize((tenDType)code),
           tenDTypeGetNpyDescr((tenDType)code));
  printf("descr of 42: %s\n",
         tenDTypeGetNpyDescr((tenDType)42) ? "named" : "none");
  // NumPy's promotion: python/tests/test_promotion.py checks every pair.
  tenDType promoted = TEN_I1;
  bool promotes = tenDTypePromote(TEN_I8, TEN_UI8, &promoted);
  printf("i8 with ui8: %s\n", promotes ? tenDTypeGetName(promoted) : "none");
  promotes = tenDTypePromoteScalar(TEN_F32, TEN_SCALAR_FLOAT, &promoted);
  printf("f32 with a float: %s\n",
         promotes ? tenDTypeGetName(promoted) : "none");
  printf("42 with i8: %s\n", tenDTypePromote((tenDType)42, TEN_I8, &promoted)
                                 ? "promotes"
                                 : "refused");
  tenContext *context = tenContextCreate();
  testParseAndRun(context);
  testRunTimeCheck(context);
  testGraph(context);
  testGraphAssert(context);
  testCatalogue(context);
  testSharding(context);
  testCuda(context);
  tenContextDestroy(context);
  printf("done\n");
  return 0;
}
