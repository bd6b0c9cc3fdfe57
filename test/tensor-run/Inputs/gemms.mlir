// GEMMs only, each a cuBLAS call under ten-nvvm-pipeline: a transposed
// weight (x w^T), then attention-like batched scores with the key
// transposed, in f64. (target-cuda.test)
func.func @main(%x: tensor<6x5xf32>, %w: tensor<4x5xf32>,
                %q: tensor<2x3x7x8xf64>, %k: tensor<2x3x9x8xf64>)
    -> (tensor<6x4xf32>, tensor<2x3x7x9xf64>) {
  %y = ten.einsum "ik,jk->ij" (%x, %w)
      : (tensor<6x5xf32>, tensor<4x5xf32>) -> tensor<6x4xf32>
  %s = ten.einsum "bhqd,bhkd->bhqk" (%q, %k)
      : (tensor<2x3x7x8xf64>, tensor<2x3x9x8xf64>) -> tensor<2x3x7x9xf64>
  return %y, %s : tensor<6x4xf32>, tensor<2x3x7x9xf64>
}

// One kernel, named failing_kernel: the fake driver fails its launch.
func.func @failing(%x: tensor<100xf32>) -> tensor<100xf32> {
  %y = ten.exp %x : tensor<100xf32>
  return %y : tensor<100xf32>
}

// A dynamic size that must equal a static one: with --random-inputs (8)
// the host code's check fails, which is an error, not an abort.
func.func @mismatch(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c = ten.add %a, %b : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %c : tensor<4xf32>
}

// A GEMM, then its bias and ReLU in a kernel: both on the executable's one
// stream, with no wait between them.
func.func @linear(%x: tensor<6x5xf32>, %w: tensor<5x4xf32>, %b: tensor<4xf32>)
    -> tensor<6x4xf32> {
  %y = ten.einsum "ik,kj->ij" (%x, %w)
      : (tensor<6x5xf32>, tensor<5x4xf32>) -> tensor<6x4xf32>
  %z = ten.add %y, %b : (tensor<6x4xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  %r = ten.relu %z : tensor<6x4xf32>
  return %r : tensor<6x4xf32>
}

// f16 and bf16 GEMMs: cuBLAS's GemmEx, products summed in f32.
func.func @half(%x: tensor<6x5xf16>, %w: tensor<4x5xf16>,
                %q: tensor<2x3x8xbf16>, %k: tensor<2x7x8xbf16>)
    -> (tensor<6x4xf16>, tensor<2x3x7xbf16>) {
  %y = ten.einsum "ik,jk->ij" (%x, %w)
      : (tensor<6x5xf16>, tensor<4x5xf16>) -> tensor<6x4xf16>
  %s = ten.einsum "bqd,bkd->bqk" (%q, %k)
      : (tensor<2x3x8xbf16>, tensor<2x7x8xbf16>) -> tensor<2x3x7xbf16>
  return %y, %s : tensor<6x4xf16>, tensor<2x3x7xbf16>
}

// GEMMs whose bias cuBLASLt's epilogue adds: a transposed weight, and a
// batch sharing one bias. (target-cuda.test)
func.func @biased(%x: tensor<6x5xf32>, %w: tensor<4x5xf32>, %b: tensor<4xf32>,
                  %q: tensor<3x7x8xf32>, %k: tensor<8x9xf32>, %c: tensor<9xf32>)
    -> (tensor<6x4xf32>, tensor<3x7x9xf32>) {
  %y = ten.einsum "ik,jk->ij" (%x, %w)
      : (tensor<6x5xf32>, tensor<4x5xf32>) -> tensor<6x4xf32>
  %yb = ten.add %y, %b : (tensor<6x4xf32>, tensor<4xf32>) -> tensor<6x4xf32>
  %s = ten.einsum "bqd,dk->bqk" (%q, %k)
      : (tensor<3x7x8xf32>, tensor<8x9xf32>) -> tensor<3x7x9xf32>
  %sb = ten.add %s, %c : (tensor<3x7x9xf32>, tensor<9xf32>) -> tensor<3x7x9xf32>
  return %yb, %sb : tensor<6x4xf32>, tensor<3x7x9xf32>
}

// One GEMM returned twice: both copies back are made before its buffer is
// freed, once. (target-cuda.test)
func.func @twice(%x: tensor<6x5xf32>, %w: tensor<5x4xf32>)
    -> (tensor<6x4xf32>, tensor<6x4xf32>) {
  %y = ten.einsum "ik,kj->ij" (%x, %w)
      : (tensor<6x5xf32>, tensor<5x4xf32>) -> tensor<6x4xf32>
  return %y, %y : tensor<6x4xf32>, tensor<6x4xf32>
}


// Complex GEMMs, whole on cuBLAS (cublasCgemm, cublasZgemm): a matmul and a
// batch of products with the second operand transposed.
func.func @complex(%x: tensor<6x5xcomplex<f32>>, %w: tensor<5x4xcomplex<f32>>,
                   %a: tensor<3x6x5xcomplex<f64>>, %b: tensor<3x4x5xcomplex<f64>>)
    -> (tensor<6x4xcomplex<f32>>, tensor<3x6x4xcomplex<f64>>) {
  %0 = ten.einsum "ij,jk->ik" (%x, %w) : (tensor<6x5xcomplex<f32>>, tensor<5x4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
  %1 = ten.einsum "bij,bkj->bik" (%a, %b) : (tensor<3x6x5xcomplex<f64>>, tensor<3x4x5xcomplex<f64>>) -> tensor<3x6x4xcomplex<f64>>
  return %0, %1 : tensor<6x4xcomplex<f32>>, tensor<3x6x4xcomplex<f64>>
}
