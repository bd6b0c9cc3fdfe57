#!/usr/bin/env python3
"""A low-pass filter in the frequency domain, written with numpy.fft and
traced by ten.jit into one program: the real FFT of each noisy signal,
frequencies above a cut-off zeroed, and the inverse transform. Checked
against NumPy running the same function.

    PYTHONPATH=build/python python3 examples/python/spectral_filter.py
"""

import numpy as np

import ten


def low_pass(signals, cutoff):
    """The signals (one per row, sampled once per unit of time) with every
    frequency above `cutoff` cycles per unit removed."""
    n = signals.shape[-1]
    spectrum = np.fft.rfft(signals, axis=-1)
    keep = np.fft.rfftfreq(n) <= cutoff
    return np.fft.irfft(spectrum * keep, n=n, axis=-1)


def main(signals=64, samples=1000, seed=0):
    rng = np.random.default_rng(seed)
    t = np.arange(samples)
    clean = np.sin(2 * np.pi * 0.01 * t) + 0.5 * np.cos(2 * np.pi * 0.03 * t)
    noisy = clean + 0.3 * rng.standard_normal((signals, samples))
    filtered = ten.jit(low_pass, static_argnames=("cutoff",))(noisy,
                                                              cutoff=0.05)
    reference = low_pass(noisy, 0.05)
    np.testing.assert_allclose(filtered, reference, rtol=1e-9, atol=1e-9)
    # The noise above the cut-off is gone: the signals are nearer the clean
    # one than the noisy ones were.
    before = np.sqrt(np.mean((noisy - clean) ** 2))
    after = np.sqrt(np.mean((filtered - clean) ** 2))
    print(f"error against the clean signal: {before:.3f} noisy, "
          f"{after:.3f} filtered (NumPy's filter agrees)")
    return before, after


if __name__ == "__main__":
    main()
