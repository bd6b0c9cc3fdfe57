#!/usr/bin/env bash
# Row reductions on a GPU, by row length and by how ten-gpu-map-reductions
# maps them: a block per row (max-lane-vectors=0) against a group of lanes
# per row (the pipeline's max-lane-vectors, default 8, and 16). Rows of 32
# to 2048 floats, 2^26 floats in all (256 MiB), row max for every length
# and a row sum at 512; then W12's max over the last axis of 1024x512x512.
# Each line is tensor-run's device min and median of 30 runs.
#
#   bench/gpu-row-sweep.sh TENSOR_RUN
set -u
tensor_run=${1:?usage: gpu-row-sweep.sh TENSOR_RUN}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

time_module() { # FILE MAX_LANE_VECTORS
  timeout 90 "$tensor_run" "$1" --target=cuda --random-inputs --bench=30 \
    --pipeline-options="max-lane-vectors=$2" 2>&1 |
    grep -o "min [0-9.]* ms, median [0-9.]* ms" | head -1
}

row_module() { # FILE OP ROWS LENGTH
  cat >"$1" <<MLIR
func.func @main(%x: tensor<$3x$4xf32>) -> tensor<$3xf32> {
  %y = ten.reduce $2 %x dims [1] : tensor<$3x$4xf32> -> tensor<$3xf32>
  return %y : tensor<$3xf32>
}
MLIR
}

for case in max:32 max:128 max:512 sum:512 max:1024 max:2048; do
  op=${case%%:*}
  length=${case#*:}
  rows=$(((1 << 26) / length))
  file=$work/$op$length.mlir
  row_module "$file" "$op" "$rows" "$length"
  for lanes in 0 8 16; do
    echo "$op rows=$rows length=$length max-lane-vectors=$lanes:" \
      "$(time_module "$file" "$lanes")"
  done
done

file=$work/w12.mlir
cat >"$file" <<MLIR
func.func @main(%x: tensor<1024x512x512xf32>) -> tensor<1024x512xf32> {
  %y = ten.reduce max %x dims [2] : tensor<1024x512x512xf32> -> tensor<1024x512xf32>
  return %y : tensor<1024x512xf32>
}
MLIR
for lanes in 0 8; do
  echo "W12 max 1024x512x512 max-lane-vectors=$lanes:" \
    "$(time_module "$file" "$lanes")"
done
