"""Benchmark: one long line in the exercise editor (issue 36: a 25 000-character line shows within
3 s and echoes a key within 0.1 s in a real terminal; a 100 000-character line opens within the
usual first frame + 1 s and keys answer within 50 ms). Measured, not asserted.

  Pilot (in process): time until the editor shows the line soft-wrapped, then the wall and CPU
  time of each of KEYS keystrokes typed in the middle of the line (a short line as the baseline).
  tmux (a real terminal, `jaxtutor exercise 6.1`): time until the line is on the screen, then
  from `send-keys` to the typed character on the screen.

Usage: .venv/bin/python scripts/bench_long_line.py [--keys N] [--no-tmux]
Uses temporary data homes; never touches the learner's. Prints one line per measurement."""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

JAXTUTOR = Path(sys.executable).parent / "jaxtutor"


def numbers_line(n: int) -> str:
    """A pasted list of numbers, `n` characters."""
    rng = random.Random(1)
    items = ", ".join(f"{rng.uniform(-100, 100):.{rng.randint(1, 6)}f}" for _ in range(n // 4))
    return ("data = [" + items)[:n]


def home_with_line(n: int) -> Path:
    home = Path(tempfile.mkdtemp(prefix="jaxtutor-bench-"))
    (home / "work").mkdir()
    text = "def update_counter(count, increment):\n    return count + 1, increment\n"
    (home / "work" / "6.1.py").write_text(text + numbers_line(n) + "\n", encoding="utf-8")
    return home


async def pilot_bench(n: int, keys: int) -> str:
    from tutor.app.tutorapp import TutorApp

    home = home_with_line(n)
    t0 = time.perf_counter()
    app = TutorApp(home=home, target=("exercise", "6.1"), warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        while not app.screen.query("#editor"):
            await pilot.pause(0.01)
        editor = app.screen.query_one("#editor")
        while len(editor.text) < n or (n > 200 and not editor.soft_wrap):
            await pilot.pause(0.01)
        await pilot.pause()
        shown = time.perf_counter() - t0
        editor.focus()
        editor.move_cursor((2, n // 2))
        await pilot.pause()
        walls, cpus = [], []
        for _ in range(keys):
            w, c = time.perf_counter(), time.process_time()
            await pilot.press("7")
            await pilot.pause()
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
    shutil.rmtree(home, ignore_errors=True)
    return (
        f"pilot {n:>7} chars: shown {shown:.2f} s; per key wall median "
        f"{statistics.median(walls) * 1000:.0f} ms, CPU median {statistics.median(cpus) * 1000:.0f}"
        f" ms (max {max(cpus) * 1000:.0f} ms)"
    )


def tmux_bench(n: int, keys: int) -> str:
    home = home_with_line(n)
    sock = f"jaxtutor-bench-{time.time_ns()}"

    def tmux(*args: str) -> str:
        out = subprocess.run(["tmux", "-L", sock, *args], capture_output=True, text=True)
        return out.stdout

    env = f"env JAXTUTOR_HOME={home} TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8"
    start = time.perf_counter()
    tmux("new-session", "-d", "-s", "b", "-x", "120", "-y", "36", f"{env} {JAXTUTOR} exercise 6.1")
    probe = numbers_line(n)[:20]
    try:
        while probe not in tmux("capture-pane", "-p", "-t", "b"):
            if time.perf_counter() - start > 120:
                return f"tmux  {n:>7} chars: not shown within 120 s"
            time.sleep(0.01)
        shown = time.perf_counter() - start
        time.sleep(1.5)  # past the first frame's follow-ups (highlighting, late widgets)
        echoes = []
        for _ in range(keys):
            mark = "Q"
            before = tmux("capture-pane", "-p", "-t", "b").count(mark)
            sent = time.perf_counter()
            tmux("send-keys", "-t", "b", "-l", mark)
            while tmux("capture-pane", "-p", "-t", "b").count(mark) <= before:
                if time.perf_counter() - sent > 30:
                    break
                time.sleep(0.005)
            echoes.append(time.perf_counter() - sent)
            time.sleep(0.2)
    finally:
        tmux("kill-server")
        shutil.rmtree(home, ignore_errors=True)
    return (
        f"tmux  {n:>7} chars: on screen {shown:.2f} s after start; key echo median "
        f"{statistics.median(echoes) * 1000:.0f} ms, max {max(echoes) * 1000:.0f} ms"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keys", type=int, default=10)
    ap.add_argument("--no-tmux", action="store_true")
    opts = ap.parse_args()
    for n in (100, 25_000, 100_000):
        print(asyncio.run(pilot_bench(n, opts.keys)), flush=True)
    if not opts.no_tmux and shutil.which("tmux") and JAXTUTOR.exists():
        for n in (100, 25_000, 100_000):
            print(tmux_bench(n, opts.keys), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
