#!/usr/bin/env bash
# Regenerates the op reference from ODS (the `ten-doc` target) and copies it
# into docs/. The test suite fails while docs/ holds a stale copy.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target ten-doc
cp build/docs/Dialects/TenOps.md docs/Dialects/TenOps.md
cp build/docs/TenConversionPasses.md docs/TenConversionPasses.md
echo "update-docs: docs/Dialects/TenOps.md and docs/TenConversionPasses.md regenerated"
