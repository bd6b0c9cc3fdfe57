/* Compiles a row softmax with ten's C API and runs it on a 2 x 4 array:
 * what a C application does with an installed ten (find_package(Ten),
 * Ten::CAPI). Prints the rows; exits 1 with the error on any failure. */
#include "ten-c/Ten.h"

#include <stdio.h>
#include <string.h>

static const char kSoftmax[] =
    "func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {\n"
    "  %m = ten.reduce max %x dims [1] keepdim : tensor<2x4xf32> -> "
    "tensor<2x1xf32>\n"
    "  %d = ten.sub %x, %m : (tensor<2x4xf32>, tensor<2x1xf32>) -> "
    "tensor<2x4xf32>\n"
    "  %e = ten.exp %d : tensor<2x4xf32>\n"
    "  %s = ten.reduce sum %e dims [1] keepdim : tensor<2x4xf32> -> "
    "tensor<2x1xf32>\n"
    "  %y = ten.div %e, %s : (tensor<2x4xf32>, tensor<2x1xf32>) -> "
    "tensor<2x4xf32>\n"
    "  return %y : tensor<2x4xf32>\n"
    "}\n";

static int failed(tenError *error) {
  if (!error)
    return 0;
  fprintf(stderr, "softmax-c: %s\n", tenErrorGetMessage(error));
  tenErrorDestroy(error);
  return 1;
}

int main(void) {
  tenContext *context = tenContextCreate();
  tenModule *module = NULL;
  if (failed(tenModuleParse(context, kSoftmax, strlen(kSoftmax), "softmax.mlir",
                            &module)))
    return 1;
  tenCompileOptions options;
  tenCompileOptionsInit(&options);
  options.entry = "softmax";
  tenExecutable *executable = NULL;
  if (failed(tenCompile(module, &options, &executable)))
    return 1;
  float x[8] = {1, 2, 3, 4, 0, 0, 0, 0};
  int64_t shape[2] = {2, 4};
  tenTensorView input = {TEN_F32, 2, shape, NULL, x};
  tenTensor *result = NULL;
  if (failed(tenExecutableRun(executable, 1, &input, 1, &result)))
    return 1;
  tenTensorView view = tenTensorGetView(result);
  const float *y = (const float *)view.data;
  for (int64_t row = 0; row < 2; ++row) {
    for (int64_t column = 0; column < 4; ++column)
      printf("%s%.4f", column ? " " : "",
             y[row * view.strides[0] / 4 + column * view.strides[1] / 4]);
    printf("\n");
  }
  tenTensorDestroy(result);
  tenExecutableDestroy(executable);
  tenModuleDestroy(module);
  tenContextDestroy(context);
  return 0;
}
