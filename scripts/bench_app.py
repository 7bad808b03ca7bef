"""Benchmarks of the Textual app (targets from the app issue; they are measured, not asserted):

  first frame of `jaxtutor start` / `jaxtutor exercise 6.2`   ≤ 400 ms (median, real terminal: a
  pty) the app's memory (RSS)                                      ≤ 120 MB
  Run → verdict for 6.1 through the app, warm worker          ≤ 0.4 s (median)
  longest UI stall during a run                               ≤ 50 ms
  render time of the longest lesson page                      ≤ 0.3 s

The package's bytecode is compiled first, as an installed package has it: otherwise, where
PYTHONDONTWRITEBYTECODE is set, every start would be measured compiling the sources.

Usage: .venv/bin/python scripts/bench_app.py [--repeat N]
Uses temporary data homes; never touches the learner's. Prints a table."""

from __future__ import annotations

import argparse
import asyncio
import compileall
import fcntl
import json
import os
import pty
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
JAXTUTOR = Path(sys.executable).parent / "jaxtutor"
SOLUTION_6_1 = "def update_counter(count, increment):\n    return count + 1, increment\n"


def rss_bytes(pid: str | int = "self") -> int:
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


# ---------------------------------------------------------------- first frame (a real pty)


def first_frame(
    args: list[str], size=(120, 36), tree: Path | None = None
) -> tuple[float, int, float]:
    """Seconds from spawning `jaxtutor ARGS` in a pty to the app's first frame, its RSS then,
    and the CPU seconds the app's process had used by then (independent of machine load). With
    `tree`, the app of that checkout runs (`python -m tutor` from it)."""
    from tutor.app.main import BENCH_VAR

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "frame.json"
        env = dict(os.environ, JAXTUTOR_HOME=str(Path(tmp) / "home"), TERM="xterm-256color")
        env[BENCH_VAR] = str(out)
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        cmd = (
            [str(JAXTUTOR), *args]
            if JAXTUTOR.exists() and tree is None
            else [sys.executable, "-m", "tutor", *args]
        )
        start = time.time()
        proc = subprocess.Popen(
            cmd,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
            cwd=tree,
        )
        os.close(slave)

        def drain():
            while True:
                try:
                    if not os.read(master, 65536):
                        break
                except OSError:
                    break

        th = threading.Thread(target=drain, daemon=True)
        th.start()
        try:
            proc.wait(timeout=60)
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(master)
        if not out.exists():
            raise RuntimeError(
                f"{' '.join(args)}: the app did not report a first frame (exit {proc.returncode})"
            )
        data = json.loads(out.read_text())
        return data["first_frame"] - start, data["rss"], data["cpu"]


# ------------------------------------------------------------ runs and pages (Pilot, in process)


async def bench_runs(repeat: int) -> dict:
    from tutor.app.tutorapp import TutorApp
    from tutor.running.runner import INTERACTIVE_WARM_DELAY_S, Runner

    home = Path(tempfile.mkdtemp(prefix="jaxtutor-bench-"))
    # the app's own kind of runner, held here to see its warm worker (the session keeps its own)
    runner = Runner(keep_warm=True, warm_beside_after=INTERACTIVE_WARM_DELAY_S)
    app = TutorApp(home=home, target=("exercise", "6.1"), runner=runner, warm=True)
    verdicts, stalls = [], []
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        scr = app.screen
        state = {"last": time.perf_counter(), "max": 0.0, "on": False}

        def tick():
            now = time.perf_counter()
            if state["on"]:
                state["max"] = max(state["max"], now - state["last"])
            state["last"] = now

        app.set_interval(0.005, tick)
        # the moment the screen takes the verdict (a Pilot poll resumes only once the screen has
        # processed its messages, which can be long after)
        shown_at: list[float] = []

        def take(self, value):
            self.__dict__["_bench_last_result"] = value
            if value is not None:
                shown_at.append(time.monotonic())

        type(scr).last_result = property(lambda self: self.__dict__.get("_bench_last_result"), take)
        for i in range(repeat):
            # an edit before every run, as a learner works (an edit and a run each change the
            # workspace, and a run must not stall however it was reached)
            scr.query_one("#editor").load_text(SOLUTION_6_1 + "\n" * (i % 2))
            deadline = time.monotonic() + 120
            while True:  # wait for a warm worker that has finished warming up
                spare = runner.spare
                if spare is not None and spare.warmed():
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        f"no warm worker: {spare} {spare and spare.proc.poll()} "
                        f"{spare and spare.stderr.text()[-1500:]}"
                    )
                await pilot.pause(0.05)
            await pilot.pause(0.2)
            scr.last_result = None
            state.update(max=0.0, on=True, last=time.perf_counter())
            t0 = time.monotonic()
            await pilot.press("ctrl+r")
            while scr.last_result is None:
                await pilot.pause(0.002)
            verdict_at = shown_at[-1]
            await pilot.pause()
            state["on"] = False
            if scr.last_result.status.value != "passed":
                raise RuntimeError(f"6.1 did not pass: {scr.last_result}")
            verdicts.append(verdict_at - t0)
            stalls.append(state["max"])
        rss = rss_bytes()
    runner.close()  # given to the app, so the app leaves closing it here
    shutil.rmtree(home, ignore_errors=True)
    return {"verdict": verdicts, "stall": stalls, "rss_after_runs": rss}


async def bench_pages() -> dict:
    from tutor.app.tutorapp import TutorApp

    home = Path(tempfile.mkdtemp(prefix="jaxtutor-bench-"))
    app = TutorApp(home=home, target=None, warm=False)
    times: dict[str, tuple[float, float, float]] = {}
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("f2")
        await pilot.pause(1.5)  # the app warms up code highlighting in the background by then
        for lesson_id in app.course.lessons:
            t0, c0 = time.perf_counter(), time.process_time()
            app.open_item("lesson", lesson_id)
            while True:
                await pilot.pause(0)
                scr = app.screen
                if getattr(scr, "lesson_id", None) == lesson_id and scr.rendered_at is not None:
                    break
            first, cpu = scr.rendered_at - t0, time.process_time() - c0
            while not scr.complete:
                await pilot.pause(0)
            await pilot.pause(0)
            times[lesson_id] = (first, cpu, time.perf_counter() - t0)
            await pilot.press("f2")
            await pilot.pause()
    shutil.rmtree(home, ignore_errors=True)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    opts = ap.parse_args()
    from tutor.course.loader import load_course

    compileall.compile_dir(str(ROOT / "tutor"), quiet=1)
    course = load_course()
    ex_target = "6.2" if "6.2" in course.exercises else "6.1"
    rows = []

    def fmt_ms(s: float) -> str:
        return f"{s * 1000:.0f} ms"

    for label, args in (
        ("first frame: jaxtutor start", ["start"]),
        (f"first frame: jaxtutor exercise {ex_target}", ["exercise", ex_target]),
    ):
        samples, rss, cpus = [], [], []
        for _ in range(opts.repeat):
            dt, r, cpu = first_frame(args)
            samples.append(dt)
            rss.append(r)
            cpus.append(cpu)
        med = statistics.median(samples)
        rows.append(
            (
                label,
                fmt_ms(med),
                "≤ 400 ms",
                med <= 0.4,
                f"median of {len(samples)}: "
                + ", ".join(fmt_ms(s) for s in samples)
                + f"; CPU used by then (median) {fmt_ms(statistics.median(cpus))}",
            )
        )
        if "exercise" in label:
            first_rss = max(rss)
    runs = asyncio.run(bench_runs(opts.repeat))
    pages = asyncio.run(bench_pages())
    rss = max(first_rss, runs["rss_after_runs"])
    rows.append(
        (
            "app memory (RSS)",
            f"{rss / 2**20:.0f} MB",
            "≤ 120 MB",
            rss <= 120 * 2**20,
            f"at first frame {first_rss / 2**20:.0f} MB; after {opts.repeat} runs "
            f"{runs['rss_after_runs'] / 2**20:.0f} MB (Pilot process)",
        )
    )
    med = statistics.median(runs["verdict"])
    rows.append(
        (
            "Run → verdict 6.1 (warm worker)",
            fmt_ms(med),
            "≤ 400 ms",
            med <= 0.4,
            ", ".join(fmt_ms(s) for s in runs["verdict"]),
        )
    )
    worst = max(runs["stall"])
    rows.append(
        (
            "longest UI stall during a run",
            fmt_ms(worst),
            "≤ 50 ms",
            worst <= 0.05,
            ", ".join(fmt_ms(s) for s in runs["stall"]),
        )
    )
    if pages:
        slowest = max(pages, key=lambda k: pages[k][0])
        first, cpu, full = pages[slowest]
        longest_full = max(pages, key=lambda k: pages[k][2])
        rows.append(
            (
                "longest lesson page render",
                fmt_ms(first),
                "≤ 300 ms",
                first <= 0.3,
                f"first screen of {slowest} (CPU {fmt_ms(cpu)}); {len(pages)} pages, all ≤ 300 ms: "
                f"{'yes' if all(v[0] <= 0.3 for v in pages.values()) else 'no'}; whole page "
                "mounted "
                f"in the background, longest {longest_full} {fmt_ms(pages[longest_full][2])}",
            )
        )
    else:
        rows.append(("longest lesson page render", "-", "≤ 300 ms", True, "no lessons yet"))
    load = os.getloadavg()
    rows.append(
        (
            "machine load (1/5/15 min)",
            f"{load[0]:.1f}",
            "-",
            True,
            f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} CPUs: wall times "
            "grow with it",
        )
    )
    w = max(len(r[0]) for r in rows)
    print(f"{'measure':<{w}}  {'value':>9}  {'target':<9}  ok   detail")
    for name, value, target, ok, detail in rows:
        print(f"{name:<{w}}  {value:>9}  {target:<9}  {'yes' if ok else 'NO ':<4} {detail}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
