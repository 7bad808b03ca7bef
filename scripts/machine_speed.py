#!/usr/bin/env python3
"""How fast this machine runs Python at this moment, printed beside the gates' times.

    python scripts/machine_speed.py

The speed of the machines this project runs on drifts by two times and more from one hour to the
next, so a gate's time says little alone: `.ci/run` prints this line before the tool's tests and
after the course proof. The workload is fixed pure-Python work (the kind most of the tool gate is)
in one thread; the figure is the best of five, in CPU seconds, so that other processes on the
machine change it as little as possible. Only figures of one interpreter version compare."""

from __future__ import annotations

import platform
import time

ROUNDS = 5
ADDITIONS = 5_000_000


def one_round() -> float:
    start = time.process_time()
    total = 0
    for i in range(ADDITIONS):
        total += i
    assert total == ADDITIONS * (ADDITIONS - 1) // 2
    return time.process_time() - start


def main() -> None:
    best = min(one_round() for _ in range(ROUNDS))
    stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())
    print(
        f"machine speed {stamp} UTC: {ADDITIONS:,} Python additions in {best:.3f} s CPU "
        f"(best of {ROUNDS}, Python {platform.python_version()})",
        flush=True,
    )


if __name__ == "__main__":
    main()
