"""The commands: parse → session → render. Exit codes: 0 success (check: passed), 1 any other
result (including a store or draft problem, reported in a sentence), 2 bad usage or unknown id.
Nothing here imports jax."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.cells import cell_len

from tutor.cli.render import Out, pad, render_verdict, warn
from tutor.words import catalog
from tutor.words.catalog import t

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2
# a home that is a file, a database path that is a folder or a dangling link: a read-only view
# would show an empty store as if it were the learner's, so these stay errors to fix
MISPLACED_STORE = ("home_not_folder", "db_path")


class UsageError(Exception):
    """Bad input from the user: printed as a message, exit code 2."""


# ---------------------------------------------------------------- shared helpers


def make_runs(keep_warm: bool, interactive: bool = False):
    """The run service a command's session uses (tests give it a fake runner that meets
    session.RunnerLike); `interactive` when a person waits for each verdict."""
    from tutor.application.runs import RunService

    return RunService(keep_warm=keep_warm, interactive=interactive)


def course():
    from tutor.course.loader import load_course

    return load_course(lang=catalog.lang())


def session(
    args,
    course_=None,
    *,
    reading: bool = False,
    unsaved: str = "store.read_only_view",
    runs=None,
):
    """The session over the store of --home. `reading` commands (list, progress, hint, check)
    still work on a read-only copy whenever the store cannot be opened for writing (a read-only
    home, a full disk, a lock held too long …), saying what is not saved (`unsaved`, a catalog
    key). A store that is not where it should be (MISPLACED_STORE), or cannot even be read, is a
    StoreError (main prints it)."""
    from tutor import paths
    from tutor.application.session import StoreError, open_session

    home = paths.home_dir(args.home)
    opened = dict(course=course_ or course(), lang=catalog.lang(), runs=runs)
    try:
        sess = open_session(home, **opened)
    except StoreError as e:
        if not reading or e.kind in MISPLACED_STORE:
            raise
        try:
            sess = open_session(home, read_only=True, **opened)
        except StoreError:
            raise e from None  # not even readable: the first problem is the one to report
        warn(f"{e}\n{t(unsaved)}")
    else:
        try:  # a first start remembers its language; one not remembered is chosen again
            sess.remember_language(catalog.lang())
        except StoreError:
            pass
    if sess.recovered_from:
        warn(t("store.salvaged", rows=sess.salvaged_rows, path=sess.recovered_from))
    if sess.moved_aside:
        warn(t("store.moved_aside", paths=", ".join(map(str, sess.moved_aside))))
    return sess


def session_read_only(args, problem, course_=None):
    """A read-only session, after `problem` (a StoreError) stopped a write: the view goes on,
    saying that nothing of it is saved."""
    from tutor import paths
    from tutor.application.session import open_session

    sess = open_session(
        paths.home_dir(args.home), course=course_ or course(), lang=catalog.lang(), read_only=True
    )
    warn(f"{problem}\n{t('store.read_only_view')}")
    return sess


def lookup(kind: str, item_id: str, course_=None):
    from tutor.course.loader import UnknownId

    c = course_ or course()
    try:
        return c, {"exercise": c.exercise, "lesson": c.lesson, "quiz": c.quiz}[kind](item_id)
    except UnknownId as e:
        msg = t("cli.unknown_id", id=item_id, kind=t(f"cli.kind.{kind}"))
        if e.suggestions:
            msg += "\n" + t("cli.closest", ids=", ".join(e.suggestions))
        raise UsageError(msg) from None


def confirm(prompt: str, assume_yes: bool) -> bool:
    if assume_yes:
        return True
    if not sys.stdin.isatty():
        raise UsageError(t("cli.give_up_needs_yes"))
    try:
        return input(prompt).strip().lower() in t("cli.yes_answers").split()
    except EOFError:
        return False


def print_refused(ex_id: str, reason: str, kind: str) -> None:
    """With --json, stdout is one result document even when the run was not started: status
    error, the reason as its message (as the worker reports a file it cannot read)."""
    from tutor.application.session import refused_result

    print(json.dumps(refused_result(ex_id, reason, kind).to_dict(), ensure_ascii=False))


def given_file(name: str) -> Path:
    """FILE as given: it must be a regular file (a folder, a pipe or a device each get their
    own sentence; a pipe is never opened, so nothing waits on it). Raises UsageError."""
    path = Path(name)
    if path.is_file():
        return path
    if path.is_dir():
        raise UsageError(t("cli.file_is_folder", path=path))
    if path.exists():
        raise UsageError(t("cli.file_not_regular", path=path))
    raise UsageError(t("cli.no_file", path=path))


def checked_file(args, sess, ex) -> Path | None:
    """FILE if given (a regular file), else None for the draft (announced when it is
    created)."""
    if args.file:
        return given_file(args.file)
    path, created = sess.ensure_draft(ex.id)
    if created:
        warn(t("cli.draft_created", path=path))
    return None


# ---------------------------------------------------------------- commands


def cmd_list(args) -> int:
    from tutor.cli.views import list_document, render_list

    c = course()
    with session(args, c, reading=True) as sess:
        prog = sess.progress()
    if args.json:
        print(json.dumps(list_document(c, prog, only=args.only), ensure_ascii=False, indent=2))
    else:
        render_list(Out(), c, prog, only=args.only)
    return EXIT_OK


def cmd_progress(args) -> int:
    from tutor.cli.views import render_progress

    c = course()
    with session(args, c, reading=True) as sess:
        render_progress(Out(), c, sess, sess.progress())
    return EXIT_OK


def cmd_check(args) -> int:
    """With --json, stdout holds one result document whatever happens: a verdict, or a refusal
    (an unknown id, a file that cannot be checked, a store that cannot be opened). A run of the
    reference solution is not a pass: exit code 1, and the document says "reference": true."""
    from tutor.application.session import DraftError, RunRefused, StoreError

    try:
        c, ex = lookup("exercise", args.id)
    except UsageError as e:
        if args.json:
            print_refused(args.id, str(e), "UnknownId")
        raise
    try:
        sess = session(
            args,
            course_=c,
            reading=True,
            unsaved="cli.check_not_saved",
            runs=make_runs(keep_warm=False),
        )
    except StoreError as e:
        if args.json:
            print_refused(ex.id, str(e), "StoreError")
        raise
    with sess:
        try:
            file = checked_file(args, sess, ex)
        except (UsageError, DraftError) as e:
            if args.json:
                print_refused(ex.id, str(e), type(e).__name__)
            raise
        try:
            import asyncio

            # the run is one asyncio task; Ctrl-C cancels it, and its verdict says so
            verdict = asyncio.run(sess.run(ex.id, file=file, timeout=args.timeout))
        except RunRefused as e:
            if args.json:
                print_refused(ex.id, e.reason, type(e.cause or e).__name__)
            warn(e.reason)
            return EXIT_FAIL
    if args.json:
        doc = verdict.result.to_dict()
        if verdict.reference:
            doc["reference"] = True
        print(json.dumps(doc, ensure_ascii=False))
        if verdict.reference:
            warn(t("cli.reference_checked"))
        if verdict.record_error:
            warn(t("cli.not_recorded", reason=verdict.record_error))
    else:
        render_verdict(Out(), verdict, ex, sess.next_item(("exercise", ex.id)))
    return EXIT_OK if verdict.passed and not verdict.reference else EXIT_FAIL


def cmd_hint(args) -> int:
    from tutor.application.session import StoreError

    c, ex = lookup("exercise", args.id)
    with session(args, c, reading=True) as sess:
        try:
            reveal = sess.reveal_hint(ex.id)
        except StoreError as e:  # opened, but the write failed (a full disk, a lock held too long)
            with session_read_only(args, e, c) as view:
                reveal = view.reveal_hint(ex.id)
    out = Out()
    for i, hint in enumerate(reveal.revealed):
        last = i == reveal.count - 1
        out.line(t("cli.hint_n", n=i + 1, total=reveal.total), "bold" if last else "dim")
        out.markdown(hint)
    if not reveal.new:
        out.line(t("cli.no_more_hints"), "yellow")
    return EXIT_OK


def cmd_solution(args) -> int:
    c, ex = lookup("exercise", args.id)
    with session(args, course_=c) as sess:
        if not sess.solution_unlocked(ex.id):
            if not args.give_up:
                warn(t("cli.solution_locked"))
                return EXIT_FAIL
            if not confirm(t("cli.give_up_confirm", id=ex.id), args.yes):
                warn(t("cli.not_confirmed"))
                return EXIT_FAIL
            sess.give_up(ex.id)
        solution = sess.view_solution(ex.id)
    out = Out()
    out.code(solution)
    out.line()
    out.markdown(ex.explanation)
    return EXIT_OK


def cmd_reset(args) -> int:
    c, ex = lookup("exercise", args.id)
    with session(args, course_=c) as sess:
        if not confirm(t("cli.reset_confirm", id=ex.id), args.yes):
            warn(t("cli.not_confirmed"))
            return EXIT_FAIL
        outcome = sess.reset(ex.id)
    if outcome.backup is None:
        print(t("cli.reset_done_no_backup", id=ex.id))
    else:
        print(t("cli.reset_done", id=ex.id, backup=outcome.backup))
    return EXIT_OK


def cmd_doctor(args) -> int:
    from importlib import metadata
    from importlib.util import find_spec

    from tutor import paths
    from tutor.authoring.validate import validate_content

    out = Out()
    out.line(f"{t('cli.doctor.python')}: {sys.version.split()[0]} ({sys.executable})")
    for dist in ("jax", "jaxlib", "numpy", "optax", "textual"):
        try:
            version = metadata.version(dist)
        except metadata.PackageNotFoundError:
            version = t("cli.doctor.not_installed")
        out.line(f"{dist}: {version}")
    out.line(f"{t('cli.doctor.home')}: {paths.home_dir(args.home)}")
    here = catalog.lang()
    out.line(f"{t('cli.doctor.language')}: {t('app.lang.' + here)} ({here})")
    out.line(f"{t('cli.doctor.content')}: {paths.lessons_dir()}")
    highlight = find_spec("tree_sitter") is not None and find_spec("tree_sitter_python") is not None
    found = t("cli.doctor.ok") if highlight else t("cli.doctor.missing")
    out.line(f"{t('cli.doctor.highlight')}: {found}", "green" if highlight else "red")
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
        lookup(args.cmd, args.id)
        target = (args.cmd, args.id)
    session(args).close()  # a store problem is reported here, before the screen is taken
    if not (sys.stdin.isatty() and sys.stderr.isatty()):  # Textual reads one, draws on the other
        warn(t("cli.no_terminal"))
        return EXIT_FAIL
    try:
        from tutor.app.main import run_app
    except ImportError as e:
        warn(t("cli.app_missing", detail=e))
        return EXIT_FAIL
    return run_app(home=paths.home_dir(args.home), target=target, lang=catalog.lang())


def proof_line(verdict) -> str:
    """One verdict of `dev check` or `dev blocks`: its mark, padded so that the labels line up."""
    marks = (t("cli.dev.ok"), t("cli.dev.fail"))
    mark = marks[0] if verdict.ok else marks[1]
    return f"{pad(mark, max(map(cell_len, marks)))} {verdict.label}: {verdict.why}"


def cmd_dev(args) -> int:
    from tutor.authoring.block_proofs import run_blocks
    from tutor.authoring.course_proof import check_exercise, dev_batch, dev_runner
    from tutor.authoring.validate import validate_content

    if args.dev_cmd == "validate":
        problems = validate_content()
        for p in problems:
            print(p)
        print(t("cli.dev.problems", n=len(problems)))
        return EXIT_FAIL if problems else EXIT_OK
    if args.dev_cmd == "mutants":
        from tutor.authoring.mutants import main as mutants_main

        return mutants_main(args.ids + ([f"--limit={args.limit}"] if args.limit else []))
    from tutor.course.loader import load_course

    c = load_course()  # Chinese: the reference; the proof finds the English versions from it
    runner, batch = dev_runner(), dev_batch()
    failures = 0
    try:
        if args.dev_cmd == "check":
            for ex_id in args.ids or list(c.exercises):
                _, ex = lookup("exercise", ex_id, c)
                for v in check_exercise(c, ex, runner, batch=batch):
                    failures += not v.ok
                    print(proof_line(v), flush=True)
                    if not v.ok and args.verbose and v.result:
                        for check in v.result.checks:
                            print("    ", check.id, check.status.value, (check.message or "")[:300])
                        if v.result.error:
                            print(v.result.error.traceback)
                        print(v.result.stderr[-2000:])
        else:
            for v in run_blocks(c, args.ids, runner, batch=batch):
                failures += not v.ok
                print(proof_line(v), flush=True)
                if not v.ok and v.result:
                    if v.result.error:
                        print(v.result.error.traceback)
                    print(v.result.stdout[-1500:], v.result.stderr[-1500:])
    finally:
        runner.close()
        batch.close()
    print(t("cli.dev.failures", n=failures))
    return EXIT_FAIL if failures else EXIT_OK
