#!/usr/bin/env bash
# Regenerates the op reference from ODS (the `ten-doc` target) and copies it
# into docs/. The test suite fails while docs/ holds a stale copy.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target ten-doc
cp build/docs/Dialects/TenOps.md docs/Dialects/TenOps.md
for doc in TenConversionPasses TenDialectPasses TenCodegenPasses TenCPUPasses \
  TenCUDAPasses; do
  cp "build/docs/$doc.md" "docs/$doc.md"
done
echo "update-docs: docs/Dialects/TenOps.md and docs/Ten*Passes.md regenerated"
