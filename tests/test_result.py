"""The result model: round trip through JSON, capped output with a visible notice."""

import json

from tutor.result import CappedText, CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status


def test_round_trip():
    r = RunResult(exercise="7.3", status=Status.FAILED, duration_s=1.4217, missing=[],
                  checks=[CheckOutcome(id="a", name="甲", status=CheckStatus.PASSED, duration_s=0.2),
                          CheckOutcome(id="b", name="乙", status=CheckStatus.FAILED, message="…",
                                       detail={"kind": "allclose", "expected": [1.0], "actual": [2.0]})],
                  error=ErrorInfo(type="ValueError", message="x", line=3, traceback="tb"),
                  stdout="out", stderr="", output_truncated=False)
    doc = json.loads(json.dumps(r.to_dict(), ensure_ascii=False))
    assert doc["status"] == "failed" and doc["duration_s"] == 1.422
    back = RunResult.from_dict(doc)
    assert back.status == Status.FAILED and back.checks[1].detail["expected"] == [1.0]
    assert back.error.line == 3 and [c.name for c in back.failing_checks] == ["乙"]


def test_every_status_of_the_design_exists():
    assert {s.value for s in Status} == {"passed", "failed", "not_attempted", "error", "timeout", "memory",
                                         "crashed", "exited_early", "cancelled"}


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
