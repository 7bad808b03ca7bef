"""What a worker saw of one job, as facts and without a verdict (`Report`, carried by the
`Finished` event): the outcome of every check it ran, the exception that ended the job and where it
came from, the interface names the learner's file lacks or left as stubs, a `sys.exit` and its
code, a failed allocation, and a snippet's charts. The run's status is decided from these facts by
the parent's judge alone (tutor/running/judging.py, docs/architecture.md §2); a check's own status
(passed, failed, error, skipped) is the one thing the worker decides. No jax or numpy here."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from tutor.protocol.result import CheckOutcome, ErrorInfo, ResultFormatError


class Origin(str, enum.Enum):
    """Where the exception that ended the job came from."""

    LEARNER = "learner"  # the learner's code, while its file ran or inside a check
    CONTENT = "content"  # the chapter context or the check module (a fault of the course)
    FILE = "file"  # the learner's file could not be read
    WORKER = "worker"  # the worker's own code


@dataclass
class Report:
    """The worker's facts about one job (see the module's docstring)."""

    checks: list[CheckOutcome] = field(default_factory=list)
    error: ErrorInfo | None = None  # the exception that ended the job, or a check's learner error
    origin: Origin | None = None  # where `error` came from
    missing: list[str] = field(default_factory=list)  # interface names absent or still stubs
    exit_code: int | None = None  # the learner's code raised SystemExit with this code
    out_of_memory: bool = False  # an allocation failed
    charts: list[dict[str, Any]] = field(default_factory=list)  # a snippet's charts

    def to_dict(self) -> dict[str, Any]:
        return {
            "checks": [c.to_dict() for c in self.checks],
            "error": self.error.to_dict() if self.error else None,
            "origin": self.origin.value if self.origin else None,
            "missing": list(self.missing),
            "exit_code": self.exit_code,
            "out_of_memory": self.out_of_memory,
            "charts": list(self.charts),
        }

    @classmethod
    def from_dict(cls, d: Any) -> Report:
        """Strict: raises ResultFormatError for anything but the shape `to_dict` writes."""
        fields = {"checks", "error", "origin", "missing", "exit_code", "out_of_memory", "charts"}
        if not isinstance(d, dict) or set(d) != fields:
            raise ResultFormatError(f"report: fields {sorted(d) if isinstance(d, dict) else d}")
        origin = d["origin"]
        exit_code = d["exit_code"]
        ok = (
            isinstance(d["checks"], list)
            and (origin is None or origin in {o.value for o in Origin})
            and isinstance(d["missing"], list)
            and all(isinstance(n, str) for n in d["missing"])
            and (exit_code is None or type(exit_code) is int)
            and type(d["out_of_memory"]) is bool
            and isinstance(d["charts"], list)
            and all(isinstance(c, dict) for c in d["charts"])
        )
        if not ok:
            raise ResultFormatError("report: a field has the wrong type")
        return cls(
            checks=[CheckOutcome.from_dict(c) for c in d["checks"]],
            error=ErrorInfo.from_dict(d["error"]),
            origin=Origin(origin) if origin is not None else None,
            missing=list(d["missing"]),
            exit_code=exit_code,
            out_of_memory=d["out_of_memory"],
            charts=list(d["charts"]),
        )
