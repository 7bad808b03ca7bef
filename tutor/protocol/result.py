"""The result document of one run: a small typed model shared by worker, runner, CLI and app,
and its JSON form (`jaxtutor check --json`, the store's attempts). Plain dataclasses so that the
app can import it without numpy or jax. `from_dict` is strict: a document that does not have
this shape raises ResultFormatError (a ValueError)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the detail classes load with the first document read (an app opens without)
    from tutor.protocol.details import Detail

RESULT_VERSION = 1  # "version" of the JSON document; bump when a field changes meaning


class ResultFormatError(ValueError):
    """A result document (or a part of one) that does not have the documented shape."""


class Status(str, enum.Enum):
    PASSED = "passed"
    FAILED = "failed"
    NOT_ATTEMPTED = "not_attempted"
    ERROR = "error"
    TIMEOUT = "timeout"
    MEMORY = "memory"
    CRASHED = "crashed"
    EXITED_EARLY = "exited_early"
    CANCELLED = "cancelled"


class CheckStatus(str, enum.Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    # nothing to compare: a check it needs did not pass, or it said `skip` (reason, covered_by)
    SKIPPED = "skipped"


def _field(d: Any, key: str, types: tuple, default: Any = ..., what: str = "") -> Any:
    if not isinstance(d, dict):
        raise ResultFormatError(f"{what or 'document'} must be an object, not {type(d).__name__}")
    if key not in d:
        if default is ...:
            raise ResultFormatError(f"{what}: missing {key!r}")
        return default
    value = d[key]
    if value is None and None in types:
        return None
    real = tuple(x for x in types if x is not None)
    if isinstance(value, bool) and bool not in real or not isinstance(value, real):
        raise ResultFormatError(f"{what}: {key!r} has the wrong type ({type(value).__name__})")
    return value


def _str_list(d: dict, key: str, what: str) -> list[str]:
    values = _field(d, key, (list,), [], what)
    if not all(isinstance(v, str) for v in values):
        raise ResultFormatError(f"{what}: {key!r} must be a list of strings")
    return list(values)


def _enum(enum_cls, value: Any, what: str):
    try:
        return enum_cls(value)
    except ValueError:
        raise ResultFormatError(f"{what}: unknown status {value!r}") from None


@dataclass
class CheckOutcome:
    """One check's outcome: its status, message and detail."""

    id: str
    name: str
    status: CheckStatus
    duration_s: float = 0.0
    message: str | None = None
    detail: Detail | None = None
    needs: list[str] = field(default_factory=list)
    reason: str | None = None  # skipped: why there was nothing to compare, in a few words
    covered_by: str | None = None  # skipped: the id of the check that judges it instead

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "status": self.status.value,
            "duration_s": round(self.duration_s, 4),
        }
        if self.message is not None:
            d["message"] = self.message
        if self.detail is not None:
            d["detail"] = self.detail.to_dict()
        if self.needs:
            d["needs"] = list(self.needs)
        if self.reason is not None:
            d["reason"] = self.reason
        if self.covered_by is not None:
            d["covered_by"] = self.covered_by
        return d

    @classmethod
    def from_dict(cls, d: Any) -> CheckOutcome:
        from tutor.protocol.details import Detail, DetailError

        w = "check"
        raw_detail = _field(d, "detail", (dict, None), None, w)
        try:
            detail = Detail.from_dict(raw_detail) if raw_detail is not None else None
        except DetailError as e:
            raise ResultFormatError(f"{w}: {e}") from None
        return cls(
            id=_field(d, "id", (str,), what=w),
            name=_field(d, "name", (str,), what=w),
            status=_enum(CheckStatus, _field(d, "status", (str,), what=w), w),
            duration_s=float(_field(d, "duration_s", (int, float), 0.0, w)),
            message=_field(d, "message", (str, None), None, w),
            detail=detail,
            needs=_str_list(d, "needs", w),
            reason=_field(d, "reason", (str, None), None, w),
            covered_by=_field(d, "covered_by", (str, None), None, w),
        )


def unaccepted(checks: list[CheckOutcome]) -> list[str]:
    """The ids of the checks that keep a run from passing. A check counts when it passed, or
    when it was skipped in favour of a check of the same run that passed (`covered_by`: what it
    had nothing to compare, that check judged). Anything else keeps the run from passing: a
    failure, an error, a skip whose cover did not pass or is not in the run (a skip is never a
    pass of its own). The one rule of acceptance, applied by the judge
    (tutor/running/judging.py)."""
    passed = {c.id for c in checks if c.status is CheckStatus.PASSED}
    return [
        c.id
        for c in checks
        if c.id not in passed
        and not (c.status is CheckStatus.SKIPPED and c.covered_by in passed - {c.id})
    ]


@dataclass
class ErrorInfo:
    """The learner's error: its type, message, line and trimmed traceback."""

    type: str
    message: str
    line: int | None = None  # line in the learner's file, when the error passed through it
    traceback: str = ""  # trimmed to the learner's frames
    hint: str | None = None  # what this kind of error usually means

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type, "message": self.message}
        if self.line is not None:
            d["line"] = self.line
        d["traceback"] = self.traceback
        if self.hint is not None:
            d["hint"] = self.hint
        return d

    @classmethod
    def from_dict(cls, d: Any) -> ErrorInfo | None:
        if d is None:
            return None
        w = "error"
        return cls(
            type=_field(d, "type", (str,), what=w),
            message=_field(d, "message", (str,), what=w),
            line=_field(d, "line", (int, None), None, w),
            traceback=_field(d, "traceback", (str,), "", w),
            hint=_field(d, "hint", (str, None), None, w),
        )


@dataclass
class RunResult:
    """The verdict of one run: its status, the checks, the error and the output."""

    exercise: str
    status: Status
    duration_s: float = 0.0
    missing: list[str] = field(default_factory=list)
    checks: list[CheckOutcome] = field(default_factory=list)
    error: ErrorInfo | None = None  # the learner's error; for a timeout, where the code was stuck
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    message: str | None = None  # a one-line account of the outcome (timeouts, crashes, ...)
    charts: list[dict[str, Any]] = field(default_factory=list)  # runnable lesson blocks only

    @property
    def failing_checks(self) -> list[CheckOutcome]:
        return [c for c in self.checks if c.status in (CheckStatus.FAILED, CheckStatus.ERROR)]

    @property
    def error_said_by_a_check(self) -> bool:
        """A check that the learner's code broke already says the run's error: its message
        carries the error's text (and its hint, when it has one), its detail the traceback."""
        e = self.error
        return e is not None and any(
            c.status is CheckStatus.ERROR
            and bool(e.message)
            and e.message in (c.message or "")
            and (not e.hint or e.hint in (c.message or ""))
            for c in self.checks
        )

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "version": RESULT_VERSION,
            "exercise": self.exercise,
            "status": self.status.value,
            "duration_s": round(self.duration_s, 3),
            "missing": list(self.missing),
            "checks": [c.to_dict() for c in self.checks],
            "error": self.error.to_dict() if self.error else None,
            "stdout": self.stdout,
            "stderr": self.stderr,
            "output_truncated": self.output_truncated,
        }
        if self.message is not None:
            d["message"] = self.message
        if self.charts:
            d["charts"] = self.charts
        return d

    @classmethod
    def from_dict(cls, d: Any) -> RunResult:
        """Documents without a version (written before it existed) read as version 1."""
        w = "result"
        version = _field(d, "version", (int,), 1, w)
        if not 1 <= version <= RESULT_VERSION:
            raise ResultFormatError(
                f"result document version {version} (this tutor reads up to {RESULT_VERSION})"
            )
        checks = _field(d, "checks", (list,), [], w)
        charts = _field(d, "charts", (list,), [], w)
        if not all(isinstance(c, dict) for c in charts):
            raise ResultFormatError(f"{w}: 'charts' must be a list of objects")
        return cls(
            exercise=_field(d, "exercise", (str,), what=w),
            status=_enum(Status, _field(d, "status", (str,), what=w), w),
            duration_s=float(_field(d, "duration_s", (int, float), 0.0, w)),
            missing=_str_list(d, "missing", w),
            checks=[CheckOutcome.from_dict(c) for c in checks],
            error=ErrorInfo.from_dict(_field(d, "error", (dict, None), None, w)),
            stdout=_field(d, "stdout", (str,), "", w),
            stderr=_field(d, "stderr", (str,), "", w),
            output_truncated=_field(d, "output_truncated", (bool,), False, w),
            message=_field(d, "message", (str, None), None, w),
            charts=list(charts),
        )


class CappedText:
    """Keeps the head and the tail of a stream and counts what was dropped in between, so that
    100 MB of printing costs a bounded amount of memory and the learner still sees both ends."""

    def __init__(self, head: int = 32_000, tail: int = 32_000):
        self.head_limit, self.tail_limit = head, tail
        self._head = bytearray()
        self._tail = bytearray()
        self.dropped = 0

    def feed(self, data: bytes) -> None:
        room = self.head_limit - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if not data:
            return
        self._tail += data
        excess = len(self._tail) - self.tail_limit
        if excess > 0:
            del self._tail[:excess]
            self.dropped += excess

    @property
    def head_full(self) -> bool:
        """Past this point output is only kept as the tail (and no longer streamed live)."""
        return len(self._head) >= self.head_limit

    @property
    def truncated(self) -> bool:
        return self.dropped > 0

    def text(self, notice: str = "\n… [{n} bytes of output omitted] …\n") -> str:
        head = self._head.decode("utf-8", "replace")
        tail = self._tail.decode("utf-8", "replace")
        if self.dropped:
            return head + notice.format(n=self.dropped) + tail
        return head + tail
