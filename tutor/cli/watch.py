"""`jaxtutor watch`: check once, then again whenever the file is saved. What to watch is the
session's (`Session.watch_targets`: the file's folder, and its target's when it is a symlink,
so that an editor that saves by writing a new file and renaming it over the old one is seen like
any other save); a file that is gone when the quiet period ends is waited for, not a crash."""

from __future__ import annotations

import queue
import threading

from tutor.cli.commands import EXIT_FAIL, EXIT_OK, checked_file, lookup, make_runs, session
from tutor.cli.render import Out, render_verdict
from tutor.words.catalog import t


def start_watching(targets, quiet_s: float, stop: threading.Event) -> queue.SimpleQueue:
    """Watch `targets` (a WatchTargets) from a thread: the queue gets True per burst of changes,
    once `quiet_s` seconds passed without one, and None when watching ends. Started before the
    first check, so that a save made while it runs is not missed."""
    step = max(1, int(quiet_s * 1000))
    saves: queue.SimpleQueue = queue.SimpleQueue()

    def body() -> None:
        try:
            for _burst in targets.changes(stop, step_ms=step, debounce_ms=step + 1600):
                saves.put(True)
        finally:
            saves.put(None)

    threading.Thread(target=body, name="jaxtutor-watch", daemon=True).start()
    return saves


def _next_save(saves: queue.SimpleQueue) -> bool:
    """Wait for the next burst of saves (taking every burst already queued); False at the end."""
    if saves.get() is None:
        return False
    while True:
        try:
            if saves.get_nowait() is None:
                return False
        except queue.Empty:
            return True


COMMANDS = {"exercise": "watch", "repair": "watch", "lesson": "lesson", "quiz": "quiz"}


def offer_next(out: Out, sess, exercise_id: str) -> None:
    """After a pass: the next item on the course map and the command that opens it."""
    item = sess.next_item(("exercise", exercise_id))
    if item is None:
        return
    command = f"jaxtutor {COMMANDS.get(item.kind, 'start')} {item.id}"
    kind = t(f"cli.kind.{item.kind}")
    out.line(t("cli.watch_next", kind=kind, id=item.id, title=item.title, command=command), "bold")


def cmd_watch(args, stop: threading.Event | None = None) -> int:
    from tutor.application.session import RunRefused

    c, ex = lookup("exercise", args.id)
    with session(args, course_=c, runs=make_runs(keep_warm=True, interactive=True)) as sess:
        file = checked_file(args, sess, ex)
        path = file if file is not None else sess.draft_path(ex.id)
        out = Out()
        sess.warm(c.chapter_of(ex.id).context_path)
        runs = 0
        verdict = None

        def check() -> None:
            nonlocal runs, verdict
            out.clear()  # each save redraws the screen, like a watch that shows one state
            if not path.is_file():
                out.line(t("cli.watch_gone", path=path), "yellow")
                return
            out.line(t("cli.checking", id=ex.id), "dim")
            try:
                import asyncio

                verdict = asyncio.run(sess.run(ex.id, file=file))
            except RunRefused as e:
                out.line(e.reason, "red")
                return
            if verdict.cancelled:  # Ctrl-C cancelled the run: the watch ends
                raise KeyboardInterrupt
            runs += 1
            render_verdict(out, verdict, ex)
            if verdict.passed and not verdict.reference:
                offer_next(out, sess, ex.id)
            out.line(t("cli.watching", path=path), "dim")

        stop = stop or threading.Event()
        try:
            saves = start_watching(sess.watch_targets(ex.id, file), args.debounce, stop)
            out.line(t("cli.watching", path=path), "bold")
            check()
            while not (args.runs and runs >= args.runs) and _next_save(saves):
                check()
        except KeyboardInterrupt:
            return EXIT_OK
        finally:
            stop.set()
    if args.runs:
        return EXIT_OK if verdict is not None and verdict.passed else EXIT_FAIL
    return EXIT_OK
