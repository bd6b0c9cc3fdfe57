"""Writes the .npy inputs of integer-npy.test (odd ones big-endian), or
compares the outputs with them."""

import os
import sys

import numpy as np

VALUES = {
    "i16": np.array([-32768, -1, 32767], ">i2"),
    "ui8": np.array([0, 128, 255], "|u1"),
    "ui16": np.array([0, 32768, 65535], "<u2"),
    "ui32": np.array([0, 2**31, 2**32 - 1], ">u4"),
    "ui64": np.array([0, 2**63 + 1, 2**64 - 1], "<u8"),
}

mode, directory = sys.argv[1], sys.argv[2]
if mode == "write":
    for name, array in VALUES.items():
        np.save(os.path.join(directory, name + ".npy"), array)
    off = np.array([0, 2**63 + 1, 2**64 - 2], "<u8")
    np.save(os.path.join(directory, "ui64-off.npy"), off)
else:
    for name, array in VALUES.items():
        out = np.load(os.path.join(directory, "out-" + name + ".npy"))
        assert out.dtype == array.dtype.newbyteorder("="), (name, out.dtype)
        assert (out == array).all(), (name, out, array)
    print(f"{len(VALUES)} outputs equal their inputs")
