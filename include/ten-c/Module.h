/*===- ten-c/Module.h - contexts and modules ----------------------*- C -*-===*\
|*                                                                            *|
|* A context owns everything the compiler creates (types, attributes, IR) and *|
|* knows every dialect a ten program uses. A module is a program: parsed from *|
|* text or built with a graph (ten-c/Graph.h).                                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TEN_C_MODULE_H
#define TEN_C_MODULE_H

#include "ten-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tenContext tenContext;
typedef struct tenModule tenModule;

/// A context with the ten dialect and every dialect its programs lower
/// through. One context is used by one thread at a time.
TEN_CAPI_EXPORTED tenContext *tenContextCreate(void);

/// Destroys the context. Its modules and graphs must be destroyed first;
/// executables compiled from them do not depend on it.
TEN_CAPI_EXPORTED void tenContextDestroy(tenContext *context);

/// Parses and verifies `length` bytes of `text` into `*module`. `bufferName`
/// names the text in diagnostics (NULL: "<input>").
TEN_CAPI_EXPORTED tenError *tenModuleParse(tenContext *context,
                                           const char *text, size_t length,
                                           const char *bufferName,
                                           tenModule **module);

/// Prints the module's IR to `callback`.
TEN_CAPI_EXPORTED void tenModulePrint(const tenModule *module,
                                      tenStringCallback callback,
                                      void *userData);

TEN_CAPI_EXPORTED void tenModuleDestroy(tenModule *module);

#ifdef __cplusplus
}
#endif

#endif // TEN_C_MODULE_H
