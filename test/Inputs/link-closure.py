"""Prints, one per line and sorted, every library that `root` links
directly or through others, from a link graph of lines `lib: dep dep ...`
(generator expressions of CMake's link interface are kept as written)."""

import re
import sys

graph = {}
with open(sys.argv[1]) as lines:
    for line in lines:
        name, _, deps = line.partition(":")
        graph[name.strip()] = [
            dep for dep in re.split(r"[\s;]+", deps) if dep and not dep.startswith("$<")
        ]

seen = set()
stack = [sys.argv[2]]
while stack:
    library = stack.pop()
    for dep in graph.get(library, []):
        if dep not in seen:
            seen.add(dep)
            stack.append(dep)
for library in sorted(seen):
    print(library)
