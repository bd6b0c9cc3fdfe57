// RUN: tensor-opt %s --ten-fuse-elementwise -split-input-file | FileCheck %s

// Softmax: exp(x - max) feeds both the sum and the division. It is fused
// into (recomputed in) each, so no full-size intermediate is left: the
// max, the sum and the division each read x once.
// CHECK-LABEL: func.func @softmax
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[X:.*]] : tensor<64x128xf32>)
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[X]], %[[MAX]] : tensor<64x128xf32>, tensor<64xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK-NOT: linalg.generic
// CHECK: linalg.generic {{.*}} ins(%[[X]], %[[MAX]], %[[SUM]] : tensor<64x128xf32>, tensor<64xf32>, tensor<64xf32>)
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: arith.divf
// CHECK-NOT: linalg.generic
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @softmax(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %me = linalg.fill ins(%ninf : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%me : tensor<64xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %m, %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %e = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<64x128xf32>, tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %se = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<64x128xf32>) outs(%se : tensor<64xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %s, %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%e, %sum : tensor<64x128xf32>, tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  return %y : tensor<64x128xf32>
}

// -----

// What must not fuse: a reduction whose result is used twice is computed
// once (reductions are never fused into consumers), and a contraction stays
// apart from its bias-and-relu epilogue, which the elementwise ops become
// one loop of. An elementwise producer that is also returned stays for the
// return, besides being fused into its consumer.
// CHECK-LABEL: func.func @not_fused
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] :
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[SUM]] :
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK: linalg.generic {{.*}} ins(%[[MM]], %{{.*}} : tensor<64x128xf32>, tensor<128xf32>)
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// CHECK: %[[NEG:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<64x128xf32>)
// CHECK: arith.negf
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<64x128xf32>)
// CHECK: arith.negf
// CHECK: math.absf
// CHECK: return {{.*}}%[[NEG]]
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @not_fused(%x: tensor<64x128xf32>, %w: tensor<128x128xf32>, %b: tensor<128xf32>)
    -> (tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %re = tensor.empty() : tensor<64xf32>
  %se = linalg.fill ins(%zero : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x128xf32>) outs(%se : tensor<64xf32>) {
  ^bb0(%a: f32, %s: f32):
    %r = arith.addf %s, %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %e0 = tensor.empty() : tensor<64x128xf32>
  %sub = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x128xf32>, tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.subf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %div = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<64x128xf32>, tensor<64xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %mi = linalg.fill ins(%zero : f32) outs(%e0 : tensor<64x128xf32>) -> tensor<64x128xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<64x128xf32>, tensor<128x128xf32>) outs(%mi : tensor<64x128xf32>) -> tensor<64x128xf32>
  %biased = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<64x128xf32>, tensor<128xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %r = arith.addf %a, %c : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<64x128xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.maximumf %a, %zero : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x128xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.negf %a : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  %abs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%neg : tensor<64x128xf32>) outs(%e0 : tensor<64x128xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = math.absf %a : f32
    linalg.yield %r : f32
  } -> tensor<64x128xf32>
  return %sub, %div, %relu, %abs, %neg : tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>, tensor<64x128xf32>
}

// -----

// Inside a block of ten-fuse-reductions, a producer that evaluates a math
// function and has two users is computed once into its block-sized tile;
// one without math (the subtraction) is still recomputed in each user.
// CHECK-LABEL: func.func @block_keeps_exp
// CHECK: scf.forall
// CHECK: %[[E:.*]] = linalg.generic
// CHECK: arith.subf
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%[[E]] : tensor<4x256xf32>)
// CHECK-NOT: math.exp
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %[[E]], %{{.*}} : tensor<4x256xf32>, tensor<4xf32>, tensor<4x256xf32>, tensor<4xf32>) outs(%{{.*}} : tensor<4x256xf32>)
// CHECK-NOT: math.exp
// CHECK: arith.subf
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @block_keeps_exp(%x: tensor<64x256xf32>, %m: tensor<64xf32>) -> tensor<64x256xf32> {
  %zero = arith.constant 0.0 : f32
  %out = tensor.empty() : tensor<64x256xf32>
  %y = scf.forall (%i) = (0) to (64) step (4) shared_outs(%o = %out) -> (tensor<64x256xf32>) {
    %xs = tensor.extract_slice %x[%i, 0] [4, 256] [1, 1] : tensor<64x256xf32> to tensor<4x256xf32>
    %ms = tensor.extract_slice %m[%i] [4] [1] : tensor<64xf32> to tensor<4xf32>
    %te = tensor.empty() : tensor<4x256xf32>
    %d = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%xs, %ms : tensor<4x256xf32>, tensor<4xf32>) outs(%te : tensor<4x256xf32>) {
    ^bb0(%a: f32, %b: f32, %c: f32):
      %s = arith.subf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<4x256xf32>
    %e = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%d : tensor<4x256xf32>) outs(%te : tensor<4x256xf32>) {
    ^bb0(%a: f32, %c: f32):
      %s = math.exp %a : f32
      linalg.yield %s : f32
    } -> tensor<4x256xf32>
    %re = tensor.empty() : tensor<4xf32>
    %ri = linalg.fill ins(%zero : f32) outs(%re : tensor<4xf32>) -> tensor<4xf32>
    %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
        ins(%e : tensor<4x256xf32>) outs(%ri : tensor<4xf32>) {
    ^bb0(%a: f32, %c: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %os = tensor.extract_slice %o[%i, 0] [4, 256] [1, 1] : tensor<64x256xf32> to tensor<4x256xf32>
    %r = linalg.generic {indexing_maps = [#id, #id, #row, #id], iterator_types = ["parallel", "parallel"]}
        ins(%d, %e, %sum : tensor<4x256xf32>, tensor<4x256xf32>, tensor<4xf32>) outs(%os : tensor<4x256xf32>) {
    ^bb0(%a: f32, %b: f32, %s: f32, %c: f32):
      %q = arith.divf %b, %s : f32
      %t = arith.addf %q, %a : f32
      linalg.yield %t : f32
    } -> tensor<4x256xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %r into %o[%i, 0] [4, 256] [1, 1] : tensor<4x256xf32> into tensor<64x256xf32>
    }
  }
  return %y : tensor<64x256xf32>
}

// -----

// Not into a contraction: relu(a) read as A[i, k] for every j would be
// evaluated 32 times per element and the matmul would stop being one. It
// is written once, and the contraction keeps its multiply-add body. A
// reduction that reads each element once (the row sum) still fuses it.
// CHECK-LABEL: func.func @not_into_contraction
// CHECK: %[[RELU:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%[[A:[^ ]*]] : tensor<16x8xf32>)
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "reduction"]{{.*}} ins(%[[RELU]], %{{.*}} : tensor<16x8xf32>, tensor<8x32xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]{{.*}} ins(%[[A]] : tensor<16x8xf32>)
// CHECK: arith.maximumf
// CHECK: arith.addf
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
#id2 = affine_map<(i, j) -> (i, j)>
#row2 = affine_map<(i, j) -> (i)>
func.func @not_into_contraction(%a: tensor<16x8xf32>, %b: tensor<8x32xf32>,
                                %c: tensor<16x32xf32>, %s: tensor<16xf32>)
    -> (tensor<16x32xf32>, tensor<16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x8xf32>
  %relu = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<16x8xf32>) outs(%e : tensor<16x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %r = arith.maximumf %x, %zero : f32
    linalg.yield %r : f32
  } -> tensor<16x8xf32>
  %mm = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%relu, %b : tensor<16x8xf32>, tensor<8x32xf32>) outs(%c : tensor<16x32xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x32xf32>
  %sum = linalg.generic {indexing_maps = [#id2, #row2], iterator_types = ["parallel", "reduction"]}
      ins(%relu : tensor<16x8xf32>) outs(%s : tensor<16xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %r = arith.addf %acc, %x : f32
    linalg.yield %r : f32
  } -> tensor<16xf32>
  return %mm, %sum : tensor<16x32xf32>, tensor<16xf32>
}

// -----

// A generic that fusion left with a result nothing uses, whose shape alone
// gives the loop its bounds (a producer with no input, an iota or random
// bits, fused into a sum, whose values were also written out): the dead
// output becomes an input that nothing reads, so its buffer is never
// written (the loops' lowering leaves it unused and unallocated).
// CHECK-LABEL: func.func @dead_output_into_shape
// CHECK: %[[SHAPE:.*]] = tensor.empty() : tensor<4096xf32>
// CHECK: %[[SUM:.*]] = linalg.generic {indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = ["reduction"]} ins(%[[SHAPE]] : tensor<4096xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: ^bb0(%{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK: %[[I:.*]] = linalg.index 0
// CHECK: arith.addf %{{.*}}, %[[ACC]]
// CHECK: linalg.yield %{{.*}} : f32
// CHECK: return %[[SUM]]
func.func @dead_output_into_shape(%init: tensor<f32>) -> tensor<f32> {
  %empty = tensor.empty() : tensor<4096xf32>
  %values, %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      outs(%empty, %init : tensor<4096xf32>, tensor<f32>) {
  ^bb0(%out: f32, %acc: f32):
    %i = linalg.index 0 : index
    %w = arith.index_cast %i : index to i64
    %f = arith.sitofp %w : i64 to f32
    %s = arith.addf %f, %acc : f32
    linalg.yield %f, %s : f32, f32
  } -> (tensor<4096xf32>, tensor<f32>)
  return %sum : tensor<f32>
}

// -----

// A dead output that an input's shape makes droppable is dropped.
// CHECK-LABEL: func.func @dead_output_dropped
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<4096xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK-NOT: tensor<4096xf32>)
func.func @dead_output_dropped(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %empty = tensor.empty() : tensor<4096xf32>
  %values, %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%empty, %init : tensor<4096xf32>, tensor<f32>) {
  ^bb0(%in: f32, %out: f32, %acc: f32):
    %e = math.exp %in : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %e, %s : f32, f32
  } -> (tensor<4096xf32>, tensor<f32>)
  return %sum : tensor<f32>
}

// -----

// Two producers without inputs (iotas, random bits) summed by one
// reduction: both are spliced into it, the last with its init kept as an
// input that nothing reads, for the loop's bounds; neither is written.
// CHECK-LABEL: func.func @inputless_producers_into_sum
// CHECK-NOT: linalg.generic {{.*}}iterator_types = ["parallel"]
// CHECK: %[[SHAPE:.*]] = tensor.empty() : tensor<4096xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction"]} ins(%[[SHAPE]] : tensor<4096xf32>)
// CHECK: ^bb0(%[[UNREAD:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NOT: %[[UNREAD]]
// CHECK: arith.uitofp
// CHECK: arith.sitofp
// CHECK: arith.mulf
// CHECK: arith.addf %{{.*}}, %[[ACC]]
// CHECK-NOT: linalg.generic
func.func @inputless_producers_into_sum(%init: tensor<f32>) -> tensor<f32> {
  %empty = tensor.empty() : tensor<4096xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%empty : tensor<4096xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %w = arith.index_cast %i : index to i64
    %f = arith.sitofp %w : i64 to f32
    linalg.yield %f : f32
  } -> tensor<4096xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      outs(%empty : tensor<4096xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %w = arith.index_cast %i : index to i64
    %f = arith.uitofp %w : i64 to f32
    linalg.yield %f : f32
  } -> tensor<4096xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%a, %b : tensor<4096xf32>, tensor<4096xf32>) outs(%init : tensor<f32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %acc : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %sum : tensor<f32>
}

// -----

// A producer with two consumers is copied into each (spliced: its body
// before the consumer's, its input in its place) and then has no users.
// CHECK-LABEL: func.func @two_consumers
// CHECK-SAME: (%[[X:.*]]: tensor<64xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<64xf32>)
// CHECK: math.exp
// CHECK-NEXT: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<64xf32>)
// CHECK: math.exp
// CHECK-NEXT: arith.mulf
// CHECK-NOT: linalg.generic
func.func @two_consumers(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %empty = tensor.empty() : tensor<64xf32>
  %e = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xf32>) outs(%empty : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = math.exp %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %plus = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%e : tensor<64xf32>) outs(%empty : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.addf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  %times = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%e : tensor<64xf32>) outs(%empty : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %v = arith.mulf %in, %in : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %plus, %times : tensor<64xf32>, tensor<64xf32>
}

// -----

// An argmax of x + log(u): the maximum, then the least position of an
// element equal to it. Both must see the same values (recomputed in each,
// log could round differently in a vector lane and in a scalar
// remainder, and no element equal the maximum): the sum is computed once,
// into its own tensor, which both reductions read.
// CHECK-LABEL: func.func @argmax_of_expression
// CHECK: %[[SCORES:.*]] = linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]
// CHECK: math.log
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} ins(%[[SCORES]] : tensor<64x10xf32>)
// CHECK-NOT: math.log
// CHECK: linalg.generic {{.*}} ins(%[[SCORES]], %[[MAX]] : tensor<64x10xf32>, tensor<64xf32>)
// CHECK-NOT: math.log
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @argmax_of_expression(%x: tensor<64x10xf32>, %u: tensor<64x10xf32>) -> tensor<64xi64> {
  %ninf = arith.constant 0xFF800000 : f32
  %none = arith.constant 9223372036854775807 : i64
  %e0 = tensor.empty() : tensor<64x10xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %u : tensor<64x10xf32>, tensor<64x10xf32>) outs(%e0 : tensor<64x10xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %l = math.log %b : f32
    %r = arith.addf %a, %l : f32
    linalg.yield %r : f32
  } -> tensor<64x10xf32>
  %re = tensor.empty() : tensor<64xf32>
  %me = linalg.fill ins(%ninf : f32) outs(%re : tensor<64xf32>) -> tensor<64xf32>
  %max = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%s : tensor<64x10xf32>) outs(%me : tensor<64xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %m, %a : f32
    linalg.yield %r : f32
  } -> tensor<64xf32>
  %ie = tensor.empty() : tensor<64xi64>
  %if = linalg.fill ins(%none : i64) outs(%ie : tensor<64xi64>) -> tensor<64xi64>
  %i = linalg.generic {indexing_maps = [#id, #row, #row], iterator_types = ["parallel", "reduction"]}
      ins(%s, %max : tensor<64x10xf32>, tensor<64xf32>) outs(%if : tensor<64xi64>) {
  ^bb0(%a: f32, %m: f32, %o: i64):
    %hit = arith.cmpf oeq, %a, %m : f32
    %p = linalg.index 1 : index
    %q = arith.index_cast %p : index to i64
    %c = arith.select %hit, %q, %none : i64
    %r = arith.minsi %o, %c : i64
    linalg.yield %r : i64
  } -> tensor<64xi64>
  return %i : tensor<64xi64>
}
