"""The app's themes: the editor follows the app's (light in the light theme, dark in the dark one,
also when switched), and NO_COLOR draws everything in legible greys."""

from __future__ import annotations

import pytest
from apphelp import run_to_verdict
from contrast import THEMES, colours_on_screen, illegible_cells, many_statuses, relative_luminance


@pytest.mark.parametrize("theme", THEMES)
async def test_no_color_draws_in_greys_only(make_app, fake_runner, monkeypatch, theme):
    """NO_COLOR is still respected: with it set, nothing on the exercise
    screen after a failed run, nor on the map, has a hue; and the greys stay legible."""
    monkeypatch.setenv("NO_COLOR", "1")
    fake_runner.push(many_statuses())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=(130, 36)) as pilot:
        app.theme = theme
        await run_to_verdict(pilot)
        colours = colours_on_screen(app)
        problems = illegible_cells(app)
        await pilot.press("f2")
        await pilot.pause()
        colours |= colours_on_screen(app)
        problems += illegible_cells(app)
    assert colours and all(r == g == b for r, g, b in colours), sorted(
        c for c in colours if len(set(c)) > 1
    )[:5]
    assert not problems, "\n".join(problems)


async def test_editor_follows_the_app_theme(make_app):
    """The editor is light in the light theme and dark in the dark one, also when the learner
    switches (F9) while the exercise is open; its text stays legible after the switch."""
    from tutor.app.editor import CodeEditor

    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=(130, 36)) as pilot:
        await pilot.pause()
        editor = app.screen.query_one("#editor", CodeEditor)

        def editor_background() -> tuple[int, int, int]:
            return tuple(editor.styles.background.rgb)

        assert app.theme == "textual-dark" and editor.theme == "jaxtutor-dark"
        assert relative_luminance(editor_background()) < 0.1
        await pilot.press("f9")
        await pilot.pause()
        assert app.theme == "textual-light" and editor.theme == "jaxtutor-light"
        assert relative_luminance(editor_background()) > 0.6
        assert not [p for p in illegible_cells(app) if "CodeEditor" in p]
        await pilot.press("f9")
        await pilot.pause()
        assert editor.theme == "jaxtutor-dark" and relative_luminance(editor_background()) < 0.1
