#!/usr/bin/env python3
"""Benchmark (not a test): endless loops at an exercise's own time limit, through the runner as the
app and the CLI use it. Every run must end as `timeout` with the line where the loop was.

    .venv/bin/python scripts/bench_endless.py [--kind eager] [--repeat 10]

Prints, per run: the status, the line, and how long after the limit (counted from the worker's
Started, as the runner counts it) the result came; then how many runs ended as they should.
The loops answer exercise 6.2 (default limit 25 s): `eager` is a Newton iteration in eager jnp
operations, `tracing` a loop inside a function that jax.jit traces, `python` a plain loop and
`compiled` a lax.while_loop that never ends."""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.course.loader import load_course  # noqa: E402
from tutor.protocol.events import Started, exercise_job  # noqa: E402
from tutor.running.runner import Runner  # noqa: E402

HEAD = "import jax\nimport jax.numpy as jnp\n\n\ndef update_moving_average(state, new_value):\n"
TAIL = "\n\ninitial_state = (jnp.zeros(()), jnp.zeros((), dtype=jnp.int32))\n"
LOOPS = {  # the body of update_moving_average, which the checks call
    "eager": "    x = jnp.float32(2.0)\n    while True:\n"
    "        x = x - (x * x - 2.0) / (2.0 * x)\n",
    "python": "    n = 0\n    while True:\n        n += 1\n",
    "tracing": "    @jax.jit\n    def spin(x):\n        while True:\n            x = x * 1.0001\n\n"
    "    return spin(new_value)\n",
    "compiled": "    spin = jax.lax.while_loop(lambda c: c > -1.0, lambda c: c + 1.0,"
    " jnp.float32(0))\n"
    "    return state, spin.block_until_ready()\n",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", choices=sorted(LOOPS), default="eager")
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    course = load_course()
    ex = course.exercise("6.2")
    context = course.chapter_of(ex.id).context_path
    good, late = 0, []
    with tempfile.TemporaryDirectory() as folder:
        answer = Path(folder) / "answer.py"
        answer.write_text(HEAD + LOOPS[args.kind] + TAIL, encoding="utf-8")
        runner = Runner(keep_warm=True)
        try:
            for i in range(args.repeat):
                started: list[float] = []
                job = exercise_job(ex, answer, context)
                result = runner.run_sync(
                    job,
                    on_event=lambda e, s=started: (
                        s.append(time.monotonic()) if isinstance(e, Started) else None
                    ),
                )
                after = time.monotonic() - started[0] - job.time_limit if started else float("nan")
                late.append(after)
                line = result.error.line if result.error else None
                good += result.status.value == "timeout" and line is not None
                print(
                    f"{i + 1}: {result.status.value}, line {line}, {after:+.2f} s after the limit"
                )
        finally:
            runner.close()
    print(f"{args.kind}: timeout with a line {good}/{args.repeat}, latest {max(late):+.2f} s")
    return 0 if good == args.repeat else 1


if __name__ == "__main__":
    sys.exit(main())
