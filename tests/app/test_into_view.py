"""Every action that produces output brings it into view, on the real course at 120×36: the
quiz's `v` output, `r` on a freshly opened 7.2a whose first example is below the fold, and a
predict question answered with the letters the footer shows."""

from __future__ import annotations

from apphelp import SIZE, wait_until
from screentext import screen_text

from tutor import paths
from tutor.protocol.result import RunResult, Status

ROOT = paths.package_dir().parent


def _on_screen(widget) -> bool:
    """At least one row of `widget` is inside the screen's visible part of its scroll view."""
    region = widget.region
    return region.height > 0 and region.y < SIZE[1] - 1 and region.bottom > 1


def _app(home, monkeypatch, runner, target):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.tutorapp import TutorApp

    return TutorApp(home=home, target=target, runner=runner, warm=False)


async def test_quiz_v_brings_the_verification_output_into_view(home, monkeypatch, fake_runner):
    fake_runner.push(RunResult(exercise="quiz", status=Status.PASSED, stdout="验证输出 42\n"))
    app = _app(home, monkeypatch, fake_runner, ("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        n = next(i for i, q in enumerate(scr.quiz.questions) if q.verify and q.kind == "choice")
        scr.index = n
        scr.show_question()
        await pilot.pause()
        await pilot.press("a")  # any answer shows the code that backs it
        await wait_until(pilot, lambda: "v" in [k for k, _ in scr.query_one("KeyBar").items])
        await pilot.press("v")
        from tutor.app.runblock import RunBlock

        block = scr.query_one(RunBlock)
        await wait_until(pilot, lambda: block.result is not None)
        out = block.query_one(".run-output")
        await wait_until(pilot, lambda: _on_screen(out))
        # and drawn: under load the layout that brought it into view may not be painted yet
        await wait_until(pilot, lambda: "验证输出 42" in screen_text(app))


async def test_r_on_a_fresh_7_2a_scrolls_to_its_example(home, monkeypatch, fake_runner):
    app = _app(home, monkeypatch, fake_runner, ("lesson", "7.2a"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "7.2a")
        await pilot.pause()
        scr = app.screen
        from tutor.app.runblock import RunBlock

        first = scr.query(RunBlock).first()
        assert not _on_screen(first.query_one(".run-bar"))  # its ▶ row is below the fold
        await pilot.press("r")  # it asks its question first: the question comes into view

        await wait_until(pilot, lambda: scr.selected is not None)
        block = scr.selected
        assert block is first and block.awaiting_prediction
        await wait_until(pilot, lambda: _on_screen(block.query_one(".predict-question")))
        keys = dict(scr.query_one("KeyBar").items)
        assert keys.get("a–c") == "选择预测", keys  # three options: a–c, as the footer says
        fake_runner.push(RunResult(exercise="7.2a#1", status=Status.PASSED, stdout="batch\n"))
        await pilot.press("c")
        await wait_until(pilot, lambda: block.result is not None)
        await wait_until(pilot, lambda: _on_screen(block.query_one(".run-output")))
