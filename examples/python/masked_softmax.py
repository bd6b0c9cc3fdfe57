#!/usr/bin/env python3
"""Causal attention weights with a padding mask, written with NumPy's
indexing and compiled unchanged by @ten.jit: the scores of the last
`queries` positions (a slice), a causal mask from the positions (`None`
indexing broadcasts them), the padded keys masked out, a stable softmax.
Checked against NumPy running the same function.

    PYTHONPATH=build/python python3 examples/python/masked_softmax.py
"""

import numpy as np

import ten


def attention_weights(q, k, lengths, queries):
    """Softmax over keys of q @ k^T / sqrt(d) for the last `queries` query
    positions, each attending to earlier positions of its sequence only."""
    d = q.shape[-1]
    seq = k.shape[1]
    scores = np.einsum("bqd,bkd->bqk", q[:, -queries:], k) / np.sqrt(d)
    query_pos = np.arange(seq - queries, seq)[:, None]
    key_pos = np.arange(seq)[None, :]
    allowed = (key_pos <= query_pos)[None] & (key_pos[None] < lengths[:, None, None])
    scores = np.where(allowed, scores, -np.inf)
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    return weights / weights.sum(axis=-1, keepdims=True)


compiled = ten.jit(attention_weights)


def main(batch=4, seq=64, d=32, queries=16, seed=0):
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((batch, seq, d)).astype(np.float32)
    k = rng.standard_normal((batch, seq, d)).astype(np.float32)
    # Every sequence keeps at least the queries' positions.
    lengths = rng.integers(seq - queries + 1, seq + 1, size=batch)
    got = compiled(q, k, lengths, queries)
    want = attention_weights(q, k, lengths, queries)
    assert got.shape == want.shape == (batch, queries, seq)
    assert np.allclose(got, want, rtol=1e-5, atol=1e-6), "differs from NumPy"
    assert np.allclose(got.sum(axis=-1), 1.0, rtol=1e-5)
    print(f"attention weights {got.shape}: match NumPy; "
          f"masked entries are 0: {bool((got[want == 0] == 0).all())}")
    return got


if __name__ == "__main__":
    main()
