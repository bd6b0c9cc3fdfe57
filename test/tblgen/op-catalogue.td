// ten-tblgen -gen-op-catalogue: one X-macro line per record of the
// elementwise op classes, sorted by name, with the class name that ODS
// gives it (Ten_ prefix dropped), the mnemonic, the Python name, the NumPy
// type rule and the summary (escaped); records of other classes are left out.
// RUN: ten-tblgen -gen-op-catalogue %s | FileCheck %s
// RUN: not ten-tblgen %s 2>&1 | FileCheck %s --check-prefix=NO-GENERATOR

// CHECK:      #ifndef TEN_UNARY_OP
// CHECK-NEXT: #define TEN_UNARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)
// CHECK-NEXT: #endif
// CHECK-NEXT: TEN_UNARY_OP(NegOp, "neg", "negative", "negative", "Elementwise negation")
// CHECK-NEXT: TEN_UNARY_OP(RsqrtOp, "rsqrt", "rsqrt", "sqrt", "Elementwise \"1 / sqrt\"")
// CHECK-NEXT: #undef TEN_UNARY_OP
// CHECK:      TEN_BINARY_OP(DivOp, "div", "divide", "true_divide", "Elementwise quotient")
// CHECK-NEXT: #undef TEN_BINARY_OP
// CHECK-NOT:  Reduce
// NO-GENERATOR: ten-tblgen: no generator given (-gen-op-catalogue)

class Op<string mnemonic> {
  string opName = mnemonic;
  string summary = "";
}
class Ten_UnaryOp<string mnemonic, string what> : Op<mnemonic> {
  let summary = "Elementwise " # what;
  string pythonName = mnemonic;
  string numpyTypeRule = pythonName;
}
class Ten_BinaryOp<string mnemonic, string what> : Op<mnemonic> {
  let summary = "Elementwise " # what;
  string pythonName = mnemonic;
  string numpyTypeRule = pythonName;
}

def Ten_NegOp : Ten_UnaryOp<"neg", "negation"> {
  let pythonName = "negative";
}
def Ten_RsqrtOp : Ten_UnaryOp<"rsqrt", "\"1 / sqrt\""> {
  let numpyTypeRule = "sqrt";
}
def Ten_DivOp : Ten_BinaryOp<"div", "quotient"> {
  let pythonName = "divide";
  let numpyTypeRule = "true_divide";
}
def Ten_ReduceOp : Op<"reduce">;
