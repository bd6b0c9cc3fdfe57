#!/usr/bin/env python3
"""The lit suite's test times, which a fresh build directory starts from
(test/lit-test-times.txt: lit runs the longest tests first).

    utils/lit-test-times.py [BUILD_DIR]           # refresh the file
    utils/lit-test-times.py --simulate [BUILD_DIR]

Refreshing copies BUILD_DIR/test/.lit_test_times.txt (written by the last
run of check-ten there), each time rounded and made positive (lit marks a
failed test's time negative). --simulate prints how long the suite takes
on N workers (default 2) when its tests start in name order, as a fresh
directory without the file would run them, and longest first.
"""

import argparse
import heapq
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEED = os.path.join(ROOT, "test", "lit-test-times.txt")


def read_times(path):
    times = {}
    with open(path) as f:
        for line in f:
            seconds, name = line.split(None, 1)
            times[name.strip()] = abs(float(seconds))
    return times


def makespan(durations, workers):
    """When the last test ends, each test starting on the first free
    worker in the given order."""
    free = [0.0] * workers
    for duration in durations:
        heapq.heappush(free, heapq.heappop(free) + duration)
    return max(free)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    parser.add_argument("--simulate", action="store_true")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    measured = os.path.join(args.build, "test", ".lit_test_times.txt")
    if not os.path.exists(measured):
        sys.exit(f"{measured}: no times (run check-ten there first)")
    times = read_times(measured)
    if args.simulate:
        by_name = [times[name] for name in sorted(times)]
        longest_first = sorted(times.values(), reverse=True)
        print(f"{len(times)} tests, {sum(times.values()):.0f} s in all; on "
              f"{args.workers} workers: {makespan(by_name, args.workers):.0f} s "
              f"in name order, {makespan(longest_first, args.workers):.0f} s "
              f"longest first")
        return
    with open(SEED, "w") as f:
        for name in sorted(times):
            f.write(f"{times[name]:.2f} {name}\n")
    print(f"{SEED}: {len(times)} tests")


if __name__ == "__main__":
    main()
