"""The typed protocol between the runner (parent) and a worker: the Job the parent sends, and the
events the worker answers with, each one JSON object on one line of a private pipe.

    parent → worker   Job                      (once, on the job pipe)
    worker → parent   Ready                    (when warm, before the job: carries the version)
                      Started, CheckStarted*, CheckDone*, Finished   (all carry the job's nonce)

Decoding a malformed, unknown or out-of-place message raises ProtocolError; the runner ends the
run on it. The nonce is a per-run secret: a line written into the pipe by anything other than the
worker's own code (the learner's code, by accident) does not carry it. No jax or numpy here: the
app imports this module."""

from __future__ import annotations

import enum
import json
import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from tutor.protocol.report import Report
from tutor.protocol.result import CheckOutcome, ResultFormatError
from tutor.words.catalog import LANGS, say, t  # noqa: F401 - say: jobs speak their language
from tutor.words.catalog import lang as current_lang

PROTOCOL_VERSION = 2  # 2: Finished carries the worker's facts (Report), not a verdict
MAX_LINE_BYTES = 8 * 1024 * 1024  # one event; a check's detail is capped far below this
MAX_TIME_LIMIT_S = 3600.0
MIN_TIME_LIMIT_S = 0.05
MAX_MEMORY_MB = 1024 * 1024


class ProtocolError(Exception):
    """A message on the pipe that is not a well-formed event of this protocol version."""


class JobKind(str, enum.Enum):
    EXERCISE = "exercise"  # the learner's file, then the exercise's checks
    SNIPPET = "snippet"  # a runnable lesson block or a playground cell


def new_nonce() -> str:
    import secrets  # with hashlib and hmac: not for the app's first frame, only for its first run

    return secrets.token_hex(16)


@dataclass
class Job:
    """One run for a worker: what to run, against which checks, within which limits."""

    kind: JobKind
    exercise: str  # exercise id, or a label for a snippet
    time_limit: float  # wall clock, from the moment the worker starts it
    lang: str = "zh"  # the language of the tutor's own words
    memory_mb: int = 3072
    file: str | None = None  # exercise: the learner's file
    interface: list[str] = field(default_factory=list)
    check_module: str | None = None
    check_ids: list[str] = field(default_factory=list)  # every check that must pass, from content
    context: str | None = None  # chapter context executed first
    code: str | None = None  # snippet: the code
    filename: str | None = None  # snippet: the name shown in tracebacks
    nonce: str = field(default_factory=new_nonce)

    def __post_init__(self) -> None:
        self.kind = JobKind(self.kind)
        self.validate()

    def validate(self) -> None:
        """Raises ValueError, with a sentence the CLI can show, for limits no run can honour."""
        limit = self.time_limit
        if (
            isinstance(limit, bool)
            or not isinstance(limit, (int, float))
            or not math.isfinite(limit)
            or not MIN_TIME_LIMIT_S <= limit <= MAX_TIME_LIMIT_S
        ):
            raise ValueError(
                t("run.bad_time_limit", value=limit, low=MIN_TIME_LIMIT_S, high=MAX_TIME_LIMIT_S)
            )
        mem = self.memory_mb
        if isinstance(mem, bool) or not isinstance(mem, int) or not 16 <= mem <= MAX_MEMORY_MB:
            raise ValueError(t("run.bad_memory_limit", value=mem))
        if self.lang not in LANGS:
            raise ValueError(f"unknown language {self.lang!r}")
        if self.kind is JobKind.EXERCISE and not (self.file and self.check_module):
            raise ValueError("an exercise job needs the learner's file and a check module")
        if self.kind is JobKind.SNIPPET and self.code is None:
            raise ValueError("a snippet job needs its code")

    @property
    def cpu_limit_s(self) -> int:
        """RLIMIT_CPU of the worker: every core busy for the whole wall limit, plus a margin."""
        return int(self.time_limit * max(1, os.cpu_count() or 1)) + 5

    @property
    def learner_filename(self) -> str:
        """The file name the learner's frames carry in tracebacks and stack samples."""
        return (self.file if self.kind is JobKind.EXERCISE else self.filename) or "<lesson>"

    def to_dict(self) -> dict[str, Any]:
        d = {name: getattr(self, name) for name in self.__dataclass_fields__}
        d["kind"] = self.kind.value
        return {"version": PROTOCOL_VERSION, **d}

    def encode(self) -> bytes:
        return (json.dumps(self.to_dict(), ensure_ascii=False) + "\n").encode("utf-8")

    @classmethod
    def decode(cls, data: bytes) -> Job:
        d = _json_object(data)
        if d.pop("version", None) != PROTOCOL_VERSION:
            raise ProtocolError("job of another protocol version")
        spec = {
            "kind": str,
            "exercise": str,
            "time_limit": (int, float),
            "lang": str,
            "memory_mb": int,
            "file": (str, None),
            "interface": [str],
            "check_module": (str, None),
            "check_ids": [str],
            "context": (str, None),
            "code": (str, None),
            "filename": (str, None),
            "nonce": str,
        }
        _check_fields(d, spec, "job")
        try:
            return cls(**d)
        except ValueError as e:
            raise ProtocolError(f"job: {e}") from None


# ---------------------------------------------------------------- worker → parent


@dataclass
class Ready:
    """The worker is warm (jax imported, first op done, chapter context executed)."""

    type: ClassVar[str] = "ready"
    version: int
    pid: int
    warm_s: float
    vmdata_kb: int
    context: str | None = None


@dataclass
class Started:
    """The worker began the job."""

    type: ClassVar[str] = "started"
    nonce: str


@dataclass
class CheckStarted:
    """One check began."""

    type: ClassVar[str] = "check_started"
    nonce: str
    id: str
    name: str


@dataclass
class CheckDone:
    """One check ended, with its outcome."""

    type: ClassVar[str] = "check_done"
    nonce: str
    check: CheckOutcome


@dataclass
class Finished:
    """The job's end as the worker saw it: facts, no verdict (tutor/protocol/report.py); the
    parent's judge decides the run's status from them (tutor/running/judging.py)."""

    type: ClassVar[str] = "result"
    nonce: str
    report: Report


Event = Ready | Started | CheckStarted | CheckDone | Finished
EVENT_TYPES: dict[str, type] = {
    cls.type: cls for cls in (Ready, Started, CheckStarted, CheckDone, Finished)
}
_EVENT_SPECS: dict[str, dict[str, Any]] = {
    "ready": {
        "version": int,
        "pid": int,
        "warm_s": (int, float),
        "vmdata_kb": int,
        "context": (str, None),
    },
    "started": {"nonce": str},
    "check_started": {"nonce": str, "id": str, "name": str},
    "check_done": {"nonce": str, "check": dict},
    "result": {"nonce": str, "report": dict},
}


def encode_event(event: Event) -> bytes:
    d: dict[str, Any] = {"type": event.type}
    for name in event.__dataclass_fields__:
        value = getattr(event, name)
        d[name] = value.to_dict() if isinstance(value, (CheckOutcome, Report)) else value
    return (json.dumps(d, ensure_ascii=False) + "\n").encode("utf-8")


def decode_event(line: bytes) -> Event:
    d = _json_object(line)
    kind = d.pop("type", None)
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError(f"unknown message type {kind!r}")
    _check_fields(d, _EVENT_SPECS[kind], kind)
    try:
        if cls is CheckDone:
            d["check"] = CheckOutcome.from_dict(d["check"])
        elif cls is Finished:
            d["report"] = Report.from_dict(d["report"])
    except ResultFormatError as e:
        raise ProtocolError(f"{kind}: {e}") from None
    return cls(**d)


def _json_object(data: bytes) -> dict[str, Any]:
    if len(data) > MAX_LINE_BYTES:
        raise ProtocolError(f"message of {len(data)} bytes")
    try:
        d = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ProtocolError(f"not JSON: {e}") from None
    if not isinstance(d, dict):
        raise ProtocolError(f"not a JSON object: {type(d).__name__}")
    return d


def _check_fields(d: dict[str, Any], spec: dict[str, Any], what: str) -> None:
    """Every field present (None allowed where the spec says so), nothing else, right types."""
    unknown = set(d) - set(spec)
    if unknown:
        raise ProtocolError(f"{what}: unexpected field(s) {sorted(unknown)}")
    for name, want in spec.items():
        if name not in d:
            raise ProtocolError(f"{what}: missing field {name!r}")
        if not _is(d[name], want):
            raise ProtocolError(
                f"{what}: field {name!r} has the wrong type ({type(d[name]).__name__})"
            )


def _is(value: Any, want: Any) -> bool:
    if isinstance(want, list):  # [item type]
        return isinstance(value, list) and all(_is(v, want[0]) for v in value)
    options = want if isinstance(want, tuple) else (want,)
    for option in options:
        if option is None and value is None:
            return True
        if option is int and isinstance(value, int) and not isinstance(value, bool):
            return True
        if option is float and isinstance(value, float):
            return True
        if option not in (int, float, None) and isinstance(value, option):
            return True
    return False


# ---------------------------------------------------------------- jobs from the course


def exercise_job(
    exercise,
    file: Path | str,
    context: Path | str | None,
    time_limit: float | None = None,
    lang: str | None = None,
) -> Job:
    """The job that checks `file` against `exercise`. Raises ValueError (a sentence for the
    learner) for a time limit no run can honour."""
    return Job(
        kind=JobKind.EXERCISE,
        exercise=exercise.id,
        time_limit=exercise.time_limit if time_limit is None else time_limit,
        lang=lang or current_lang(),
        memory_mb=exercise.memory_mb,
        file=str(Path(file).resolve()),
        interface=list(exercise.names),
        check_module=str(exercise.check_path),
        check_ids=list(exercise.check_ids),
        context=str(context) if context else None,
    )


def snippet_job(
    code: str,
    *,
    label: str,
    time_limit: float = 60.0,
    context: Path | str | None = None,
    filename: str = "<lesson>",
    lang: str | None = None,
) -> Job:
    return Job(
        kind=JobKind.SNIPPET,
        exercise=label,
        time_limit=time_limit,
        lang=lang or current_lang(),
        code=code,
        context=str(context) if context else None,
        filename=filename,
    )
