"""Runs a command that writes a FIFO and checks what it wrote.

    read-fifo.py FIFO EXPECTED.npy COMMAND...

The FIFO is opened for reading first (without blocking), so that a command
that fails before writing cannot hang the test; reading stops at the
writer's end of file or after 60 seconds.
"""

import io
import os
import select
import subprocess
import sys
import time

import numpy as np

fifo, expected, command = sys.argv[1], sys.argv[2], sys.argv[3:]
reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
process = subprocess.Popen(command)
data = b""
deadline = time.time() + 60
opened = False
while time.time() < deadline:
    ready, _, _ = select.select([reader], [], [], 0.1)
    if ready:
        chunk = os.read(reader, 1 << 16)
        if chunk:
            data += chunk
            opened = True
            continue
        if opened:
            break
    if process.poll() is not None and not ready and opened:
        break
    if process.poll() is not None and not opened:
        # Done without writing yet: give a last chance to the pipe.
        time.sleep(0.1)
        chunk = os.read(reader, 1 << 16) if select.select([reader], [], [], 0)[0] else b""
        data += chunk
        break
os.close(reader)
code = process.wait(timeout=60)
if code != 0:
    sys.exit(f"the command exited with {code}")
got = np.load(io.BytesIO(data))
want = np.load(expected)
if got.shape != want.shape or not (got == want).all():
    sys.exit(f"the FIFO got {got!r}, expected {want!r}")
