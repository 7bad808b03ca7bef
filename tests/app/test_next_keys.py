"""One key moves forward (issue 35): `n` on every screen but the editor, Ctrl+N in it; `n` and F1
lead every footer; Ctrl+N before a pass says what is left and offers to go on; the quiz marks
itself with y/x (never n) and ends on a summary (graded and self-marked apart) whose `n` goes on
along the course. At 80×24 and 120×36, in both languages."""

from __future__ import annotations

import pytest
from apphelp import failed_result, passed_result, run_to_verdict, wait_until
from screentext import screen_text

from tutor.words.catalog import t

SIZES = [(80, 24), (120, 36)]
LANGS = ["zh", "en"]
CASES = [(lang, size) for lang in LANGS for size in SIZES]
IDS = [f"{lang}-{w}x{h}" for lang, (w, h) in CASES]


@pytest.fixture
def lang_env(monkeypatch, request):
    """The language a test's app starts in (a fresh home follows JAXTUTOR_LANG)."""
    from tutor.words.catalog import set_lang

    def use(lang: str) -> None:
        monkeypatch.setenv("JAXTUTOR_LANG", lang)
        set_lang(lang)

    yield use
    set_lang("zh")


def bar_items(app) -> list[tuple[str, str]]:
    from tutor.app.keybar import KeyBar

    bars = app.screen.query(KeyBar)
    return bars.first().items if bars else []


def bar_text(app) -> str:
    from tutor.app.keybar import KeyBar

    return app.screen.query_one(KeyBar).render().plain


async def _open(pilot, app, kind, item_id):
    app.open_item(kind, item_id)
    await wait_until(pilot, lambda: app.places.place == (kind, item_id))
    await wait_until(pilot, lambda: app.screen.is_mounted and bool(bar_items(app)))


@pytest.mark.parametrize("lang,size", CASES, ids=IDS)
async def test_n_and_f1_lead_every_footer(make_app, lang_env, lang, size):
    lang_env(lang)
    app = make_app(target=None)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: bool(bar_items(app)))
        app.action_home()
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HomeScreen")
        await wait_until(pilot, lambda: bar_items(app)[:1] == [("f1", t("app.key.help"))])
        for kind, item_id in [("lesson", "6.2"), ("quiz", "6"), ("exercise", "6.1")]:
            await _open(pilot, app, kind, item_id)
            await wait_until(pilot, lambda: [k for k, _ in bar_items(app)][1:2] == ["f1"])
            first = bar_items(app)[0]
            in_editor = app.focused is not None and app.focused.id == "editor"
            assert first == ("^n" if in_editor else "n", t("app.key.next")), (kind, first)
            # the bar's items are set before it is drawn: wait for the drawn text, then judge it
            await wait_until(pilot, lambda: bool(bar_text(app).strip()))
            shown = bar_text(app)
            assert shown.startswith(f" {first[0]}  {first[1]}  f1 "), (kind, shown)
        app.open_item("progress", "")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ProgressScreen")
        await wait_until(pilot, lambda: bool(bar_items(app)) and bar_items(app)[0][0] == "f1")


@pytest.mark.parametrize("lang,size", CASES, ids=IDS)
async def test_the_quiz_marks_with_y_x_and_ends_on_a_summary(make_app, lang_env, lang, size):
    lang_env(lang)
    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: hasattr(app.screen, "quiz"))
        scr = app.screen
        await wait_until(pilot, lambda: scr.index == 0)
        await pilot.press("a")  # q1 (choice): wrong
        await wait_until(pilot, lambda: "q1" in app.session.quiz_answers("6"))
        await pilot.press("n")
        await wait_until(pilot, lambda: scr.index == 1)
        await pilot.press("b")  # q2 (choice): right
        await wait_until(pilot, lambda: "q2" in app.session.quiz_answers("6"))
        await pilot.press("n")
        await wait_until(pilot, lambda: scr.index == 2)
        await pilot.press("r")  # q3 (open): reveal, then `n` moves on and marks nothing
        await wait_until(pilot, lambda: scr.revealed)
        await pilot.press("n")
        await wait_until(pilot, lambda: scr.on_summary)
        assert "q3" not in app.session.quiz_answers("6")
        text = screen_text(app)
        assert t("app.quiz.summary_unanswered", numbers="3") in text
        await pilot.press("p")  # back to it, and marked with x: "I missed it"
        await wait_until(pilot, lambda: scr.index == 2)
        await pilot.press("r")
        await wait_until(pilot, lambda: scr.revealed)
        await pilot.press("x")
        await wait_until(pilot, lambda: "q3" in app.session.quiz_answers("6"))
        assert app.session.quiz_answers("6")["q3"][1] is False
        await pilot.press("n")  # after the last question: the summary, not the next chapter
        await wait_until(pilot, lambda: scr.on_summary and app.screen is scr)
        text = screen_text(app).replace("\n", "")
        graded = t("app.quiz.summary_graded", right=1, answered=2, total=2)
        marked = t("app.quiz.summary_self", right=0, answered=1, total=1)
        after = app.session.next_item(("quiz", "6"))
        place = f"{t(f'app.kind.{after.kind}')} {after.id} · {after.title}"
        for words in (graded, marked, t("app.quiz.summary_next", place=place)):
            assert words.replace(" ", "") in text.replace(" ", ""), words
        await wait_until(pilot, lambda: bar_items(app)[0] == ("n", t("app.key.next")))
        await pilot.press("n")  # the summary's next: the course's next item
        kind = "exercise" if after.kind == "repair" else after.kind
        await wait_until(pilot, lambda: app.places.place == (kind, after.id))


async def test_a_finished_quiz_opens_on_its_summary(make_app, home):
    app = make_app(target=None)
    async with app.run_test(size=SIZES[0]) as pilot:
        for qid, letter in (("q1", "B"), ("q2", "B")):
            app.session.answer_choice("6", qid, letter)
        app.session.mark_open("6", "q3", True)
        app.open_item("quiz", "6")
        await wait_until(pilot, lambda: hasattr(app.screen, "quiz") and app.screen.on_summary)
        marked = t("app.quiz.summary_self", right=1, answered=1, total=1)
        await wait_until(pilot, lambda: marked in screen_text(app).replace("\n", ""))


@pytest.mark.parametrize("lang,size", CASES, ids=IDS)
async def test_ctrl_n_before_a_pass_says_what_is_left(make_app, fake_runner, lang_env, lang, size):
    lang_env(lang)
    fake_runner.push(failed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        scr = app.screen
        await pilot.press("ctrl+n")  # nothing run yet
        await wait_until(pilot, lambda: type(app.screen).__name__ == "GoOnDialog")
        text = str(app.screen.query_one("#confirm-question").render())
        assert t("app.ex.left_not_run") in text
        await pilot.press("escape")  # stay
        await wait_until(pilot, lambda: app.screen is scr)
        assert app.places.place == ("exercise", "6.1")
        await run_to_verdict(pilot)
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "GoOnDialog")
        text = str(app.screen.query_one("#confirm-question").render())
        assert "数值正确" in text and "直接调用" not in text  # the check that did not pass only
        after = app.session.next_item(("exercise", "6.1"))
        await pilot.press("n")  # go on anyway
        kind = "exercise" if after.kind == "repair" else after.kind
        await wait_until(pilot, lambda: app.places.place == (kind, after.id))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
async def test_n_outside_the_editor_goes_on_after_a_pass(make_app, fake_runner, size):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        scr = app.screen
        editor = scr.query_one("#editor")
        await run_to_verdict(pilot)
        scr.show_pane("ex-center")  # the one-pane layout shows the editor
        editor.focus()
        await wait_until(pilot, lambda: app.focused is editor)
        before = editor.text
        await pilot.press("n")  # in the editor `n` is a letter
        await wait_until(pilot, lambda: editor.text != before)
        assert app.places.place == ("exercise", "6.1")
        scr.focus_pane("ex-right")
        await wait_until(pilot, lambda: app.focused is not editor)
        await wait_until(pilot, lambda: bar_items(app)[0] == ("n", t("app.key.next")))
        after = app.session.next_item(("exercise", "6.1"))
        await pilot.press("n")
        kind = "exercise" if after.kind == "repair" else after.kind
        await wait_until(pilot, lambda: app.places.place == (kind, after.id))


async def test_each_n_moves_once_from_a_fresh_start(home, monkeypatch, fake_runner):
    # issue 35: on page 0.0 at start one `n` did nothing. A terminal hands two quick presses
    # over at once, and Textual gave the second to the screen the first was leaving: it was
    # lost with it, or moved again from that screen's place (the same next page twice)
    from pathlib import Path

    monkeypatch.setenv("JAXTUTOR_CONTENT", str(Path(__file__).resolve().parents[2]))
    from tutor.app.tutorapp import TutorApp
    from tutor.application.progress import course_items

    app = TutorApp(home=home, target=None, runner=fake_runner, warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        keys = [
            ("exercise" if i.kind == "repair" else i.kind, i.id) for i in course_items(app.course)
        ]
        at = keys.index(("lesson", "0.0"))
        await wait_until(pilot, lambda: app.screen.query("#welcome-start"))
        await pilot.press("n")
        await wait_until(pilot, lambda: getattr(app.screen, "complete", False))
        assert app.places.place == keys[at]
        await pilot.press("n")
        await wait_until(pilot, lambda: app.places.place == keys[at + 1])
        app.open_next(keys[at])  # the second press, handed to the page being left, asks again
        await wait_until(pilot, lambda: app.places.place == keys[at + 2])
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ExerciseScreen")
        scr = app.screen  # the exercise workspace, once built (the app then ends cleanly)
        await wait_until(pilot, lambda: scr.is_mounted and scr.results.tabs_ready)
        assert app.places.place == keys[at + 2]
