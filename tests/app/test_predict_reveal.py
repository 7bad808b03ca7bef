"""The prose that explains a predict block's result (marked `<!-- reveal -->` … `<!-- /reveal -->`
right after the question) is not on the page before the learner answers: on the fixture lesson
6.2 the whole page is looked at screen by screen, then the question is answered and the prose
shows under the output, without the marks."""

from __future__ import annotations

from apphelp import SIZE, select_block, wait_until
from screentext import screen_text

from tutor.protocol.result import RunResult, Status

REVEALED = "列表里有三个元素"


async def _every_screen(pilot, page) -> list[str]:
    seen = []
    page.scroll_to(y=0, animate=False)
    while True:
        await pilot.pause()
        seen.append(screen_text(pilot.app))
        if page.scroll_y >= page.max_scroll_y:
            return seen
        page.scroll_to(y=page.scroll_y + page.size.height - 2, animate=False)


async def test_the_revealed_prose_shows_only_once_the_question_is_answered(make_app, fake_runner):
    from tutor.app.runblock import RunBlock

    fake_runner.push(RunResult(exercise="6.2#2", status=Status.PASSED, stdout="长度 3\n"))
    app = make_app(target=("lesson", "6.2"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False))
        page = app.screen.query_one("#page")
        seen = await _every_screen(pilot, page)
        assert any("这段代码打印的长度是多少" in s for s in seen)
        assert not any(REVEALED in s or "reveal" in s for s in seen), seen
        block = next(
            b
            for b in app.screen.query(RunBlock).results(RunBlock)
            if b.prediction and b.prediction.options
        )
        block.scroll_visible(animate=False)
        await pilot.pause()
        await select_block(pilot, block)
        await pilot.press("b")
        await wait_until(pilot, lambda: block.result is not None)
        after = block.query_one(".predict-reveal")
        await wait_until(pilot, lambda: after.display and bool(after.children))
        after.scroll_visible(animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert REVEALED in text and "reveal" not in text, text
