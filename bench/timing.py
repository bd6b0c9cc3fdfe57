"""Timing shared by the benchmarks of this directory."""

import statistics
import time


def time_ms(function, runs):
    """Min and median milliseconds of `function` over `runs` calls, after
    one warm-up call."""
    function()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1e3)
    return min(times), statistics.median(times)
