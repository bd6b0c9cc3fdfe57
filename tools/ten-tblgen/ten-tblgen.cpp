//===- ten-tblgen.cpp - the op catalogue from TenOps.td -------------------===//
//
// -gen-op-catalogue: one X-macro line per elementwise op of the dialect, from
// its ODS record, for everything that lists the ops by name (the lowering's
// patterns, the C API's builders, the Python package's functions):
//
//   TEN_UNARY_OP(Class, "mnemonic", "python_name", "numpy_type_rule",
//                "summary")
//   TEN_BINARY_OP(...the same)
//
// `python_name` is the NumPy-named function of the Python package;
// `numpy_type_rule` the NumPy ufunc whose result dtype the op takes;
// `summary` the op's ODS summary, for documentation strings.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;

static cl::opt<bool> genOpCatalogue("gen-op-catalogue",
                                    cl::desc("The elementwise op catalogue"));

/// The C++ class of an op record: `Ten_ExpOp` is `ExpOp`.
static StringRef getClassName(const Record *record) {
  StringRef name = record->getName();
  name.consume_front("Ten_");
  return name;
}

static void emitOps(raw_ostream &os, const RecordKeeper &records,
                    StringRef odsClass, StringRef macro) {
  os << "#ifndef " << macro << "\n#define " << macro
     << "(Class, mnemonic, pythonName, numpyTypeRule, summary)\n#endif\n";
  for (const Record *record : records.getAllDerivedDefinitions(odsClass)) {
    os << macro << "(" << getClassName(record);
    for (StringRef field :
         {"opName", "pythonName", "numpyTypeRule", "summary"}) {
      os << ", \"";
      os.write_escaped(record->getValueAsString(field));
      os << "\"";
    }
    os << ")\n";
  }
  os << "#undef " << macro << "\n\n";
}

static bool emitCatalogue(raw_ostream &os, const RecordKeeper &records) {
  emitSourceFileHeader("The elementwise ops of the ten dialect", os, records);
  emitOps(os, records, "Ten_UnaryOp", "TEN_UNARY_OP");
  emitOps(os, records, "Ten_BinaryOp", "TEN_BINARY_OP");
  return false;
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(
      argv[0], [](raw_ostream &os, const RecordKeeper &records) {
        if (!genOpCatalogue) {
          errs() << "ten-tblgen: no generator given (-gen-op-catalogue)\n";
          return true;
        }
        return emitCatalogue(os, records);
      });
}
