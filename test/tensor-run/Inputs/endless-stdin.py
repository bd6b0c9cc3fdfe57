"""Runs a command with a .npy file and then zeros without end on its standard
input; prints what the command wrote to stderr and exits with its code.

    endless-stdin.py FILE.npy COMMAND...
"""

import subprocess
import sys

path, command = sys.argv[1], sys.argv[2:]
process = subprocess.Popen(command, stdin=subprocess.PIPE,
                           stderr=subprocess.PIPE)
try:
    with open(path, "rb") as f:
        process.stdin.write(f.read())
    zeros = bytes(1 << 16)
    # Up to 1 GiB: a reader that reads on past its header would take it all.
    for _ in range(1 << 14):
        process.stdin.write(zeros)
except BrokenPipeError:
    pass
try:
    process.stdin.close()
except BrokenPipeError:
    pass
sys.stderr.write(process.stderr.read().decode())
sys.exit(process.wait())
