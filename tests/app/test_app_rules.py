"""Rules that span screens (Pilot, fixture course): the help lists every screen's keys, Esc goes
back where the learner came from, the map, the progress screen and the CLI count progress alike,
a quiz question's first answer counts, and the tests' fake runner speaks the real one's protocol."""

from __future__ import annotations

from apphelp import SIZE, failed_result, record, wait_until
from screentext import renderable_text, screen_text


def app_screen_classes() -> list[type]:
    """Every full screen class defined in tutor/app, found by importing the package's modules
    (independently of the help's own list)."""
    import importlib
    import inspect
    import pkgutil

    from textual.screen import ModalScreen, Screen

    import tutor.app

    found = []
    for info in pkgutil.iter_modules(tutor.app.__path__):
        if info.name == "charts":  # needs the chart libraries; defines no screen
            continue
        module = importlib.import_module(f"tutor.app.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if (
                cls.__module__ == module.__name__
                and issubclass(cls, Screen)
                and not issubclass(cls, ModalScreen)
            ):
                found.append(cls)
    return found


async def test_help_lists_the_keys_of_every_screen(make_app):
    from tutor.app.helpscreen import key_label
    from tutor.app.keybar import describe
    from tutor.app.tutorapp import TutorApp

    screens = app_screen_classes()
    assert {c.__name__ for c in screens} >= {
        "HomeScreen",
        "LessonScreen",
        "ExerciseScreen",
        "QuizScreen",
        "ProgressScreen",
        "CheatSheetScreen",
    }
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert type(app.screen).__name__ == "HelpScreen"
        text = screen_text(app) + renderable_text(app.screen.query_one("#help-table").content)
        for cls in screens + [TutorApp]:
            for b in cls.BINDINGS:
                if b.action.startswith("choose(") and b.action != "choose(0)":
                    continue  # the letters share one row
                assert key_label(b.key) in text, (cls.__name__, b.key)
                assert describe(b) in text, (cls.__name__, b.description)
        assert "app.key" not in text  # descriptions are translated
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExerciseScreen"


async def test_progress_and_cheat_sheet_go_back_where_they_were_opened(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key, name in (("f3", "ProgressScreen"), ("f4", "CheatSheetScreen")):
            await pilot.press(key)
            await pilot.pause()
            assert type(app.screen).__name__ == name
            await pilot.press("escape")
            await pilot.pause()
            assert type(app.screen).__name__ == "ExerciseScreen", key
        await pilot.press("f3")
        await pilot.press("f4")  # one overlay replaces the other
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "ExerciseScreen"
        await pilot.press("escape")  # an idle exercise goes back to the map
        await pilot.pause()
        assert type(app.screen).__name__ == "HomeScreen"


async def test_map_progress_screen_and_model_count_alike(make_app, home, capsys):
    from tutor.storage.store import Store

    store = Store(home)
    store.mark_read("6.1")
    store.mark_read("9.1")
    record(store, failed_result())
    store.record_quiz_answer("6", "q1", "B", True)
    store.close()
    app = make_app(target=None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        overall = app.session.progress().overall()
        expected = f"{overall.done}/{overall.total} ({overall.percent}%)"
        assert overall.done == 2  # two lessons read; failed and half-done quiz are not done
        assert expected in str(app.screen.query_one("#map-summary").render())
        await pilot.press("f3")
        await pilot.pause()
        assert expected in str(app.screen.query_one("#progress-summary").render())
    # and `jaxtutor list --json` (the CLI, in this process) counts the same
    import json

    from tutor.cli import main

    capsys.readouterr()
    assert main(["list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["done"], doc["total"]) == (overall.done, overall.total)


async def test_quiz_first_answer_counts(make_app):
    app = make_app(target=("quiz", "6"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")  # wrong first
        await pilot.pause()
        await pilot.press("b")  # then right: practice only
        await pilot.pause()
        assert app.session.quiz_score("6") == (0, 1)
        text = screen_text(app)
        # the recorded answer stays on show; the later one is marked as practice
        assert "你的回答:A" in text and "不对,正确答案是 B" in text and "得分 0/3" in text
        assert "你的回答:B" not in text and "回答正确" not in text
        assert "练习作答 B:✓ 对了" in text and "不计分" in text
        await pilot.press("]")
        await pilot.press("]")
        await pilot.press("enter")  # the open question: reveal, then mark once
        await pilot.pause()
        assert "没答对" in screen_text(app).split("\n")[SIZE[1] - 1]
        await pilot.press("y")
        await pilot.pause()
        # marked: y and n are no longer offered (a second mark would change nothing)
        assert "没答对" not in screen_text(app).split("\n")[SIZE[1] - 1]
        await pilot.press("n")
        await pilot.pause()
        assert app.session.quiz_answers("6")["q3"][1] is True and "记为答对" in screen_text(app)


async def test_quiz_options_show_code_without_backticks(home, monkeypatch):
    from tutor import paths
    from tutor.app.tutorapp import TutorApp

    monkeypatch.setenv("JAXTUTOR_CONTENT", str(paths.package_dir().parent))
    app = TutorApp(home=home, target=("quiz", "6"), warm=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.course.quiz("6").questions[0].options
        assert any("`" in o for o in options)  # the real question 1 writes its options as code
        text = screen_text(app)
        assert all(o.strip("`") in text for o in options) and "`" not in text


def test_fake_runner_has_the_runner_protocol():
    """The fake stands in for the real Runner through the session's protocol: same methods,
    same parameters, a coroutine where the protocol has one."""
    import inspect

    from fakerun import FakeRunner

    from tutor.application.runs import RunnerLike
    from tutor.running.runner import Runner

    def params(fn):
        return list(inspect.signature(fn).parameters)

    for proto, real, fake in ((RunnerLike, Runner, FakeRunner),):
        for name in (
            n for n in vars(proto) if not n.startswith("_") and callable(getattr(proto, n))
        ):
            assert params(getattr(real, name)) == params(getattr(proto, name)), (
                real.__name__,
                name,
            )
            assert params(getattr(fake, name)) == params(getattr(proto, name)), (
                fake.__name__,
                name,
            )
            coroutine = inspect.iscoroutinefunction(getattr(proto, name))
            assert inspect.iscoroutinefunction(getattr(real, name)) == coroutine, name
            assert inspect.iscoroutinefunction(getattr(fake, name)) == coroutine, name


async def test_the_cheat_sheet_moves_between_chapters_in_the_maps_order(make_app):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "CheatSheetScreen")
        sheet, chapters = app.screen, [c.id for c in app.course.chapters]
        start = sheet.chapter_id
        await pilot.press("]")
        await wait_until(pilot, lambda: sheet.chapter_id != start)
        assert sheet.chapter_id == app.session.chapter_beside(start, 1)
        assert app.course.chapter_by_id[sheet.chapter_id].title in sheet.title
        await pilot.press("[")
        await wait_until(pilot, lambda: sheet.chapter_id == start)
        seen = []
        for _ in chapters:  # around the whole course, one chapter at a time
            expected = app.session.chapter_beside(sheet.chapter_id, -1)
            await pilot.press("[")
            await wait_until(pilot, lambda: sheet.chapter_id == expected)  # noqa: B023
            seen.append(sheet.chapter_id)
        assert sorted(seen) == sorted(chapters) and seen[-1] == start
