"""The result document of one run (design §5.3): a small typed model shared by worker, runner,
CLI and app. Plain dataclasses so that the app can import it without numpy or jax."""

from __future__ import annotations

import enum
from dataclasses import asdict, dataclass, field
from typing import Any


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
    SKIPPED = "skipped"  # a check it depends on did not pass


@dataclass
class CheckOutcome:
    id: str
    name: str
    status: CheckStatus
    duration_s: float = 0.0
    message: str | None = None
    detail: dict[str, Any] | None = None
    needs: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d = {"id": self.id, "name": self.name, "status": self.status.value,
             "duration_s": round(self.duration_s, 4)}
        if self.message is not None:
            d["message"] = self.message
        if self.detail is not None:
            d["detail"] = self.detail
        if self.needs:
            d["needs"] = list(self.needs)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "CheckOutcome":
        return cls(id=d.get("id", d["name"]), name=d["name"], status=CheckStatus(d["status"]),
                   duration_s=float(d.get("duration_s", 0.0)), message=d.get("message"),
                   detail=d.get("detail"), needs=list(d.get("needs", [])))


@dataclass
class ErrorInfo:
    type: str
    message: str
    line: int | None = None          # line in the learner's file, when the error passed through it
    traceback: str = ""              # trimmed to the learner's frames
    hint: str | None = None          # what this kind of error usually means

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> "ErrorInfo | None":
        if d is None:
            return None
        return cls(type=d.get("type", ""), message=d.get("message", ""), line=d.get("line"),
                   traceback=d.get("traceback", ""), hint=d.get("hint"))


@dataclass
class RunResult:
    exercise: str
    status: Status
    duration_s: float = 0.0
    missing: list[str] = field(default_factory=list)
    checks: list[CheckOutcome] = field(default_factory=list)
    error: ErrorInfo | None = None
    stdout: str = ""
    stderr: str = ""
    output_truncated: bool = False
    message: str | None = None       # a one-line account of the outcome (timeouts, crashes, ...)
    charts: list[dict[str, Any]] = field(default_factory=list)  # runnable lesson blocks only

    @property
    def failing_checks(self) -> list[CheckOutcome]:
        return [c for c in self.checks if c.status in (CheckStatus.FAILED, CheckStatus.ERROR)]

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "exercise": self.exercise, "status": self.status.value,
            "duration_s": round(self.duration_s, 3), "missing": list(self.missing),
            "checks": [c.to_dict() for c in self.checks],
            "error": self.error.to_dict() if self.error else None,
            "stdout": self.stdout, "stderr": self.stderr,
            "output_truncated": self.output_truncated,
        }
        if self.message is not None:
            d["message"] = self.message
        if self.charts:
            d["charts"] = self.charts
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "RunResult":
        return cls(exercise=d["exercise"], status=Status(d["status"]),
                   duration_s=float(d.get("duration_s", 0.0)), missing=list(d.get("missing", [])),
                   checks=[CheckOutcome.from_dict(c) for c in d.get("checks", [])],
                   error=ErrorInfo.from_dict(d.get("error")), stdout=d.get("stdout", ""),
                   stderr=d.get("stderr", ""), output_truncated=bool(d.get("output_truncated")),
                   message=d.get("message"), charts=list(d.get("charts", [])))


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
