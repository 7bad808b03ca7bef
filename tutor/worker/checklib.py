"""The check library used by the modules in checks/ (runs inside workers only: imports numpy,
and jax where a helper needs it).

A check module defines `checks = Checks("ex_6_1")` (its table in the check catalogs,
checks/messages/) and registers named checks in order; a check's name is the catalog's
`ex_6_1.check.<id>`, and every word it says is a message id with values (tutor/worker/said.py):

    @checks.add("counts")          # name: ex_6_1.check.counts in the job's language
    def _(L):                      # L: the learner's namespace (chapter context + their file)
        ...
        assert_close(actual, expected, rtol=0, atol=0, msg=msg("ex_6_1.counts", n=5))

A check passes when it returns; it fails when an assertion helper raises CheckFailed, which
carries a structured `detail` the app draws as a diff. A check with nothing to compare (a value
it needs is NaN, missing, of another structure) says `skip(reason, covered_by=ID)`: it is
skipped, never passed, and ID names the check that judges it instead (a run passes only when
that check passed: `result.unaccepted`). `needs=` names earlier checks that must pass first (a
check whose need did not pass is skipped, covered by that need); otherwise every check runs, so
one failure does not hide the others. Any other
exception is an error: the learner's whenever a learner value is involved (their frame, their
file or a tracer in JAX's message, or a value the check had read from them), the course's only
when none is."""

from __future__ import annotations

import contextlib
import time
import traceback
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo
from tutor.words.catalog import t
from tutor.worker.check_programs import (
    CompileLog,
    JitCalls,
    TraceCounter,
    argument_use,
    assert_compile_count,
    primitive_counts,
    primitive_sites,
    rebuilt_jit,
    scan_carry_shapes,
    scan_lengths,
    scan_operand_shapes,
    sub_jaxprs,
)
from tutor.worker.check_values import (
    CheckFailed,
    CheckSkipped,
    as_array,
    as_callable,
    as_entry,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    f64,
    fail,
    fn_name,
    skip,
)
from tutor.worker.comparison import Mistake, close, compare, which_mistake
from tutor.worker.host_random import HostRandomDraws
from tutor.worker.key_uses import LegacyKeyUses
from tutor.worker.learner_clears import LearnerClears
from tutor.worker.module_state import ModuleState, StateChange, tracer_places
from tutor.worker.pictures import describe, jsonable
from tutor.worker.said import Said, later, lead, msg
from tutor.worker.tracebacks import is_broadcast_error, is_static_hash_error, learner_error

__all__ = [
    "Checks",
    "Learner",
    "run_checks",
    "error_cause",
    "is_broadcast_error",
    "rng",
    "CheckFailed",
    "Mistake",
    "as_array",
    "as_callable",
    "as_scalar",
    "as_entry",
    "as_tuple",
    "assert_close",
    "assert_equal",
    "assert_that",
    "close",
    "compare",
    "describe",
    "f64",
    "fail",
    "fn_name",
    "skip",
    "jsonable",
    "which_mistake",
    "ModuleState",
    "StateChange",
    "tracer_places",
    "CompileLog",
    "JitCalls",
    "LearnerClears",
    "LegacyKeyUses",
    "HostRandomDraws",
    "TraceCounter",
    "argument_use",
    "assert_compile_count",
    "primitive_counts",
    "primitive_sites",
    "rebuilt_jit",
    "scan_carry_shapes",
    "scan_operand_shapes",
    "scan_lengths",
    "sub_jaxprs",
    "msg",
    "later",
    "lead",
    "Said",
]


@dataclass
class Check:
    id: str
    name: str
    fn: Callable[[Learner], Any]
    needs: tuple[str, ...] = ()


class Checks:
    """An ordered registry of named checks; `table` is the module's table in the check catalogs
    (a module not converted yet passes no table and gives each check its name as text)."""

    def __init__(self, table: str | None = None) -> None:
        self.table = table
        self.items: list[Check] = []
        # context managers open while the learner's file runs (e.g. a JitCalls log)
        self.watchers: list[contextlib.AbstractContextManager] = []
        # fn(L, exc) -> message or None: the cause of an error the learner's file raised
        self.causes: list[Callable[[Learner, Exception], str | None]] = []

    def watch(self, watcher):
        """Keeps `watcher` open while the learner's file runs; returns it for the checks."""
        self.watchers.append(watcher)
        return watcher

    def explains(self, fn):
        """Registers fn(L, exc), called when the learner's own file raised `exc` while it ran
        (no check runs then); L is the namespace as the file left it. fn returns the cause it
        computed from the learner's values (a catalog message), shown under the error in place
        of the generic hint, or None. The error's text alone never names a cause."""
        self.causes.append(fn)
        return fn

    def add(self, id: str, name: str | None = None, needs: str | Iterable[str] = ()):
        """Registers a check; its name is the catalog's `<table>.check.<id>` unless given."""
        if name is None:
            if self.table is None:
                raise ValueError(f"check {id!r} has no name: give Checks its catalog table")
            name = msg(f"{self.table}.check.{id}")
        needs_t = (needs,) if isinstance(needs, str) else tuple(needs)
        known = {c.id for c in self.items}
        if id in known:
            raise ValueError(f"duplicate check id {id!r}")
        for dep in needs_t:
            if dep not in known:
                raise ValueError(f"check {id!r} needs {dep!r}, which is not registered before it")

        def register(fn):
            self.items.append(Check(id=id, name=name, fn=fn, needs=needs_t))
            return fn

        return register

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)


class Learner:
    """Attribute access to the learner's namespace: L.update_counter, L.ns['x']. Notes whether a
    check has read anything from it (`touched`): an error raised while a check holds a learner
    value is the learner's, one raised before is the course's."""

    def __init__(self, ns: dict[str, Any]):
        object.__setattr__(self, "_ns", ns)
        object.__setattr__(self, "touched", False)

    @property
    def ns(self) -> dict[str, Any]:
        object.__setattr__(self, "touched", True)
        return self._ns

    def __getattr__(self, name: str) -> Any:
        object.__setattr__(self, "touched", True)
        try:
            return self._ns[name]
        except KeyError:
            raise CheckFailed(t("checklib.missing_name", name=name)) from None

    def __contains__(self, name: str) -> bool:
        object.__setattr__(self, "touched", True)
        return name in self._ns

    def get(self, name: str, default=None):
        object.__setattr__(self, "touched", True)
        return self._ns.get(name, default)


def error_cause(checks: Checks, ns: dict[str, Any], exc: Exception) -> str | None:
    """The first cause a check module's `explains` functions computed for the error the learner's
    file raised; one that raises computed nothing."""
    for fn in checks.causes:
        try:
            said = fn(Learner(ns), exc)
        except Exception:
            continue
        if said:
            return str(said)
    return None


def run_checks(
    checks: Checks,
    learner: Learner,
    learner_files: set[str],
    on_event: Callable[[dict], None] | None = None,
) -> tuple[list[CheckOutcome], ErrorInfo | None]:
    """Runs every check in order. Returns the outcomes and the first learner error, if any."""
    outcomes: list[CheckOutcome] = []
    by_id: dict[str, CheckOutcome] = {}
    first_error: ErrorInfo | None = None
    raised: dict[tuple[str, str], CheckOutcome] = {}  # a learner error: the check it came from
    for check in checks:
        unmet = [d for d in check.needs if by_id[d].status != CheckStatus.PASSED]
        if unmet:
            reason = t("check.needs_unmet", dep=by_id[unmet[0]].name)
            out = CheckOutcome(
                id=check.id,
                name=check.name,
                status=CheckStatus.SKIPPED,
                message=t("check.skipped", reason=reason),
                needs=list(check.needs),
                reason=reason,
                covered_by=unmet[0],
            )
        else:
            if on_event:
                on_event({"type": "check_started", "id": check.id, "name": check.name})
            start = time.perf_counter()
            object.__setattr__(learner, "touched", False)
            try:
                check.fn(learner)
                out = CheckOutcome(id=check.id, name=check.name, status=CheckStatus.PASSED)
            except CheckSkipped as e:
                out = _skipped_outcome(checks, check, e)
            except CheckFailed as e:
                out = CheckOutcome(
                    id=check.id,
                    name=check.name,
                    status=CheckStatus.FAILED,
                    message=e.message,
                    detail=e.detail,
                )
            except Exception as e:  # raised by the learner's code, or by the check itself
                out = _error_outcome(check, e, learner, learner_files)
                learners = isinstance(out.detail, D.LearnerError) and out.detail.origin == "learner"
                said = raised.get((type(e).__name__, str(e))) if learners else None
                if said is not None:  # its explanation is under that check: not said twice
                    reason = t("check.same_error", type=type(e).__name__)
                    out = _skipped_outcome(checks, check, CheckSkipped(reason, said.id))
                elif learners:
                    raised[(type(e).__name__, str(e))] = out
                if learners and first_error is None:
                    first_error = learner_error(e, learner_files, keep_last_frame=False)
                    if _is_tracer_error(e) and tracer_places(learner._ns):  # said in out.message
                        first_error.hint = None
            out.duration_s = time.perf_counter() - start
            out.needs = list(check.needs)
        outcomes.append(out)
        by_id[check.id] = out
        if on_event:
            on_event({"type": "check_done", "check": out.to_dict()})
    return outcomes, first_error


def _skipped_outcome(checks: Checks, check: Check, skipped: CheckSkipped) -> CheckOutcome:
    """A check that said `skip`; one that names no other check of the module as its cover is a
    fault of the course."""
    names = {c.id: c.name for c in checks if c.id != check.id}
    if skipped.covered_by not in names:
        return CheckOutcome(
            id=check.id,
            name=check.name,
            status=CheckStatus.ERROR,
            message=t("checklib.check_bug") + t("checklib.unknown_cover", cover=skipped.covered_by),
            detail=D.LearnerError(origin="check"),
        )
    return CheckOutcome(
        id=check.id,
        name=check.name,
        status=CheckStatus.SKIPPED,
        message=t("check.skipped_covered", reason=skipped.reason, cover=names[skipped.covered_by]),
        reason=skipped.reason,
        covered_by=skipped.covered_by,
    )


def _error_outcome(
    check: Check, exc: Exception, learner: Learner, learner_files: set[str]
) -> CheckOutcome:
    origin = _origin(exc, learner_files, learner.touched)
    # a check's message quotes the error: below it, the learner's frames only (the error's text
    # again would read as a second error); a fault of the course keeps everything
    ours = origin == "check"
    info = learner_error(exc, learner_files, keep_last_frame=ours, with_exception=ours)
    msg = f"{info.type}: {info.message}"
    if origin == "check":
        msg = t("checklib.check_bug") + msg
    else:
        places = tracer_places(learner._ns) if _is_tracer_error(exc) else []
        if places:  # say first where the learner kept it: JAX's own text is long
            msg = t("checklib.tracer_kept", places=", ".join(places[:3])) + "\n" + msg
        elif is_static_hash_error(exc):  # the learner's jit refused the check's argument
            msg = t("checklib.static_refused") + msg
        elif info.line is None:  # no learner frame: a check was using a value the learner gave
            msg = t("checklib.value_broke_check") + msg
        if info.hint and not places:  # tracer_kept already says what to do instead
            msg += "\n" + info.hint
    return CheckOutcome(
        id=check.id,
        name=check.name,
        status=CheckStatus.ERROR,
        message=msg,
        detail=D.LearnerError(line=info.line, traceback=info.traceback, origin=origin),
    )


# Raised by code as written, not by a value: in a check module these are the course's fault.
_CODE_ERRORS = (NameError, ImportError, SyntaxError)


def _is_tracer_error(exc: BaseException) -> bool:
    """A JAX error about a tracer: only a learner's function is ever traced with a leak."""
    return type(exc).__module__.startswith("jax") and "Tracer" in type(exc).__name__


def _origin(exc: BaseException, learner_files: set[str], touched: bool) -> str:
    """'check' only when no learner value is involved: no frame of the traceback is the
    learner's, the error does not name the learner's file or a tracer, and either the check had
    not read the learner's namespace yet or the error comes from the check's code as written
    (a name or an import that does not exist, a module without that attribute)."""
    frames = traceback.extract_tb(exc.__traceback__)
    if any(f.filename in learner_files for f in frames):
        return "learner"
    if _is_tracer_error(exc) or any(path in str(exc) for path in learner_files):
        return "learner"
    if isinstance(exc, _CODE_ERRORS) or (
        isinstance(exc, AttributeError) and isinstance(exc.obj, types.ModuleType)
    ):
        return "check"
    return "learner" if touched else "check"


def rng(seed: int) -> np.random.Generator:
    """Fresh data for a check (never the numbers shown in the statement)."""
    return np.random.default_rng(seed)
