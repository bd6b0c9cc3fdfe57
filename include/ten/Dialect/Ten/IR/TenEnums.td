//===- TenEnums.td - ten enumerations and their attributes -*- tablegen -*-===//

#ifndef TEN_DIALECT_TEN_IR_TENENUMS_TD
#define TEN_DIALECT_TEN_IR_TENENUMS_TD

include "ten/Dialect/Ten/IR/TenDialect.td"
include "mlir/IR/EnumAttr.td"

def Ten_ReduceKind : I32Enum<"ReduceKind", "what a reduction computes", [
    I32EnumCase<"sum", 0>,
    I32EnumCase<"mean", 1>,
    I32EnumCase<"prod", 2>,
    I32EnumCase<"max", 3>,
    I32EnumCase<"min", 4>,
    I32EnumCase<"argmax", 5>,
    I32EnumCase<"argmin", 6>,
    I32EnumCase<"any", 7>,
    I32EnumCase<"all", 8>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_ReduceKindAttr : EnumAttr<Ten_Dialect, Ten_ReduceKind, "reduce_kind">;

def Ten_ScanKind : I32Enum<"ScanKind", "what a scan accumulates", [
    I32EnumCase<"sum", 0>,
    I32EnumCase<"prod", 1>,
    I32EnumCase<"max", 2>,
    I32EnumCase<"min", 3>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_ScanKindAttr : EnumAttr<Ten_Dialect, Ten_ScanKind, "scan_kind">;

def Ten_TakeMode : I32Enum<"TakeMode", "what an index out of range does", [
    I32EnumCase<"raise", 0>,
    I32EnumCase<"wrap", 1>,
    I32EnumCase<"clip", 2>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_TakeModeAttr : EnumAttr<Ten_Dialect, Ten_TakeMode, "take_mode">;

def Ten_ScatterKind : I32Enum<"ScatterKind",
                              "how a scatter combines an update", [
    I32EnumCase<"assign", 0>,
    I32EnumCase<"add", 1>,
    I32EnumCase<"mul", 2>,
    I32EnumCase<"max", 3>,
    I32EnumCase<"min", 4>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_ScatterKindAttr : EnumAttr<Ten_Dialect, Ten_ScatterKind,
                                   "scatter_kind">;

def Ten_FftKind : I32Enum<"FftKind", "which discrete Fourier transform", [
    I32EnumCase<"forward", 0>,
    I32EnumCase<"inverse", 1>,
    I32EnumCase<"real_forward", 2>,
    I32EnumCase<"real_inverse", 3>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_FftKindAttr : EnumAttr<Ten_Dialect, Ten_FftKind, "fft_kind">;

def Ten_SearchSide : I32Enum<"SearchSide",
                              "which of equal elements a search lands by", [
    I32EnumCase<"left", 0>,
    I32EnumCase<"right", 1>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_SearchSideAttr : EnumAttr<Ten_Dialect, Ten_SearchSide, "search_side">;

def Ten_CmpPredicate : I32Enum<"CmpPredicate", "a comparison", [
    I32EnumCase<"eq", 0>,
    I32EnumCase<"ne", 1>,
    I32EnumCase<"lt", 2>,
    I32EnumCase<"le", 3>,
    I32EnumCase<"gt", 4>,
    I32EnumCase<"ge", 5>
  ]> {
  let cppNamespace = "::mlir::ten";
}

def Ten_CmpPredicateAttr : EnumAttr<Ten_Dialect, Ten_CmpPredicate,
                                    "cmp_predicate">;

#endif // TEN_DIALECT_TEN_IR_TENENUMS_TD
