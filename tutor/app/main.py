"""The app's entry point, called by the CLI (`jaxtutor start | exercise ID | lesson ID | quiz
CH`)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

# benchmarks: write timings to this file after the first frame and exit
BENCH_VAR = "JAXTUTOR_BENCH_FIRST_FRAME"


def run_app(*, home: Path, target: tuple[str, str] | None, lang: str = "zh") -> int:
    """Open the app at `target` (("exercise", "6.1"), ("lesson", "6.2"), ("quiz", "6")) or, with
    None, where the learner last was (the first time: the welcome page). Returns an exit code."""
    import gc

    gc_enabled = gc.isenabled()
    gc.disable()  # until the first frame (TutorApp turns it back on): imports allocate a lot
    from tutor.words.catalog import set_lang

    set_lang(lang)
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=Path(home), target=target)
    app.gc_policy.was_enabled = gc_enabled
    bench = os.environ.get(BENCH_VAR)
    if bench:
        _arm_benchmark(app, bench)
    try:
        app.run()
    finally:  # the app opened its session when it was built: closed even if it never mounted
        app.session.close()
        from tutor.app.quitting import print_recovered

        print_recovered(app.recovered, sys.stderr)  # the terminal is back (if it is there)
    return int(app.return_code or 0)


def _arm_benchmark(app, out_path: str) -> None:
    """When the place the app opened (not the course map under it) is first written to the
    terminal: record the time, the RSS and the CPU used, then exit. Hooks the app's display
    call, the one moment a frame reaches the terminal; benchmarks only."""
    import json

    display = app._display
    done: list[bool] = []

    def display_and_record(screen, renderable) -> None:
        display(screen, renderable)
        if done or renderable is None or screen is not app.screen or len(app.screen_stack) < 3:
            return
        done.append(True)
        now = time.time()
        rss = 0
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1]) * 1024
        cpu = sum(os.times()[:2])
        Path(out_path).write_text(
            json.dumps(
                {"first_frame": now, "rss": rss, "cpu": cpu, "screen": type(screen).__name__}
            )
        )
        app.call_later(app.exit)

    app._display = display_and_record
