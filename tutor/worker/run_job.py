"""Running one job inside a worker (tutor/worker/main.py): the chapter context, the exercise's check
module, the learner's code, the checks; or a lesson block. Everything the verdict depends on is
loaded and bound before the learner's code runs, so that code cannot change this run's checks by
overwriting the check module's file or by replacing names in tutor.worker.checklib."""

from __future__ import annotations

import ast
import builtins
import contextlib
import functools
import os
import sys
import types
from collections.abc import Callable
from typing import Any

from tutor.protocol.events import CheckDone, CheckStarted, Event, Finished, Job, JobKind, Started
from tutor.protocol.report import Origin, Report
from tutor.protocol.result import CheckOutcome, ErrorInfo
from tutor.sourcefile import DraftError, read_source
from tutor.words import catalog
from tutor.worker.charts import ChartRecorder
from tutor.worker.checklib import Learner, error_cause, run_checks
from tutor.worker.tracebacks import is_memory_error, learner_error


class OutOfMemory(BaseException):
    """An allocation failed in the learner's code: ends the job, reported as such, whether it
    happened while loading the file or inside a check (which would otherwise catch it)."""


def fresh_namespace() -> dict[str, Any]:
    """A namespace for the chapter context and the learner's file: the dict of a new module that
    is sys.modules['__main__'] from now on, as when Python runs a script. pickle finds a function
    by its module and name, so the functions defined there can be sent to other processes
    (multiprocessing.Pool) as in the learner's own terminal. The worker's own code keeps the
    module it was started as; the check module is a module of its own (_load_checks)."""
    module = types.ModuleType("__main__")
    module.__dict__["__builtins__"] = builtins
    sys.modules["__main__"] = module
    return module.__dict__


def exec_file(path: str, ns: dict) -> None:
    with open(path, encoding="utf-8") as fh:
        source = fh.read()
    exec(compiled(source, path), ns)


@functools.lru_cache(maxsize=32)
def compiled(source: str, path: str) -> types.CodeType:
    """The course's own code (a chapter context, a check module) compiled, once per exact text
    and path in a process: a batch worker runs the same context and check module for every job of
    an exercise (the file is still read for each job, and a changed text is compiled anew). A code
    object is immutable; each exec makes new functions and objects from it."""
    return compile(source, path, "exec")


def compile_learner(source: str, path: str) -> types.CodeType:
    """The learner's code compiled; a NUL byte (which compile() reports with neither file nor line)
    is a syntax error at its own line and column, like any other character Python refuses."""
    nul = source.find("\0")
    if nul >= 0:
        line_start = source.rfind("\n", 0, nul) + 1
        line_end = source.find("\n", nul)
        text = source[line_start : line_end if line_end >= 0 else len(source)]
        where = (
            path,
            source.count("\n", 0, nul) + 1,
            nul - line_start + 1,
            text.replace("\0", " "),
        )
        raise SyntaxError(catalog.t("run.nul_byte"), where)
    return compile(source, path, "exec")


def run(job: Job, ns: dict | None, send: Callable[[Event], None]) -> None:
    """Run `job` and send Started, the check events and Finished with the worker's Report (all
    with the job's nonce). What the run's status is, the parent's judge decides."""
    # Everything used after the learner's code has run is bound here, before it runs: a name the
    # learner replaces in this module (run_job.Finished = …) is looked up too late to matter.
    finished, report_of, origin, error_info = Finished, Report, Origin, ErrorInfo
    restore = _restore_builtins
    catalog.set_lang(job.lang)
    nonce = job.nonce
    send(Started(nonce=nonce))
    saved = dict(builtins.__dict__)
    try:
        report = _run_job(job, ns, send, lambda: restore(saved))
    except SystemExit as e:
        restore(saved)
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        report = report_of(exit_code=code)
    except OutOfMemory:
        restore(saved)
        report = report_of(out_of_memory=True)
    except Exception as e:  # noqa: BLE001 - the worker's own failure, reported as such
        restore(saved)
        failure = error_info(type=type(e).__name__, message=str(e))
        report = report_of(error=failure, origin=origin.WORKER)
    finally:
        restore(saved)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - the learner may have closed or replaced them
            pass
    send(finished(nonce=nonce, report=report))


def _restore_builtins(saved: dict) -> list[str]:
    """Undo what the learner's code did to the builtins module (`builtins.len = …`), so that
    the checks and the report run on the real ones. Returns the names it put back."""
    current = builtins.__dict__
    changed = sorted(n for n in current if n not in saved or current[n] is not saved[n])
    changed += sorted(n for n in saved if n not in current)
    for name in current.keys() - saved.keys():
        del current[name]
    current.update(saved)
    return changed


class BuiltinsReplaced(Exception):
    """The learner's function replaced Python builtins while a check was calling it: whatever the
    check then saw was computed with the replacements, so the outcome is the learner's error."""


def _run_job(
    job: Job,
    ns: dict | None,
    send: Callable[[Event], None],
    restore_builtins: Callable[[], list[str]],
) -> Report:
    if ns is None:
        ns = fresh_namespace()
        if job.context:
            try:
                exec_file(job.context, ns)
            except Exception as e:  # a content bug, not the learner's: say so plainly
                info = learner_error(e, job.context)
                info.hint = catalog.t("run.content_context")
                return Report(error=info, origin=Origin.CONTENT)
    if job.kind is JobKind.SNIPPET and job.code is not None:
        return _run_snippet(job, job.code, ns, restore_builtins)
    if job.kind is JobKind.EXERCISE and job.file and job.check_module:
        return _run_exercise(job, job.file, job.check_module, ns, send, restore_builtins)
    # Job.validate refuses such a job before it is sent; one that came anyway broke the worker
    raise ValueError(f"a {job.kind.value} job without what it needs")


def _load_checks(
    job: Job, path: str, restore_builtins: Callable[[], list[str]]
) -> tuple[Any, ErrorInfo | None]:
    """The exercise's Checks, from the module's source at `path` as it is now (before the
    learner runs)."""
    folder = os.path.dirname(path)
    if folder not in sys.path:  # check modules import their chapter's shared helpers
        sys.path.append(folder)
    name = "jaxtutor_check_" + "".join(c if c.isalnum() else "_" for c in job.exercise)
    module = types.ModuleType(name)
    module.__file__ = path
    try:
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        sys.modules[name] = module
        exec(compiled(source, path), module.__dict__)
        checks = module.checks
        for check in checks:
            check.fn = _guard(check.fn, restore_builtins)
    except Exception as e:  # a content bug, not the learner's: say so plainly
        info = learner_error(e, path)
        info.hint = catalog.t("run.content_check_module")
        return None, info
    return checks, None


def _guard(fn, restore_builtins: Callable[[], list[str]]):
    """A check as the run calls it: a failed allocation ends the run with status memory, and the
    builtins the learner's function replaced while the check called it are put back before the
    outcome is judged (`builtins.isinstance = …` must not decide what kind of error the check
    saw); a check that did not pass with replaced builtins is the learner's error, said so."""

    @functools.wraps(fn)  # the check's own code object stays findable (checklib._origin)
    def guarded(learner):
        try:
            value = fn(learner)
        except Exception as e:
            replaced = restore_builtins()
            if is_memory_error(e):
                raise OutOfMemory(str(e)) from e
            if replaced:
                raise BuiltinsReplaced(
                    catalog.t("run.builtins_replaced", names=", ".join(replaced))
                ) from None
            raise
        restore_builtins()
        return value

    return guarded


def _run_exercise(
    job: Job,
    learner_file: str,
    check_module: str,
    ns: dict,
    send: Callable[[Event], None],
    restore_builtins: Callable[[], list[str]],
) -> Report:
    # bound before the learner's code runs, like everything else the verdict depends on (see run)
    check_all, learner_view, placeholders = run_checks, Learner, stub_names
    outcome_of, learner_error_of, report_of = CheckOutcome.from_dict, learner_error, Report
    cause_of = error_cause
    learners, started_event, done_event = Origin.LEARNER, CheckStarted, CheckDone
    checks, content_error = _load_checks(job, check_module, restore_builtins)
    if content_error is not None:
        return Report(error=content_error, origin=Origin.CONTENT)
    try:
        source = read_source(learner_file)  # UTF-8, a byte-order mark dropped
    except DraftError as e:
        return Report(error=ErrorInfo(type=type(e).__name__, message=str(e)), origin=Origin.FILE)
    # A context may define a name the exercise asks the learner to write (the chapter built it
    # before the exercise): the learner's file must define it again, or the run is not attempted.
    for name in job.interface:
        ns.pop(name, None)
    try:
        with contextlib.ExitStack() as watching:  # e.g. a log of the programs jax.jit makes
            for watcher in checks.watchers:
                watching.enter_context(watcher)
            exec(compile_learner(source, learner_file), ns)
    except SystemExit:
        raise
    except BaseException as e:  # includes KeyboardInterrupt raised by the learner's code
        restore_builtins()
        if is_memory_error(e):
            raise OutOfMemory(str(e)) from e
        info = learner_error_of(e, learner_file)
        if isinstance(e, Exception):  # a cause the check module computed replaces the hint
            info.hint = cause_of(checks, ns, e) or info.hint
            restore_builtins()
        return report_of(error=info, origin=learners)
    restore_builtins()
    missing = [n for n in job.interface if n not in ns]
    missing += [n for n in placeholders(source, job.interface) if n not in missing]
    if missing:
        return report_of(missing=missing)

    done: list[CheckOutcome] = []

    def forward(event: dict) -> None:
        if event.get("type") == "check_started":
            send(started_event(nonce=job.nonce, id=event["id"], name=event["name"]))
        elif event.get("type") == "check_done":
            check = outcome_of(event["check"])
            done.append(check)
            send(done_event(nonce=job.nonce, check=check))

    try:
        outcomes, error = check_all(checks, learner_view(ns), {learner_file}, on_event=forward)
    except (SystemExit, OutOfMemory):
        raise
    except BaseException as e:  # KeyboardInterrupt and the like, raised inside a check
        return report_of(checks=done, error=learner_error_of(e, learner_file), origin=learners)
    return report_of(checks=outcomes, error=error, origin=learners if error is not None else None)


def _run_snippet(
    job: Job, code: str, ns: dict, restore_builtins: Callable[[], list[str]]
) -> Report:
    recorder = ChartRecorder()
    ns["chart"] = recorder
    name = job.learner_filename
    report = Report()
    try:
        exec(compile_learner(code, name), ns)
    except SystemExit:
        raise
    except BaseException as e:
        restore_builtins()
        if is_memory_error(e):
            raise OutOfMemory(str(e)) from e
        report.error, report.origin = learner_error(e, name), Origin.LEARNER
    report.charts = recorder.charts
    return report


def stub_names(source: str, names: list[str]) -> list[str]:
    """Interface functions whose body is still a placeholder (docstring / pass / ... /
    raise NotImplementedError): the starter's skeleton counts as not attempted."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []

    def is_placeholder(stmt) -> bool:
        if isinstance(stmt, ast.Pass):
            return True
        if (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant)
            and stmt.value.value is Ellipsis
        ):
            return True
        if isinstance(stmt, ast.Raise) and stmt.exc is not None:
            exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
            return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
        return False

    stubs = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in names:
            body = list(node.body)
            if (
                body
                and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)
            ):
                body = body[1:]
            if all(is_placeholder(s) for s in body):
                stubs.append(node.name)
    return stubs
