#!/usr/bin/env python3
"""Benchmarks (not tests): how fast the engine feels.

    .venv/bin/python scripts/bench.py [--exercises 6.1 6.2] [--repeat 5] [--no-app]

Prints: `jaxtutor list` time (it must not import jax); per exercise, the cold run (a fresh
runner: spawn an interpreter, import jax, run) and the warm run (job sent to a worker that is
already warm → result); the warm worker's memory; how fast a run ends (cancel → verdict, and a
timeout's verdict past its limit: the tests check that they end, these numbers how soon); then
the app's numbers from bench_app.py."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.course.loader import load_course  # noqa: E402
from tutor.protocol.events import Started  # noqa: E402
from tutor.running.runner import INTERACTIVE_WARM_DELAY_S, Runner, exercise_job  # noqa: E402

# a job that never ends and has started a child of its own in another session: what cancel chases
CHASED = (
    "import subprocess, sys\n"
    "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)'], "
    "start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)\n"
    "print('child started', flush=True)\n"
    "while True:\n    pass\n"
)
ENDLESS = "while True:\n    pass\n"
TIMEOUT_LIMIT_S = 2.0


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def time_list(repeat: int) -> float:
    exe = Path(sys.executable).parent / "jaxtutor"
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "tutor"]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        subprocess.run(cmd + ["list"], capture_output=True, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def wait_warm(runner: Runner, timeout: float = 60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        spare = runner.spare
        if spare is not None and spare.warmed():
            return spare
        time.sleep(0.02)
    raise RuntimeError("no warm worker")


def bench_exercise(course, ex_id: str, repeat: int) -> dict:
    ex = course.exercise(ex_id)
    ctx = course.chapter_of(ex_id).context_path
    cold, warm, warm_job, mem = [], [], [], []
    for _ in range(repeat):
        r = Runner(keep_warm=False)
        t0 = time.perf_counter()
        res = r.run_sync(exercise_job(ex, ex.solution_path, ctx))
        cold.append(time.perf_counter() - t0)
        assert res.status.value == "passed", res.status
        r.close()
    r = Runner(keep_warm=True, warm_beside_after=INTERACTIVE_WARM_DELAY_S)  # as the app's runner
    for _ in range(repeat):
        r.warm(ctx)
        spare = wait_warm(r)
        time.sleep(0.3)  # let the machine settle after the warm-up
        mem.append(rss_mb(spare.ready_info.pid))  # the worker, not its reaper
        t0 = time.perf_counter()
        res = r.run_sync(exercise_job(ex, ex.solution_path, ctx))
        warm.append(time.perf_counter() - t0)
        warm_job.append(res.duration_s)
        assert res.status.value == "passed", res.status
    r.close()
    return {
        "id": ex_id,
        "cold": statistics.median(cold),
        "warm": statistics.median(warm),
        "warm_job": statistics.median(warm_job),
        "worker_mb": statistics.median(mem),
    }


async def _cancel_chased(r: Runner, job) -> float:
    """Seconds from the cancel of a run whose job started a child to its cancelled verdict."""
    child = asyncio.Event()
    task = asyncio.create_task(
        r.run(job, on_output=lambda _stream, text: "child started" in text and child.set())
    )
    async with asyncio.timeout(60):
        await child.wait()
    t0 = time.perf_counter()
    task.cancel()
    res = await task
    assert res.status.value == "cancelled", res
    return time.perf_counter() - t0


def bench_ending(course, repeat: int) -> tuple[float, float]:
    """Median seconds from a run task's cancel to the verdict of a job with a child to chase,
    and from a timed-out job's start to its verdict, less its limit."""
    ex = course.exercise("6.1")
    ctx = course.chapter_of(ex.id).context_path
    cancels, overshoots = [], []
    r = Runner(keep_warm=True)
    with tempfile.TemporaryDirectory() as tmp:
        chased, endless = Path(tmp) / "chased.py", Path(tmp) / "endless.py"
        chased.write_text(CHASED, encoding="utf-8")
        endless.write_text(ENDLESS, encoding="utf-8")
        for _ in range(repeat):
            r.warm(ctx)
            wait_warm(r)
            cancels.append(asyncio.run(_cancel_chased(r, exercise_job(ex, chased, ctx))))
            r.warm(ctx)
            wait_warm(r)
            started: list[float] = []
            res = r.run_sync(
                exercise_job(ex, endless, ctx, time_limit=TIMEOUT_LIMIT_S),
                on_event=lambda e, started=started: (
                    isinstance(e, Started) and started.append(time.perf_counter())
                ),
            )
            overshoots.append(time.perf_counter() - started[0] - TIMEOUT_LIMIT_S)
            assert res is not None and res.status.value == "timeout", res
    r.close()
    return statistics.median(cancels), statistics.median(overshoots)


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--exercises", nargs="*", help="exercise ids (default: all)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-app", action="store_true", help="skip the app's benchmarks")
    args = ap.parse_args()
    course = load_course()
    print(f"jaxtutor list (median of 7): {time_list(7) * 1000:.0f} ms   target ≤ 300 ms")
    print()
    print(
        f"{'exercise':<9} {'cold run':>10} {'warm run':>10} {'warm job':>10} "
        f"{'warm worker RSS':>16}"
    )
    rows = []
    for ex_id in args.exercises or list(course.exercises):
        row = bench_exercise(course, ex_id, args.repeat)
        rows.append(row)
        print(
            f"{row['id']:<9} {row['cold']:>9.2f}s {row['warm']:>9.3f}s {row['warm_job']:>9.3f}s "
            f"{row['worker_mb']:>13.0f} MB",
            flush=True,
        )
    print(
        "(cold: new interpreter + jax import + run; warm: run() on a warm worker, job sent → "
        "result;"
        " targets for 6.1: warm ≤ 0.3 s, cold ≤ 1.2 s)"
    )
    cancel_s, overshoot_s = bench_ending(course, args.repeat)
    print()
    print(
        f"cancel → verdict, a child to chase (median): {cancel_s * 1000:.0f} ms   target ≤ 200 ms"
    )
    print(
        f"a timeout's verdict past its {TIMEOUT_LIMIT_S:g} s limit (median): "
        f"{overshoot_s:.2f} s   target ≤ 2 s"
    )
    if not args.no_app:
        app_bench = ROOT / "scripts" / "bench_app.py"
        if app_bench.exists():
            print()
            return subprocess.call([sys.executable, str(app_bench)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
