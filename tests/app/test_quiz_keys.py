"""A choice question says how to answer it: the footer names its answer keys (a–c for three
options, a–d for four) and a line under the options says so too; an option that wraps goes on
under its text, not under its letter."""

from __future__ import annotations

from pathlib import Path

import pytest
from apphelp import SIZE, settle, wait_until
from proserows import crop_cells
from screentext import screen_text

from tutor.words.catalog import t

ROOT = Path(__file__).resolve().parents[2]


async def test_the_answer_keys_are_on_the_screen(make_app):
    from tutor.app.keybar import KeyBar

    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "QuizScreen")
        bar = app.screen.query_one(KeyBar)
        await wait_until(pilot, lambda: ("a–c", t("app.key.choose")) in bar.items)  # 3 options
        assert t("app.quiz.choose_keys", keys="a–c") in screen_text(app)
        await pilot.press("right_square_bracket")  # the next question has two
        await wait_until(pilot, lambda: ("a–b", t("app.key.choose")) in bar.items)
        await pilot.press("b")
        await settle(pilot)
        assert t("app.quiz.choose_keys", keys="a–b") not in screen_text(app)  # answered
        await pilot.press("right_square_bracket")  # an open question: no letters to press
        await wait_until(pilot, lambda: not [k for k, _ in bar.items if k.startswith("a–")])


async def test_the_footer_and_the_help_name_the_same_answer_keys(home, monkeypatch):
    # the course's questions have four options, and the quiz binds a key for each (issue 35:
    # the footer said a–d, the help a – h)
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from tutor.app.helpscreen import HelpScreen, help_rows
    from tutor.app.keybar import KeyBar
    from tutor.app.quiz import QuizScreen
    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("quiz", "6"), warm=False)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "QuizScreen")
        bar = app.screen.query_one(KeyBar)
        choose = t("app.key.choose")
        await wait_until(pilot, lambda: choose in dict((w, k) for k, w in bar.items))
        footer = dict((w, k) for k, w in bar.items)[choose]
        assert footer == "a–d", bar.items
        helped = [keys for keys, words in help_rows(QuizScreen.BINDINGS) if words == choose]
        assert helped == [footer]
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await settle(pilot)
        assert footer in screen_text(app) and "a – " not in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_a_long_option_goes_on_under_its_text(home, monkeypatch, size):
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(ROOT))
    from textual.widgets import OptionList

    from tutor.app.tutorapp import TutorApp

    app = TutorApp(home=home, target=("quiz", "7"), warm=False)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "QuizScreen")
        options = app.screen.query_one("#quiz-options", OptionList)
        await wait_until(pilot, lambda: options.option_count > 0)
        await settle(pilot)
        box = options.content_region
        rows = [
            crop_cells(row, box.x, box.right).rstrip()
            for row in screen_text(app).split("\n")[box.y : box.bottom]
        ]
        rows = [row for row in rows if row.strip()]
        letters = [row for row in rows if row[:3] in {f"{c}. " for c in "ABCDEFGH"}]
        assert len(letters) == options.option_count, rows
        going_on = [row for row in rows if row not in letters]
        assert going_on, f"no option wraps at {size}: {rows}"
        assert all(row.startswith("   ") and row[3] != " " for row in going_on), rows
