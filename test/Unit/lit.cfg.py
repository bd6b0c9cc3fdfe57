# -*- Python -*-
# Runs the GoogleTest unit tests of unittests/ as one lit suite.

import os

import lit.formats

config.name = "TEN-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.ten_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")

# Under -DTEN_ENABLE_SANITIZERS=ON only the project's code is instrumented.
# LLVM's allocators poison memory from inline header code, which the
# uninstrumented libMLIR then touches legitimately: manual poisoning is off.
if config.ten_sanitizers:
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = "allow_user_poisoning=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"
