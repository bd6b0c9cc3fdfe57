# Helpers that give every `ten` target the same shape.

# Links `target` against `libs`: the project's own libraries (named Ten*)
# directly, MLIR's through mlir_target_link_libraries, so that
# TEN_LINK_MLIR_DYLIB switches every target to libMLIR.so at once. Mixing the
# shared and the static MLIR in one process registers everything twice.
function(ten_link_libraries target visibility)
  set(ten_libs)
  set(mlir_libs)
  foreach(lib ${ARGN})
    if(lib MATCHES "^Ten")
      list(APPEND ten_libs ${lib})
    else()
      list(APPEND mlir_libs ${lib})
    endif()
  endforeach()
  target_link_libraries(${target} ${visibility} ${ten_libs})
  if(mlir_libs)
    mlir_target_link_libraries(${target} ${visibility} ${mlir_libs})
    if(MLIR_LINK_MLIR_DYLIB)
      # libMLIR.so leaves LLVM's symbols to libLLVM.so.
      target_link_libraries(${target} ${visibility} LLVM)
    endif()
  endif()
endfunction()

# The MLIR headers that most of the project's sources include, parsed once
# per build into a precompiled header that every library and tool reuses.
# Parsing them was a third to a half of a source's compile time: a fresh
# build on 2 cores took 581 s instead of 738 s (its objects 1650 s of
# compilation instead of 2183 s; GCC 12), the header itself 54 s of it.
# GCC uses the precompiled header only where the flags match the ones it was
# made with, and otherwise parses the headers as usual, so a target with other
# flags compiles as it did before. -DTEN_PRECOMPILED_HEADERS=OFF to compare.
option(TEN_PRECOMPILED_HEADERS "Reuse one precompiled header of MLIR's headers" ON)
set(TEN_PRECOMPILED_HEADER_LIST
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Arith/Utils/Utils.h>
  <mlir/Dialect/Bufferization/IR/Bufferization.h>
  <mlir/Dialect/Complex/IR/Complex.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/Linalg/IR/Linalg.h>
  <mlir/Dialect/Math/IR/Math.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <mlir/Dialect/Utils/StaticValueUtils.h>
  <mlir/IR/PatternMatch.h>
  <mlir/Pass/Pass.h>
  <mlir/Transforms/DialectConversion.h>)

# Makes `target` compile with the shared precompiled header.
function(ten_use_precompiled_headers target)
  if(NOT TEN_PRECOMPILED_HEADERS)
    return()
  endif()
  if(NOT TARGET TenPrecompiledHeaders)
    # A library of one empty source, made only for its precompiled header;
    # PIC like the project's libraries, so that they can reuse it.
    # Written only when missing or different: a source rewritten at every
    # configure would be compiled again after each.
    file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/precompiled-headers.cpp
         CONTENT "// The source of TenPrecompiledHeaders: empty.\n")
    add_library(TenPrecompiledHeaders OBJECT
      ${CMAKE_BINARY_DIR}/precompiled-headers.cpp)
    set_target_properties(TenPrecompiledHeaders PROPERTIES
      POSITION_INDEPENDENT_CODE ON)
    target_precompile_headers(TenPrecompiledHeaders PRIVATE
      ${TEN_PRECOMPILED_HEADER_LIST})
  endif()
  target_precompile_headers(${target} REUSE_FROM TenPrecompiledHeaders)
endfunction()

# add_ten_library(name sources... [DEPENDS tablegen-targets...]
#                 [LINK_LIBS libs...]): a static library of the project.
function(add_ten_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    ARCHIVE_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/lib
    POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  ten_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  ten_use_precompiled_headers(${name})
  ten_install_library(${name})
endfunction()

# Installs the library `name` into the CMake package (TenConfig.cmake) as
# Ten::<name without its Ten prefix>: TenDialect is Ten::Dialect.
function(ten_install_library name)
  # Every library of the project, for the link graph that the tests check.
  set_property(GLOBAL APPEND PROPERTY TEN_LIBRARIES ${name})
  string(REGEX REPLACE "^Ten" "" export_name ${name})
  set_target_properties(${name} PROPERTIES EXPORT_NAME ${export_name})
  install(TARGETS ${name} EXPORT TenExports
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
    INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endfunction()

# add_ten_tool(name sources... [LINK_LIBS libs...]): an executable in
# build/bin.
function(add_ten_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
  ten_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS})
  ten_use_precompiled_headers(${name})
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
