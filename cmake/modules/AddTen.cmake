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
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
