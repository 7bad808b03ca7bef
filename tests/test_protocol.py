"""The typed protocol between runner and worker: jobs and events round-trip; anything malformed,
unknown or out of place is a ProtocolError; a pass needs every expected check; impossible limits
are refused with a sentence; the engine's own words come from the catalog."""

import json
import math
import re
from pathlib import Path

import pytest

from tutor.protocol import details
from tutor.protocol.events import (
    EVENT_TYPES,
    PROTOCOL_VERSION,
    CheckDone,
    CheckStarted,
    Finished,
    Job,
    JobKind,
    ProtocolError,
    Ready,
    Started,
    decode_event,
    encode_event,
)
from tutor.protocol.report import Origin, Report
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, Status
from tutor.running.judging import Facts, JobEvents, judge
from tutor.words.catalog import t
from tutor.worker.run_job import compile_learner
from tutor.worker.tracebacks import is_memory_error, learner_error, sample_is_whole, stuck_error

ROOT = Path(__file__).resolve().parent.parent
NONCE = "ab" * 16


def _job(**kw):
    d = dict(
        kind="exercise",
        exercise="6.1",
        time_limit=5.0,
        file="/tmp/a.py",
        interface=["f"],
        check_module="/tmp/ex.py",
        check_ids=["one", "two"],
        nonce=NONCE,
    )
    d.update(kw)
    return Job(**d)


def test_job_round_trips_with_its_language_and_nonce():
    job = _job(lang="en", context="/tmp/ctx.py")
    back = Job.decode(job.encode())
    assert (
        back == job and back.kind is JobKind.EXERCISE and back.lang == "en" and back.nonce == NONCE
    )
    assert json.loads(job.encode())["version"] == PROTOCOL_VERSION
    assert (
        _job().nonce == NONCE
        and Job(kind="snippet", exercise="x", time_limit=1, code="1").nonce
        != Job(kind="snippet", exercise="x", time_limit=1, code="1").nonce
    )


@pytest.mark.parametrize(
    "limit", [math.nan, math.inf, -math.inf, 1e308, -1.0, 0.0, 3601, "5", True, None]
)
def test_job_refuses_impossible_time_limits(limit):
    with pytest.raises(ValueError) as e:
        _job(time_limit=limit)
    assert str(e.value) == t("run.bad_time_limit", value=limit, low=0.05, high=3600)


@pytest.mark.parametrize("memory", [0, -5, 10**9, 3.5, True])
def test_job_refuses_impossible_memory_caps(memory):
    with pytest.raises(ValueError):
        _job(memory_mb=memory)


def test_a_job_with_a_bad_field_is_a_protocol_error():
    doc = json.loads(_job().encode())
    for change in ({"time_limit": "nan"}, {"interface": "f"}, {"extra": 1}, {"version": 99}):
        bad = {**doc, **change}
        with pytest.raises(ProtocolError):
            Job.decode(json.dumps(bad).encode())


EVENTS = [
    Ready(version=PROTOCOL_VERSION, pid=12, warm_s=0.5, vmdata_kb=1000, context=None),
    Started(nonce=NONCE),
    CheckStarted(nonce=NONCE, id="one", name="第一"),
    CheckDone(
        nonce=NONCE,
        check=CheckOutcome(
            id="one",
            name="第一",
            status=CheckStatus.FAILED,
            message="m",
            detail=details.AllClose(expected=[1.0], actual=[2.0], rtol=0.0),
        ),
    ),
    Finished(nonce=NONCE, report=Report(exit_code=3)),
    Finished(
        nonce=NONCE,
        report=Report(
            checks=[CheckOutcome(id="one", name="第一", status=CheckStatus.PASSED)],
            error=ErrorInfo(type="KeyError", message="'x'", line=3),
            origin=Origin.LEARNER,
            missing=["f"],
            out_of_memory=True,
            charts=[{"kind": "line"}],
        ),
    ),
]


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: e.type)
def test_events_round_trip(event):
    line = encode_event(event)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert decode_event(line.rstrip(b"\n")) == event


def test_every_event_type_is_covered():
    assert {e.type for e in EVENTS} == set(EVENT_TYPES)


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b'"ready"',
        b'{"type": "hello"}',
        b'{"nonce": "x"}',
        b'{"type":"check_done","check":{}}',
        b'{"type":"check_done","nonce":"x","check":{}}',
        b'{"type":"check_done","nonce":"x","check":{"id":"a","name":"b","status":"great"}}',
        b'{"type":"check_done","nonce":"x","check":{"id":"a","name":"b","status":"failed","detail":{"kind":"??"}}}',
        b'{"type":"check_started","nonce":"x","id":1,"name":"b"}',
        b'{"type":"started","nonce":"x","more":1}',
        b'{"type":"ready","version":true,"pid":1,"warm_s":0,"vmdata_kb":1,"context":null}',
        b'{"type":"result","nonce":"x","report":{"checks":[{}],"error":null,"origin":null,"missing":[],"exit_code":null,"out_of_memory":false,"charts":[]}}',
        b'{"type":"result","nonce":"x","report":{"checks":[],"error":null,"origin":"won","missing":[],"exit_code":null,"out_of_memory":false,"charts":[]}}',
        b'{"type":"result","nonce":"x","report":{"checks":[],"error":null,"origin":null,"missing":[],"exit_code":true,"out_of_memory":false,"charts":[]}}',
        b'{"type":"result","nonce":"x","report":{"status":"passed","checks":[],"error":null,"origin":null,"missing":[],"exit_code":null,"out_of_memory":false,"charts":[]}}',
        b"\xff\xfe",
    ],
)
def test_malformed_messages_are_protocol_errors(line):
    with pytest.raises(ProtocolError):
        decode_event(line)


def test_events_must_carry_the_nonce_and_come_in_order():
    events = JobEvents(NONCE)
    with pytest.raises(ProtocolError):
        events.accept(CheckStarted(nonce=NONCE, id="one", name="x"))  # before started
    with pytest.raises(ProtocolError):
        events.accept(Started(nonce="0" * 32))  # someone else's
    assert events.accept(Started(nonce=NONCE)) is False and events.started
    with pytest.raises(ProtocolError):
        events.accept(Started(nonce=NONCE))  # started twice
    with pytest.raises(ProtocolError):
        events.accept(EVENTS[0])  # ready after started
    check = CheckOutcome(id="one", name="x", status=CheckStatus.PASSED)
    assert events.accept(CheckDone(nonce=NONCE, check=check)) is False
    done = Finished(nonce=NONCE, report=Report(checks=[check]))
    assert events.accept(done) is True and events.finished is done and events.checks == [check]


def test_a_ready_before_the_job_is_taken_and_a_decoding_error_is_raised():
    events = JobEvents(NONCE)
    assert events.accept(EVENTS[0]) is False and not events.started
    with pytest.raises(ProtocolError, match="bad line"):
        events.accept(ProtocolError("bad line"))


def _checked(*ids, status=CheckStatus.PASSED):
    return Report(checks=[CheckOutcome(id=i, name=i, status=status) for i in ids])


@pytest.mark.parametrize(
    "report, unverified",
    [
        (_checked(), "one, two"),  # no check reported
        (_checked("one"), "two"),  # a check missing
        (_checked("one", "one", "two"), "-"),  # a check reported twice
        (_checked("one", "two", "extra", status=CheckStatus.PASSED), None),
    ],
)
def test_a_pass_needs_every_expected_check(report, unverified):
    result = judge(Facts.of(_job(), report=report))
    if unverified is None:
        assert result.status is Status.PASSED
    else:
        assert result.status is Status.FAILED and result.message == t(
            "run.unverified_pass", ids=unverified
        )


def test_failed_checks_fail_the_run_without_a_word_of_the_judge():
    result = judge(Facts.of(_job(), report=_checked("one", "two", status=CheckStatus.FAILED)))
    assert result.status is Status.FAILED and result.message is None


def test_a_pass_without_declared_checks_is_not_a_pass():
    result = judge(Facts.of(_job(check_ids=[]), report=_checked("one")))
    assert result.status is Status.FAILED


def test_engine_modules_hold_no_chinese_and_no_literal_statuses():
    cjk = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")
    engine = (
        "worker/main",
        "worker/run_job",
        "running/worker_process",
        "running/runner",
        "running/run",
        "running/judging",
        "worker/processes",
        "protocol/events",
        "worker/tracebacks",
    )
    for name in engine:
        text = (ROOT / "tutor" / f"{name}.py").read_text(encoding="utf-8")
        assert not cjk.search(text), name
    for name in ("worker/main", "worker/run_job"):
        text = (ROOT / "tutor" / f"{name}.py").read_text(encoding="utf-8")
        for status in Status:
            assert f'"{status.value}"' not in text and f"'{status.value}'" not in text, (
                name,
                status,
            )


@pytest.mark.parametrize(
    ("line", "marked"),
    [
        ("s = '" + "1, " * 33_000, "'"),  # an unterminated string at the start of the line
        ("xs = [" + "1, " * 20_000 + "2 3" + ", 4" * 13_000 + "]", "2 3"),  # a comma missing
        ("xs = [" + "1, " * 33_000 + "] $", "$"),  # a character Python refuses, at the end
        ("xs = [" + "1, " * 33_000 + "\0]", " ]"),  # a NUL byte, shown as a space
    ],
    ids=["unterminated-string", "missing-comma", "refused-character", "nul-byte"],
)
def test_a_syntax_error_on_a_long_line_shows_the_part_around_it(line, marked):
    source = "x = 1\n" + line + "\n"
    try:
        compile_learner(source, "/l/a.py")
    except SyntaxError as e:
        info = learner_error(e, "/l/a.py")
    assert info.type == "SyntaxError" and info.line == 2
    assert len(info.traceback) < 600, len(info.traceback)
    rows = info.traceback.splitlines()
    caret_row = next(i for i, r in enumerate(rows) if r.strip() and set(r.strip()) <= {"^", "~"})
    shown, carets = rows[caret_row - 1], rows[caret_row]
    first = carets.index("^")
    assert shown[first : first + len(marked)] == marked, (shown, carets)


def test_syntax_error_info_is_the_line_and_its_caret():
    try:
        compile("x = (1,\ny = 2\n", "/tmp/answer.py", "exec")
    except SyntaxError as e:
        info = learner_error(e, "/tmp/answer.py")
    assert info.type == "SyntaxError" and info.line in (1, 2)
    assert info.traceback.startswith('  File "/tmp/answer.py"') and "^" in info.traceback


DUMP = """Timeout (0:00:03.750000)!
Thread 0x00007f0000000001 (most recent call first):
  File "/usr/lib/python3.13/threading.py", line 359 in wait
  File "/usr/lib/python3.13/threading.py", line 1012 in _bootstrap

Thread 0x00007f0000000002 (most recent call first):
  File "/home/l/\\u7ec3\\u4e60.py", line 7 in inner
  File "/home/l/\\u7ec3\\u4e60.py", line 12 in update_counter
  File "/repo/checks/ex_6_1.py", line 40 in _
  File "/repo/tutor/worker/checklib.py", line 114 in run_checks
  File "/repo/tutor/worker/main.py", line 180 in main
"""


def test_the_stuck_line_comes_from_the_sampled_stack():
    info = stuck_error(DUMP, "/home/l/练习.py", source="\n" * 20)
    assert info.line == 7 and info.message == t("run.stuck_at", line=7)
    assert info.traceback.index("update_counter") < info.traceback.index("inner")
    assert "checks/" not in info.traceback and "tutor/" not in info.traceback
    assert stuck_error(DUMP, "/elsewhere.py") is None and stuck_error("", "/a.py") is None
    english = stuck_error(
        DUMP, "/home/l/练习.py", lang="en"
    )  # the job's language, not the process's
    assert english.message.isascii() and english.traceback.split("\n")[0].isascii()


# a sample faulthandler cut at a frame being pushed (seen under load, Python 3.13), then a whole one
CUT_SAMPLE = "Stack (most recent call first):\n  File ???, line 0 in \n"
WHOLE_SAMPLE = """Stack (most recent call first):
  File "/venv/jax/_src/core.py", line 692 in bind
  File "/home/l/answer.py", line 4 in spin
  File "/home/l/answer.py", line 6 in <module>
  File "/repo/tutor/worker/run_job.py", line 221 in _run_exercise
  File "/repo/tutor/worker/main.py", line 170 in run
"""


def test_a_stack_sample_is_whole_once_it_reaches_the_worker_frames():
    assert not sample_is_whole("") and not sample_is_whole(CUT_SAMPLE)
    assert not sample_is_whole(WHOLE_SAMPLE.split('  File "/repo')[0])  # still being written
    assert sample_is_whole(WHOLE_SAMPLE) and not sample_is_whole(WHOLE_SAMPLE + CUT_SAMPLE)
    deep = "Stack (most recent call first):\n" + '  File "/l/a.py", line 5 in down\n' * 100
    assert not sample_is_whole(deep) and sample_is_whole(deep + "  ...\n")  # the depth limit
    info = stuck_error(CUT_SAMPLE + WHOLE_SAMPLE, "/home/l/answer.py")
    assert info is not None and info.line == 4
    assert stuck_error(CUT_SAMPLE, "/home/l/answer.py") is None


def test_memory_errors_are_recognised_in_one_place():
    class ArrayMemoryError(MemoryError):  # numpy raises a subclass
        pass

    assert is_memory_error(MemoryError()) and is_memory_error(
        ArrayMemoryError("Unable to allocate 1 TiB")
    )
    assert is_memory_error(RuntimeError("RESOURCE_EXHAUSTED: Out of memory allocating 8 bytes"))
    assert is_memory_error(None, "terminate called after throwing an instance of 'std::bad_alloc'")
    assert not is_memory_error(ValueError("shapes differ")) and not is_memory_error(None, "")


def test_error_info_keeps_its_fields():
    info = ErrorInfo(type="Timeout", message="m", line=3, traceback="tb")
    assert ErrorInfo.from_dict(info.to_dict()) == info
