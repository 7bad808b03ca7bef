"""A predict-then-run block does not give its answer away: on the real lesson 6.1, nothing on the
screen says `hits == 1` until the learner has answered; then the block runs and its whole code
shows (without the authors' `# reveal` marks)."""

from __future__ import annotations

from apphelp import SIZE, select_block, wait_until
from screentext import screen_text

from tutor import paths
from tutor.protocol.result import RunResult, Status

ROOT = paths.package_dir().parent


async def test_the_6_1_question_is_answered_before_the_answer_shows(home, monkeypatch, fake_runner):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.runblock import RunBlock
    from tutor.app.tutorapp import TutorApp

    fake_runner.push(
        RunResult(exercise="6.1#1", status=Status.PASSED, stdout="调用 4 次后 hits = 1\n")
    )
    app = TutorApp(home=home, target=("lesson", "6.1"), runner=fake_runner, warm=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False), timeout=20)
        page = app.screen.query_one("#page")
        seen = []
        while True:  # the whole page, screen by screen: the answer is nowhere yet
            await pilot.pause()
            text = screen_text(app)
            assert "hits == 1" not in text, text
            seen.append(text)
            if page.scroll_y >= page.max_scroll_y:
                break
            page.scroll_to(y=page.scroll_y + page.size.height - 2, animate=False)
        assert any("hits 是多少" in s for s in seen)
        block = next(b for b in app.screen.query(RunBlock).results(RunBlock) if b.prediction)
        assert not block.query_one(".run-output").display  # no output before the answer
        block.scroll_visible(animate=False)
        await pilot.pause()
        await select_block(pilot, block)
        await pilot.press("b")
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.pause()
        block.query_one(".predict-code").scroll_visible(animate=False)
        await pilot.pause()
        code = block.query_one(".predict-code").source
        assert "assert hits == 1" in code and "# reveal" not in code
        assert "调用 4 次后 hits = 1" in str(block.query_one(".run-output").render())
