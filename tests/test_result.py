"""The result model: round trip through JSON with its version and typed details, strict reading
of malformed documents, capped output with a visible notice."""

import json

import pytest

from tutor.protocol import details
from tutor.protocol.result import (
    RESULT_VERSION,
    CappedText,
    CheckOutcome,
    CheckStatus,
    ErrorInfo,
    ResultFormatError,
    RunResult,
    Status,
)


def _result():
    return RunResult(
        exercise="7.3",
        status=Status.FAILED,
        duration_s=1.4217,
        missing=[],
        checks=[
            CheckOutcome(id="a", name="甲", status=CheckStatus.PASSED, duration_s=0.2),
            CheckOutcome(
                id="b",
                name="乙",
                status=CheckStatus.FAILED,
                message="…",
                detail=details.AllClose(
                    expected=[1.0],
                    actual=[2.0],
                    rtol=0.0,
                    atol=0.5,
                    first_mismatches=[[[0], 1.0, 2.0]],
                ),
            ),
            CheckOutcome(
                id="c",
                name="丙",
                status=CheckStatus.ERROR,
                message="boom",
                detail=details.LearnerError(line=4, traceback="tb"),
            ),
        ],
        error=ErrorInfo(type="ValueError", message="x", line=3, traceback="tb"),
        stdout="out",
        stderr="",
        output_truncated=False,
    )


def test_round_trip():
    doc = json.loads(json.dumps(_result().to_dict(), ensure_ascii=False))
    assert doc["version"] == RESULT_VERSION
    assert doc["status"] == "failed" and doc["duration_s"] == 1.422
    assert doc["checks"][1]["detail"]["kind"] == "allclose"
    back = RunResult.from_dict(doc)
    assert back.status == Status.FAILED
    assert isinstance(back.checks[1].detail, details.AllClose) and back.checks[
        1
    ].detail.expected == [1.0]
    assert (
        isinstance(back.checks[2].detail, details.LearnerError) and back.checks[2].detail.line == 4
    )
    assert back.error.line == 3 and [c.name for c in back.failing_checks] == ["乙", "丙"]
    assert back.to_dict() == doc


def test_a_document_without_a_version_reads_as_the_first():
    doc = _result().to_dict()
    del doc["version"]
    assert RunResult.from_dict(doc).status == Status.FAILED


@pytest.mark.parametrize(
    "change",
    [
        {"version": RESULT_VERSION + 1},
        {"status": "great"},
        {"exercise": None},
        {"checks": [{}]},
        {"checks": [{"id": "a", "name": "b", "status": "passed", "detail": {"kind": "nope"}}]},
        {"missing": "update_counter"},
        {"error": {"message": "no type"}},
        {"output_truncated": "no"},
        {"duration_s": "1"},
        {"charts": [1]},
    ],
)
def test_malformed_documents_are_refused(change):
    doc = {**_result().to_dict(), **change}
    with pytest.raises(ResultFormatError):
        RunResult.from_dict(doc)
    with pytest.raises(ValueError):  # what readers of stored documents catch
        RunResult.from_dict(doc)


def test_the_nine_statuses_exist():
    assert {s.value for s in Status} == {
        "passed",
        "failed",
        "not_attempted",
        "error",
        "timeout",
        "memory",
        "crashed",
        "exited_early",
        "cancelled",
    }


def test_capped_text_keeps_head_and_tail():
    c = CappedText(head=10, tail=10)
    for i in range(1000):
        c.feed(f"{i:04d}\n".encode())
    text = c.text("[{n} dropped]")
    assert text.startswith("0000\n0001\n")
    assert text.endswith("0998\n0999\n")
    assert c.truncated and f"[{5000 - 20} dropped]" in text


def test_capped_text_small_output_untouched():
    c = CappedText(head=100, tail=100)
    c.feed("你好\n".encode())
    assert c.text() == "你好\n" and not c.truncated
