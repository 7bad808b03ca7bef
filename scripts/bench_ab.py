#!/usr/bin/env python3
"""First frame and `jaxtutor list`, this checkout against an earlier commit, interleaved.

    .venv/bin/python scripts/bench_ab.py REV [--rounds 15]

The machine's speed changes from one hour to the next (and between machines by several times), so
a number from `make bench` is compared with one measured now, on the same machine: REV is checked
out in a temporary worktree, both trees are compiled, and each round measures REV then this tree
(the app's first frame in a pty, as bench_app.py does, for `start` and `exercise 6.2`, and the
time of `jaxtutor list`). Prints the medians and the change. Uses temporary data homes."""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import bench_app  # noqa: E402


def first_frame(tree: Path, args: list[str]) -> float:
    return bench_app.first_frame(args, tree=tree)[0]


def list_time(tree: Path, home: Path) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree), JAXTUTOR_HOME=str(home))
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "tutor", "list"], cwd=tree, env=env, capture_output=True, check=True
    )
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("rev", help="the earlier commit to compare with")
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="jaxtutor-ab-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(base), args.rev],
            cwd=ROOT,
            check=True,
        )
        try:
            trees = {args.rev: base, "this tree": ROOT}
            for tree in trees.values():
                compileall.compile_dir(tree / "tutor", quiet=1)
            measures = {
                "first frame: start": lambda tree, _home: first_frame(tree, ["start"]),
                "first frame: exercise 6.2": lambda tree, _home: first_frame(
                    tree, ["exercise", "6.2"]
                ),
                "jaxtutor list": list_time,
            }
            for name, tree in trees.items():  # each home's store made before any timing
                list_time(tree, Path(tmp) / f"home-{name.replace(' ', '-')}")
            times: dict[tuple[str, str], list[float]] = {}
            for n in range(args.rounds):
                for measure, run in measures.items():
                    for name, tree in trees.items():
                        home = Path(tmp) / f"home-{name.replace(' ', '-')}"
                        times.setdefault((measure, name), []).append(run(tree, home))
                print(f"round {n + 1}/{args.rounds}", file=sys.stderr, flush=True)
            print(f"{'measure':<28} {args.rev[:12]:>12} {'this tree':>12} {'change':>8}")
            for measure in measures:
                before = statistics.median(times[measure, args.rev]) * 1000
                now = statistics.median(times[measure, "this tree"]) * 1000
                change = (now - before) / before * 100
                print(f"{measure:<28} {before:>9.0f} ms {now:>9.0f} ms {change:>+7.1f}%")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)
    return 0


if __name__ == "__main__":
    sys.exit(main())
