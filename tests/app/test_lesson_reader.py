"""The lesson reader (Pilot, fixture course, a fake runner): the outline, previous/next along the
course map, links that open their places, code that is only shown beside runnable examples,
an example's output and chart, and Esc that cancels a running example before it leaves."""

from __future__ import annotations

import re

from apphelp import CHART, SIZE, settle, wait_until
from screentext import screen_text

from tutor.protocol.result import RunResult, Status


async def test_lesson_reader_links_outline_prev_next(make_app, home):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = app.screen
        text = screen_text(app)
        assert "什么是纯函数" in text and "▶ 运行" in text
        outline = scr.query_one("#outline")
        assert outline.option_count == 3  # title + 2 sections
        outline.highlighted = 2
        outline.action_select()
        # the short page fits on the screen: it counts as read once laid out, end in view
        await wait_until(pilot, lambda: app.session.lessons_read() == {"6.1"})
        md = scr.query(".page-md").first()
        md.post_message(md.LinkClicked(md, "exercise:6.1"))
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        # a key at once on a page just replaced (the screen it replaced still setting its title)
        app.open_item("lesson", "6.2")
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.2")
        await pilot.press("p")  # previous item in course order
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.1")
        await pilot.press("n")
        await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.2")
        await pilot.press("n")  # 6.2 → its exercise 6.1
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        assert app.is_running


async def test_lesson_runnable_block_output_and_chart(make_app, fake_runner):
    fake_runner.push(
        RunResult(
            exercise="6.1#1",
            status=Status.PASSED,
            stdout="你好,纯函数\n",
            charts=[CHART],
        ),
        output="你好,纯函数\n",
    )
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        block = app.screen.query_one(".run-block")
        await wait_until(pilot, lambda: block.result is not None)
        await pilot.pause()
        assert "你好,纯函数" in str(block.query_one(".run-output").render())
        from tutor.app.charts import ChartView

        assert len(block.query(ChartView)) == 1
        assert fake_runner.jobs[0].kind == "snippet" and fake_runner.jobs[0].context is None


async def test_lesson_block_cancel_with_escape(make_app, fake_runner):
    fake_runner.push(RunResult(exercise="6.1#1", status=Status.PASSED), delay=30)
    app = make_app(target=("lesson", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        block = app.screen.query_one(".run-block")
        await wait_until(pilot, lambda: block.running)
        await pilot.press("escape")  # first Esc cancels the running example
        # the fake run would end by itself after 30 s: a result before that is the cancel's
        await wait_until(pilot, lambda: block.result is not None, timeout=15)
        assert block.result.status == Status.CANCELLED
        assert type(app.screen).__name__ == "LessonScreen"
        await pilot.press("escape")  # the next one goes back to the map
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


async def test_every_link_of_a_page_opens_its_place(make_app, content):
    page = content / "lessons" / "ch6" / "lessons" / "6.1.md"
    hrefs = re.findall(r"\]\(([a-z0-9]+:[^)]+)\)", page.read_text(encoding="utf-8"))
    assert sorted(hrefs) == ["exercise:6.1", "lesson:6.2", "quiz:6"]
    opened = {
        "exercise:6.1": lambda s: getattr(s, "exercise_id", None) == "6.1",
        "lesson:6.2": lambda s: getattr(s, "lesson_id", None) == "6.2",
        "quiz:6": lambda s: type(s).__name__ == "QuizScreen" and s.chapter_id == "6",
    }
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        for n, href in enumerate(hrefs):
            if n:
                app.open_item("lesson", "6.1")
            await wait_until(pilot, lambda: getattr(app.screen, "lesson_id", None) == "6.1")
            await settle(pilot)  # the page as the learner sees it, its links drawn
            md = app.screen.query(".page-md").first()
            md.post_message(md.LinkClicked(md, href))  # what a click on the link sends
            await wait_until(pilot, lambda href=href: opened[href](app.screen))
            await settle(pilot)


async def test_code_without_run_is_shown_but_is_no_example(make_app):
    from tutor.app.runblock import RunBlock

    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query(RunBlock)))
        examples = list(app.screen.query(RunBlock).results(RunBlock))
        assert [b.block.code for b in examples] == [
            'print("你好,纯函数")\nchart.line({"y": [1, 4, 9, 16]}, title="平方")\n'
        ]
        assert "counter = 0  # 只是展示,不可运行" in screen_text(app)  # shown, as code
