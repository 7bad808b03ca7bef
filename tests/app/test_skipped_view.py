"""A skipped check is shown as skipped, never as passed: its own mark, why it had nothing to
compare and which check judges it instead, in the app's check list and verdict line and in the
CLI's verdict."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

from apphelp import run_to_verdict, wait_until
from screentext import screen_text

from tutor.application import progress
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.words.catalog import t

REASON = "零向量时梯度含 NaN/inf,没有可比较的值"
MESSAGE = t("check.skipped_covered", reason=REASON, cover="梯度都有限")


def skipped_result() -> RunResult:
    return RunResult(
        exercise="6.1",
        status=Status.FAILED,
        duration_s=0.3,
        checks=[
            CheckOutcome(
                id="finite", name="梯度都有限", status=CheckStatus.FAILED, message="梯度含 NaN"
            ),
            CheckOutcome(
                id="zeros",
                name="梯度恰好为 0",
                status=CheckStatus.SKIPPED,
                message=MESSAGE,
                reason=REASON,
                covered_by="finite",
            ),
        ],
    )


async def test_the_check_list_marks_a_skipped_check_and_says_why(make_app, fake_runner):
    fake_runner.push(skipped_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        await run_to_verdict(pilot)
        app.screen.show_pane("ex-right")
        await pilot.pause()
        drawn = screen_text(app)
        skipped_mark, passed_mark = progress.mark("skipped"), progress.mark("passed")
        assert f"{skipped_mark} 梯度恰好为 0" in drawn, drawn
        assert f"{passed_mark} 梯度恰好为 0" not in drawn
        assert REASON in drawn and "「梯度都有限」" in drawn  # the reason, under its name
        assert t("app.ex.skipped_count", n=1) in drawn  # the verdict line counts it apart


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return False


def test_the_cli_verdict_marks_a_skipped_check_and_says_why():
    from tutor.application.session import Verdict
    from tutor.cli.render import Out, render_verdict

    stream = _Terminal()
    exercise = SimpleNamespace(id="6.1", explanation="")
    render_verdict(Out(stream), Verdict(result=skipped_result(), file=Path("6.1.py")), exercise)
    text = stream.getvalue()
    assert f"{progress.mark('skipped')} 梯度恰好为 0" in text
    assert MESSAGE in text
    assert t("cli.skipped_count", n=1) in text
