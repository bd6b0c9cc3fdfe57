//===- VectorMathLibrary.cpp - the host's vector math functions -----------===//

#include "ten/Target/VectorMathLibrary.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/TypeSize.h"

#include <dlfcn.h>
#include <vector>

using namespace mlir;

namespace {

/// A C math function of double (its float variant ends in `f`), its
/// arguments, and whether LLVM has an intrinsic of the same name
/// (llvm.<name>.f32 and .f64), which MLIR's math lowering emits instead of
/// a call.
struct MathFunction {
  llvm::StringLiteral name;
  unsigned arguments;
  bool intrinsic;
};

/// The functions of glibc's libmvec (2.35 and later; before, only sin,
/// cos, exp, log and pow, and a function that the library lacks is left
/// out), whose vector variants are within 4 units in the last place of the
/// correctly rounded result, as glibc's scalar functions are within 1 to 4.
/// exp, log, tanh and erf of float are approximated before LLVM
/// (ten-approximate-math); their double variants call the library.
constexpr MathFunction mathFunctions[] = {
    {"sin", 1, true},    {"cos", 1, true},    {"tan", 1, true},
    {"asin", 1, true},   {"acos", 1, true},   {"atan", 1, true},
    {"sinh", 1, true},   {"cosh", 1, true},   {"tanh", 1, true},
    {"asinh", 1, false}, {"acosh", 1, false}, {"atanh", 1, false},
    {"exp", 1, true},    {"exp2", 1, true},   {"exp10", 1, true},
    {"expm1", 1, false}, {"log", 1, true},    {"log2", 1, true},
    {"log10", 1, true},  {"log1p", 1, false}, {"cbrt", 1, false},
    {"erf", 1, false},   {"erfc", 1, false},  {"atan2", 2, true},
    {"pow", 2, true},    {"hypot", 2, false},
};

/// The host's vector math library, loaded once with its symbols global (the
/// JIT resolves calls among the process's global symbols), or null.
void *getLibrary() {
  static void *library = dlopen("libmvec.so.1", RTLD_NOW | RTLD_GLOBAL);
  return library;
}

/// The vector variants of every function for vectors of `vectorBits` bits
/// that the library provides: for each, the scalar function's name and the
/// intrinsic's, both mapped to the variant. The names follow the x86 vector
/// function ABI: _ZGV, the ISA (d: AVX2, e: AVX-512), N (unmasked), the
/// lanes, a v per argument, and the scalar name.
std::vector<llvm::VecDesc> collectVariants(int64_t vectorBits) {
  std::vector<llvm::VecDesc> variants;
  void *library = getLibrary();
  char isa = vectorBits == 512 ? 'e' : vectorBits == 256 ? 'd' : 0;
  if (!library || !isa)
    return variants;
  static llvm::BumpPtrAllocator allocator;
  static llvm::StringSaver names(allocator);
  for (const MathFunction &function : mathFunctions) {
    std::string parameters(function.arguments, 'v');
    for (auto [suffix, typeName, elementBits] :
         {std::tuple<const char *, const char *, int64_t>{"", "f64", 64},
          {"f", "f32", 32}}) {
      int64_t lanes = vectorBits / elementBits;
      std::string scalar = (function.name + suffix).str();
      std::string vector = "_ZGV" + std::string(1, isa) + "N" +
                           std::to_string(lanes) + parameters + "_" + scalar;
      if (!dlsym(library, vector.c_str()))
        continue;
      llvm::StringRef vectorName = names.save(vector);
      llvm::StringRef prefix =
          names.save("_ZGV_LLVM_N" + std::to_string(lanes) + parameters);
      auto lanesCount = llvm::ElementCount::getFixed(lanes);
      variants.emplace_back(names.save(scalar), vectorName, lanesCount,
                            /*Masked=*/false, prefix, std::nullopt);
      if (function.intrinsic)
        variants.emplace_back(
            names.save(("llvm." + function.name + "." + typeName).str()),
            vectorName, lanesCount, /*Masked=*/false, prefix, std::nullopt);
    }
  }
  return variants;
}

} // namespace

void ten::addHostVectorMathFunctions(llvm::TargetLibraryInfoImpl &info,
                                     int64_t vectorBits) {
  // Each width's variants, collected once per process (thread-safe
  // initialization of the statics).
  static const std::vector<llvm::VecDesc> avx512 = collectVariants(512);
  static const std::vector<llvm::VecDesc> avx2 = collectVariants(256);
  // The narrower variants too: the vectorizer picks the width of each loop.
  if (vectorBits >= 512)
    info.addVectorizableFunctions(avx512);
  if (vectorBits >= 256)
    info.addVectorizableFunctions(avx2);
}
