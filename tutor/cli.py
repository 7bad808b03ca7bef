"""The command line (design §5.6). Every command works without the Textual app; start, exercise,
lesson and quiz open the app. Exit codes: 0 success (check: passed), 1 any other result,
2 bad usage or unknown id. Nothing here imports jax."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from tutor import messages
from tutor.messages import t

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad input from the user: printed as a message, exit code 2."""


# ---------------------------------------------------------------- output


class Out:
    """Rich output on a terminal, plain text when piped or with NO_COLOR."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stdout
        self.rich = self.stream.isatty() and not os.environ.get("NO_COLOR")
        self._console = None

    def _c(self):
        if self._console is None:
            from rich.console import Console

            self._console = Console(file=self.stream, highlight=False, soft_wrap=True)
        return self._console

    def line(self, text: str = "", style: str | None = None) -> None:
        if self.rich and style:
            from rich.text import Text

            self._c().print(Text(text, style=style))
        else:
            print(text, file=self.stream, flush=True)

    def markdown(self, text: str) -> None:
        if self.rich:
            from rich.markdown import Markdown

            self._c().print(Markdown(text))
        else:
            print(text.rstrip(), file=self.stream, flush=True)

    def code(self, text: str) -> None:
        if self.rich:
            from rich.syntax import Syntax

            self._c().print(Syntax(text, "python", line_numbers=True, word_wrap=True))
        else:
            print(text.rstrip(), file=self.stream, flush=True)


STATUS_STYLE = {"passed": "bold green", "failed": "bold red", "error": "bold red",
                "not_attempted": "yellow", "timeout": "bold magenta", "memory": "bold magenta",
                "crashed": "bold magenta", "exited_early": "bold magenta", "cancelled": "dim",
                "skipped": "dim"}
MARK = {"passed": "✓", "failed": "✗", "error": "!", "skipped": "·"}


def bar(done: int, total: int, width: int = 20) -> str:
    filled = round(width * done / total) if total else 0
    return "█" * filled + "░" * (width - filled) + f" {done}/{total}"


# ---------------------------------------------------------------- shared helpers


def _course():
    from tutor.content import load_course

    return load_course()


def _store(args):
    from tutor import paths
    from tutor.store import Store

    store = Store(paths.home_dir(args.home))
    if store.recovered_from:
        print(t("cli.store_moved", path=store.recovered_from), file=sys.stderr)
    return store


def _lookup(kind: str, item_id: str):
    from tutor.content import UnknownId

    course = _course()
    try:
        return course, {"exercise": course.exercise, "lesson": course.lesson, "quiz": course.quiz}[kind](item_id)
    except UnknownId as e:
        msg = t("cli.unknown_id", id=item_id, kind=t(f"cli.kind.{kind}"))
        if e.suggestions:
            msg += "\n" + t("cli.closest", ids=", ".join(e.suggestions))
        raise UsageError(msg) from None


def _confirm(prompt: str, assume_yes: bool) -> bool:
    if assume_yes:
        return True
    if not sys.stdin.isatty():
        raise UsageError(t("cli.give_up_needs_yes"))
    try:
        return input(prompt).strip().lower() in ("y", "yes", "是")
    except EOFError:
        return False


def render_result(out: Out, result, exercise=None) -> None:
    status = result.status.value
    out.line(f"{exercise.id if exercise else result.exercise}  {t('status.' + status)}  ({result.duration_s:.2f}s)",
             STATUS_STYLE.get(status))
    if result.message:
        out.line(result.message)
    if result.checks:
        passed = sum(1 for c in result.checks if c.status.value == "passed")
        out.line(t("cli.passed_count", passed=passed, total=len(result.checks)))
    for c in result.checks:
        st = c.status.value
        out.line(f"  {MARK.get(st, '?')} {c.name}  ({c.duration_s:.2f}s)", STATUS_STYLE.get(st))
        if st in ("failed", "error", "skipped") and c.message:
            for line in c.message.splitlines():
                out.line(f"      {line}")
        if st == "failed" and c.detail:
            for line in describe_detail(c.detail):
                out.line(f"      {line}", "dim")
    if result.error:
        e = result.error
        where = f" ({t('cli.line', line=e.line)})" if e.line else ""
        out.line(f"{e.type}{where}: {e.message[:500]}", "red")
        if e.hint:
            out.line(e.hint, "yellow")
        if e.traceback:
            out.line(e.traceback.rstrip(), "dim")
    text = (result.stdout + result.stderr).strip()
    if text:
        out.line(f"— {t('cli.output')} —", "dim")
        out.line(text[-4000:] if len(text) > 4000 else text)
    if result.status.value == "passed" and exercise is not None:
        out.line()
        out.line(f"— {t('cli.explanation')} —", "bold")
        out.markdown(exercise.explanation)


def describe_detail(d: dict) -> list[str]:
    """A few plain lines from a failure detail (the app draws the full diff)."""
    kind = d.get("kind")
    lines = []
    if d.get("what"):
        lines.append(str(d["what"]))
    if kind in ("allclose", "shape", "dtype", "type", "equal", "condition", "raises", "compiles"):
        for key in ("expected", "actual"):
            if key in d:
                lines.append(f"{t('cli.' + key)}: {json.dumps(d[key], ensure_ascii=False)[:300]}")
    if kind == "allclose":
        lines.append(f"rtol={d.get('rtol')} atol={d.get('atol')} max_abs_err={d.get('max_abs_err')} "
                     f"mismatched={d.get('mismatched')}/{d.get('total')}")
    elif kind == "tree":
        for leaf in d.get("leaves", []):
            if not leaf.get("ok"):
                lines.append(f"{leaf.get('path')}: {t('cli.expected')} {json.dumps(leaf.get('expected'), ensure_ascii=False)[:150]}"
                             f"  {t('cli.actual')} {json.dumps(leaf.get('actual'), ensure_ascii=False)[:150]}")
    elif kind == "structure":
        lines.append(f"{t('cli.expected')}: {d.get('expected_paths')}")
        lines.append(f"{t('cli.actual')}: {d.get('actual_paths')}")
    elif kind == "compiles":
        lines.append(f"{d.get('function')}: {d.get('actual')} (others: {', '.join(d.get('other_compiles', []))})")
    return lines


# ---------------------------------------------------------------- commands


def cmd_list(args) -> int:
    course = _course()
    store = _store(args)
    statuses = store.statuses()
    read = store.lessons_read()
    if args.json:
        data = []
        for ch in course.chapters:
            data.append({
                "id": ch.id, "title": ch.title,
                "lessons": [{"id": l.id, "title": l.title, "level": l.level, "read": l.id in read} for l in ch.lessons],
                "exercises": [{"id": e.id, "title": e.title, "status": statuses.get(e.id, "unseen"),
                               "interface": [i.signature for i in e.interface]} for e in ch.exercises],
                "quiz": ({"id": ch.id, "questions": len(ch.quiz.questions),
                          "score": list(store.quiz_score(ch.id))} if ch.quiz else None),
            })
        print(json.dumps({"chapters": data}, ensure_ascii=False, indent=2))
        return EXIT_OK
    out = Out()
    for ch in course.chapters:
        done = sum(1 for e in ch.exercises if statuses.get(e.id) == "passed")
        out.line(f"{ch.id}  {ch.title}   {bar(done, len(ch.exercises))}", "bold")
        for l in ch.lessons:
            mark = "✓" if l.id in read else " "
            level = {"core": "🟢", "optional": "⚪"}.get(l.level, "  ")
            out.line(f"  {mark} lesson   {l.id:<6} {level} {l.title}")
        for e in ch.exercises:
            st = statuses.get(e.id, "unseen")
            out.line(f"  {MARK.get(st, ' ')} exercise {e.id:<6}    {e.title}  [{t('status.' + st) if 'status.' + st in messages.CATALOG else st}]",
                     STATUS_STYLE.get(st))
        if ch.quiz:
            right, answered = store.quiz_score(ch.id)
            out.line(f"    quiz     {ch.id:<6}    {ch.quiz.title}  {right}/{len(ch.quiz.questions)}")
    return EXIT_OK


def _check_file(args, course, ex, store) -> Path:
    if args.file:
        path = Path(args.file)
        if not path.is_file():
            raise UsageError(t("cli.no_file", path=path))
        return path
    if not store.drafts.exists(ex.id):
        path = store.drafts.ensure(ex)
        print(t("cli.draft_created", path=path), file=sys.stderr)
        return path
    return store.drafts.path(ex.id)


def _run_check(runner, course, ex, path: Path, timeout: float | None):
    from tutor.runner import exercise_job

    job = exercise_job(ex, path, course.chapter_of(ex.id).context_path, time_limit=timeout)
    return runner.run(job)


def cmd_check(args) -> int:
    from tutor.runner import Runner

    course, ex = _lookup("exercise", args.id)
    if args.timeout is not None and args.timeout <= 0:
        raise UsageError("--timeout must be > 0")
    store = _store(args)
    path = _check_file(args, course, ex, store)
    runner = Runner(keep_warm=False)
    try:
        result = _run_check(runner, course, ex, path, args.timeout)
    finally:
        runner.close()
    store.record_attempt(result)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        render_result(Out(), result, ex)
    return EXIT_OK if result.status.value == "passed" else EXIT_FAIL


def cmd_watch(args) -> int:
    from tutor.runner import Runner

    course, ex = _lookup("exercise", args.id)
    store = _store(args)
    path = _check_file(args, course, ex, store)
    out = Out()
    runner = Runner(keep_warm=True)
    runner.warm(course.chapter_of(ex.id).context_path)
    out.line(t("cli.watching", path=path), "bold")
    last = None
    try:
        while True:
            try:
                stamp = path.stat().st_mtime_ns, path.stat().st_size
            except FileNotFoundError:
                stamp = None
            if stamp != last and stamp is not None:
                # debounce: wait until the file has been quiet for a moment (editors write in steps)
                time.sleep(args.debounce)
                again = path.stat().st_mtime_ns, path.stat().st_size
                if again != stamp:
                    continue
                last = stamp
                out.line(t("cli.checking", id=ex.id), "dim")
                result = _run_check(runner, course, ex, path, None)
                store.record_attempt(result)
                render_result(out, result, ex)
                out.line(t("cli.watching", path=path), "dim")
                if args.once:
                    return EXIT_OK if result.status.value == "passed" else EXIT_FAIL
            time.sleep(0.15)
    except KeyboardInterrupt:
        return EXIT_OK
    finally:
        runner.close()


def cmd_hint(args) -> int:
    _, ex = _lookup("exercise", args.id)
    store = _store(args)
    before = store.hints_revealed(ex.id)
    n = store.reveal_hint(ex.id, len(ex.hints))
    out = Out()
    for i in range(n):
        out.line(t("cli.hint_n", n=i + 1, total=len(ex.hints)), "bold" if i == n - 1 else "dim")
        out.line(ex.hints[i])
    if n == before:
        out.line(t("cli.no_more_hints"), "yellow")
    return EXIT_OK


def cmd_solution(args) -> int:
    _, ex = _lookup("exercise", args.id)
    store = _store(args)
    if not store.solution_unlocked(ex.id):
        if not args.give_up:
            print(t("cli.solution_locked"), file=sys.stderr)
            return EXIT_FAIL
        if not _confirm(t("cli.give_up_confirm", id=ex.id), args.yes):
            print(t("cli.not_confirmed"), file=sys.stderr)
            return EXIT_FAIL
        store.give_up(ex.id)
    store.record_solution_view(ex.id)
    out = Out()
    out.code(ex.solution)
    out.line()
    out.markdown(ex.explanation)
    return EXIT_OK


def cmd_progress(args) -> int:
    course = _course()
    store = _store(args)
    out = Out()
    statuses = store.statuses()
    read = store.lessons_read()
    all_ex = list(course.exercises.values())
    total_done = sum(1 for e in all_ex if statuses.get(e.id) == "passed")
    out.line(f"{t('cli.overall')}  {bar(total_done, len(all_ex), 30)}", "bold")
    for ch in course.chapters:
        done = sum(1 for e in ch.exercises if statuses.get(e.id) == "passed")
        lessons_read = sum(1 for l in ch.lessons if l.id in read)
        out.line()
        out.line(f"{ch.id}  {ch.title}  {bar(done, len(ch.exercises))}   lessons {lessons_read}/{len(ch.lessons)}", "bold")
        for e in ch.exercises:
            s = store.stats(e.id)
            solved = time.strftime("%Y-%m-%d", time.localtime(s.solved_at)) if s.solved_at else "-"
            out.line(f"  {MARK.get(s.status, ' ')} {e.id:<6} {e.title[:24]:<24} {t('status.' + s.status) if 'status.' + s.status in messages.CATALOG else s.status:<8} "
                     f"{s.attempts} {t('cli.attempts')}, {t('cli.hints_used')} {s.hints_used}/{len(e.hints)}, "
                     f"{s.time_spent_s / 60:.0f} min, {t('cli.solved_at')} {solved}"
                     + (" (gave up)" if s.gave_up else ""), STATUS_STYLE.get(s.status))
        if ch.quiz:
            right, answered = store.quiz_score(ch.id)
            out.line(f"  quiz {ch.id}: {right}/{len(ch.quiz.questions)} ({answered} answered)")
    return EXIT_OK


def cmd_reset(args) -> int:
    _, ex = _lookup("exercise", args.id)
    store = _store(args)
    if not _confirm(t("cli.reset_confirm", id=ex.id), args.yes):
        print(t("cli.not_confirmed"), file=sys.stderr)
        return EXIT_FAIL
    backup = store.reset_exercise(ex)
    print(t("cli.reset_done", id=ex.id, backup=backup or "-"))
    return EXIT_OK


def cmd_doctor(args) -> int:
    from importlib import metadata
    from importlib.util import find_spec

    from tutor import paths
    from tutor.validate import validate_content

    out = Out()
    out.line(f"{t('cli.doctor.python')}: {sys.version.split()[0]} ({sys.executable})")
    for dist in ("jax", "jaxlib", "numpy", "optax", "textual"):
        try:
            version = metadata.version(dist)
        except metadata.PackageNotFoundError:
            version = "not installed"
        out.line(f"{dist}: {version}")
    out.line(f"{t('cli.doctor.home')}: {paths.home_dir(args.home)}")
    out.line(f"{t('cli.doctor.content')}: {paths.lessons_dir()}")
    highlight = find_spec("tree_sitter") is not None and find_spec("tree_sitter_python") is not None
    out.line(f"{t('cli.doctor.highlight')}: {t('cli.doctor.ok') if highlight else t('cli.doctor.missing')}",
             "green" if highlight else "red")
    problems = validate_content()
    if problems:
        out.line(t("cli.content_invalid", n=len(problems)), "red")
        for p in problems:
            out.line(f"  {p}")
        return EXIT_FAIL
    return EXIT_OK if highlight else EXIT_FAIL


def cmd_open(args) -> int:
    """start / exercise / lesson / quiz: open the app at a place."""
    from tutor import paths

    target = None
    if args.cmd != "start":
        _lookup(args.cmd, args.id)
        target = (args.cmd, args.id)
    try:
        from tutor.app.main import run_app
    except ImportError as e:
        print(t("cli.app_missing", detail=e), file=sys.stderr)
        return EXIT_FAIL
    return run_app(home=paths.home_dir(args.home), target=target, lang=messages.lang())


def cmd_dev(args) -> int:
    from tutor.content import load_course
    from tutor.devcheck import check_exercise, run_blocks
    from tutor.runner import Runner
    from tutor.validate import validate_content

    if args.dev_cmd == "validate":
        problems = validate_content()
        for p in problems:
            print(p)
        print(f"{len(problems)} problem(s)")
        return EXIT_FAIL if problems else EXIT_OK
    course = load_course()
    runner = Runner()
    failures = 0
    try:
        if args.dev_cmd == "check":
            for ex_id in args.ids or list(course.exercises):
                _, ex = _lookup("exercise", ex_id)
                for v in check_exercise(course, ex, runner):
                    failures += not v.ok
                    print(("ok   " if v.ok else "FAIL ") + v.label + ": " + v.why, flush=True)
                    if not v.ok and args.verbose and v.result:
                        for c in v.result.checks:
                            print("    ", c.id, c.status.value, (c.message or "")[:300])
                        if v.result.error:
                            print(v.result.error.traceback)
                        print(v.result.stderr[-2000:])
        else:
            for v in run_blocks(course, args.ids, runner):
                failures += not v.ok
                print(("ok   " if v.ok else "FAIL ") + v.label + ": " + v.why, flush=True)
                if not v.ok and v.result:
                    if v.result.error:
                        print(v.result.error.traceback)
                    print(v.result.stdout[-1500:], v.result.stderr[-1500:])
    finally:
        runner.close()
    print(f"{failures} failure(s)")
    return EXIT_FAIL if failures else EXIT_OK


# ---------------------------------------------------------------- parser


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # usage errors exit 2 with the usage line, like argparse, but in our words
        self.print_usage(sys.stderr)
        print(f"{self.prog}: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    # SUPPRESS: a value given before the command is not overwritten by the default after it
    common.add_argument("--home", default=argparse.SUPPRESS, help="data directory (default: $JAXTUTOR_HOME or the user data dir)")
    common.add_argument("--lang", choices=messages.LANGS, default=argparse.SUPPRESS, help="language of the app's own words")

    p = _Parser(prog="jaxtutor", parents=[common],
                description="jaxtutor: an offline terminal tutor for JAX's hard parts.")
    sub = p.add_subparsers(dest="cmd", required=True, parser_class=_Parser)

    def add(name, help, func):
        sp = sub.add_parser(name, help=help, description=help, parents=[common])
        sp.set_defaults(func=func)
        return sp

    add("start", "open the tutor where you left off", cmd_open)
    add("exercise", "open the tutor at an exercise", cmd_open).add_argument("id", help="exercise id, e.g. 6.1")
    add("lesson", "open the tutor at a lesson", cmd_open).add_argument("id", help="lesson id, e.g. 6.1")
    add("quiz", "open a chapter's quiz", cmd_open).add_argument("id", metavar="CH", help="chapter id: 6, 7 or a1")
    sp = add("list", "list chapters, lessons, exercises and quizzes with their status", cmd_list)
    sp.add_argument("--json", action="store_true", help="machine-readable output")
    sp = add("check", "run an exercise's checks on your draft (or FILE)", cmd_check)
    sp.add_argument("id", help="exercise id")
    sp.add_argument("file", nargs="?", help="file to check (default: your draft)")
    sp.add_argument("--json", action="store_true", help="print the result document as JSON")
    sp.add_argument("--timeout", type=float, help="wall-clock limit in seconds (default: the exercise's)")
    sp = add("watch", "re-run the checks every time the draft (or FILE) is saved", cmd_watch)
    sp.add_argument("id", help="exercise id")
    sp.add_argument("file", nargs="?", help="file to watch (default: your draft)")
    sp.add_argument("--debounce", type=float, default=0.3, help="seconds of quiet after a save before checking")
    sp.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    add("hint", "reveal the next hint of an exercise", cmd_hint).add_argument("id", help="exercise id")
    sp = add("solution", "show the reference solution (after a pass, or --give-up)", cmd_solution)
    sp.add_argument("id", help="exercise id")
    sp.add_argument("--give-up", action="store_true", help="see it without passing (asks, and is recorded)")
    sp.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    add("progress", "show your progress", cmd_progress)
    sp = add("reset", "put the starter back in an exercise's draft (the old one is backed up)", cmd_reset)
    sp.add_argument("id", help="exercise id")
    sp.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    add("doctor", "report Python, jax/jaxlib, the data home, content and highlighting", cmd_doctor)

    dev = add("dev", "content authors' tools", cmd_dev)
    dsub = dev.add_subparsers(dest="dev_cmd", required=True, parser_class=_Parser)
    c = dsub.add_parser("check", help="solutions pass, starters not attempted, fixtures fail on their check")
    c.add_argument("ids", nargs="*")
    c.add_argument("-v", "--verbose", action="store_true")
    b = dsub.add_parser("blocks", help="run lessons' runnable blocks and quiz verify code")
    b.add_argument("ids", nargs="*", help="chapter ids or lesson ids")
    dsub.add_parser("validate", help="validate the content")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    args.home = getattr(args, "home", None)
    try:
        messages.set_lang(getattr(args, "lang", None))
        return args.func(args)
    except UsageError as e:
        print(str(e), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `jaxtutor list | head`
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
