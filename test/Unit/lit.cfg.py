# -*- Python -*-
# Runs the GoogleTest unit tests of unittests/ as one lit suite.

import os

import lit.formats

config.name = "TEN-Unit"
config.suffixes = []
config.test_exec_root = os.path.join(config.ten_obj_root, "unittests")
config.test_source_root = config.test_exec_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
