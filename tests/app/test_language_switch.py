"""Switching the language in the app (F12, listed in F1, and a palette command): the place shown
reads in the other language at once, and the learner loses nothing: the editor's draft, the
scroll position, a run going on. The choice is remembered; no record changes."""

from __future__ import annotations

import re

from apphelp import SIZE, passed_result, wait_until
from screentext import screen_text

from tutor.application.session import open_session
from tutor.protocol.result import Status
from tutor.words import catalog

CJK = re.compile(r"[\u4e00-\u9fff]")


async def test_f12_shows_the_exercise_in_english_keeping_draft_and_run(make_app, fake_runner, home):
    fake_runner.push(passed_result(), delay=30.0)  # a run that goes on while the language changes
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        scr = app.screen
        await wait_until(pilot, lambda: "有状态计数器" in screen_text(app))
        editor = scr.query_one("#editor")
        editor.load_text("def update_counter(n, extra):\n    return n + 2, extra  # mine\n")
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.results.running)
        await pilot.press("f12")
        await wait_until(pilot, lambda: "A stateful counter" in screen_text(app))
        assert app.screen is scr  # the same workspace, shown again
        assert "# mine" in editor.text  # the draft as it was
        assert scr.results.running  # the run goes on
        assert "Write a pure function" in scr.query_one("#statement").source
        assert catalog.lang() == "en"
        scr.results.cancel()
        await wait_until(pilot, lambda: not scr.results.running)
    with open_session(home) as session:
        assert session.setting("lang") == "en"  # remembered
        assert session.attempts("6.1")[-1].status == Status.CANCELLED.value


async def test_a_lesson_is_rebuilt_at_the_same_scroll_fraction(make_app, fake_runner):
    app = make_app(target=("lesson", "6.2"), runner=fake_runner)
    async with app.run_test(size=(80, 16)) as pilot:
        await wait_until(pilot, lambda: app.screen.complete and app.screen.page.max_scroll_y > 4)
        page = app.screen.page
        page.scroll_to(y=page.max_scroll_y // 2, animate=False)
        await wait_until(pilot, lambda: page.scroll_y > 0)
        fraction = page.scroll_y / page.max_scroll_y
        before = app.screen
        await pilot.press("f12")
        await wait_until(pilot, lambda: app.screen is not before and app.screen.complete)
        new = app.screen.page
        # the page is laid out in steps: wait for the place it settles on
        await wait_until(
            pilot,
            lambda: new.max_scroll_y and abs(new.scroll_y / new.max_scroll_y - fraction) < 0.1,
        )
        assert "Passing state explicitly" in screen_text(app)
        assert app.places.place == ("lesson", "6.2")
        assert not app.places.earlier  # Esc still goes where it went


async def test_f1_lists_the_key_and_the_palette_offers_the_switch(make_app):
    app = make_app(target=("lesson", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await wait_until(pilot, lambda: "切换语言" in screen_text(app))
        assert "F12" in screen_text(app)
        await pilot.press("f12")  # from the help itself: the help reads in English
        await wait_until(pilot, lambda: "switch language" in screen_text(app))
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.press(*"switch language")
        await wait_until(pilot, lambda: "switch language to Chinese" in screen_text(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: catalog.lang() == "zh")
        await wait_until(pilot, lambda: "纯函数与副作用" in screen_text(app))


async def test_the_map_and_a_quiz_read_in_english(make_app):
    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: "全局变量" in screen_text(app))
        await pilot.press("right")  # the second question
        await wait_until(pilot, lambda: "状态应该怎样进出函数" in screen_text(app))
        await pilot.press("f12")
        await wait_until(pilot, lambda: "How should state enter and leave" in screen_text(app))
        await pilot.press("f2")
        await wait_until(pilot, lambda: "Passing state explicitly" in screen_text(app))
        text = screen_text(app)
        assert "jaxtutor test course" in text
        # chapter 9 has no English yet: it reads in Chinese until it has
        assert "最后一课" in text
