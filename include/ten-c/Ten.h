/*===- ten-c/Ten.h - the C API of ten -----------------------------*- C -*-===*\
|*                                                                            *|
|* Parse or build a program, compile it, run it on your buffers:             *|
|*                                                                            *|
|*   tenContext *context = tenContextCreate();                                *|
|*   tenModule *module;                                                       *|
|*   tenError *error = tenModuleParse(context, text, length, "prog", &module);
*|
|*   ... tenCompile(module, &options, &executable);                           *|
|*   ... tenExecutableRun(executable, 2, inputs, 1, results);                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_C_TEN_H
#define TEN_C_TEN_H

#include "ten-c/Executable.h"
#include "ten-c/Graph.h"
#include "ten-c/Module.h"
#include "ten-c/Sharding.h"
#include "ten-c/Support.h"

#endif // TEN_C_TEN_H
