"""The frameworks that the benchmarks of this directory compare ten with,
where installed (`utils/setup.sh --frameworks`)."""


def load_frameworks(threads=None):
    """PyTorch, JAX and jax.numpy, each None where it is not installed:
    PyTorch on `threads` threads where given; JAX with NumPy's 64-bit
    dtypes (without them, it computes f64 workloads in f32)."""
    try:
        import torch
        if threads is not None:
            torch.set_num_threads(threads)
    except ImportError:
        torch = None
    try:
        import jax
        import jax.numpy as jnp
        jax.config.update("jax_enable_x64", True)
    except ImportError:
        jax = jnp = None
    return torch, jax, jnp
