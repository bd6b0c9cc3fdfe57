#!/usr/bin/env bash
# Fails when a tracked C++ file is not formatted as .clang-format says.
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=$(command -v clang-format-22 || command -v clang-format)
files=$(git ls-files '*.cpp' '*.h' '*.c')
unformatted=()
for file in $files; do
  if ! "$clang_format" --dry-run --Werror "$file" >/dev/null 2>&1; then
    unformatted+=("$file")
  fi
done
if [ ${#unformatted[@]} -gt 0 ]; then
  echo "check-format: not clang-formatted: ${unformatted[*]}" >&2
  exit 1
fi
echo "check-format: $(echo "$files" | wc -w) files formatted"
