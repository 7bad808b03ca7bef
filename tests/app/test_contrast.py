"""Legibility in both themes: every character the app draws reaches the WCAG contrast ratio of
4.5:1 against the background it is drawn on, in the dark and the light theme, on every screen
and in every state a run leaves it in. The measure (tests/app/contrast.py) reads the colours the
way the terminal receives them, and is shown to catch an illegible pair first."""

from __future__ import annotations

import pytest
from apphelp import (
    error_result,
    failed_result,
    passed_result,
    record,
    run_to_verdict,
    settle,
    wait_until,
)
from contrast import THEMES, contrast, illegible_cells, many_statuses

from tutor.protocol.result import RunResult, Status
from tutor.words.catalog import t

# ---------------------------------------------------------------- the measure itself can fail


def test_contrast_matches_known_ratios():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    # the pairs the issue measured: a selected failing check's duration (red on the blue cursor),
    # "尚未作答" in bold yellow on light grey, the tolerance line in yellow on light grey
    assert contrast((168, 40, 72), (1, 120, 212)) < 1.6
    assert contrast((203, 144, 0), (216, 216, 216)) < 2.2
    assert contrast((203, 144, 0), (224, 224, 224)) < 2.2


async def test_the_scan_reports_an_illegible_style(make_app):
    """A style known to be illegible (yellow on a pale yellow) is caught on the screen."""
    from textual.widgets import Static

    app = make_app(target=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        await app.screen.mount(Static("尚未作答", id="bad-pair"))
        app.screen.query_one("#bad-pair").styles.color = "#CB9000"
        app.screen.query_one("#bad-pair").styles.background = "#E0E0E0"
        await pilot.pause()
        bad = illegible_cells(app)
        assert any("尚未作答" in line for line in bad), bad


# ---------------------------------------------------------------- every screen, both themes


async def _exercise_states(app, pilot, fake_runner):
    """Yield the exercise screen idle, after a failed run (check list blurred and focused, every
    check selected) and after an error."""
    from tutor.app.checklist import CheckList
    from tutor.app.editor import EditorStatus

    await pilot.pause()
    yield "exercise idle"
    fake_runner.push(many_statuses())
    await run_to_verdict(pilot)
    yield "exercise failed"
    checks = app.screen.query_one(CheckList)
    checks.focus()
    for index in range(len(checks.options)):
        checks.highlighted = index
        await pilot.pause()
        yield f"exercise failed, check {index} selected, list focused"
    app.screen.query_one("#editor").focus()
    await pilot.pause()
    yield f"exercise failed, check {index} selected, list not focused"
    fake_runner.push(error_result())
    await pilot.press("ctrl+r")
    await wait_until(pilot, lambda: app.screen.last_result.status == Status.ERROR)
    await pilot.pause()
    yield "exercise error"
    verdict = app.screen.results.verdict
    for status in Status:  # the verdict line of every run status, and the other notices
        verdict.show_result(
            RunResult(
                exercise="6.1",
                status=status,
                duration_s=0.1,
                message="说明",
                checks=many_statuses().checks[:3],
            ),
            record_error="磁盘已满",
        )
        await pilot.pause()
        yield f"verdict {status.value}"
    verdict.show_result(passed_result(), reference=True)
    await pilot.pause()
    yield "verdict reference"
    for name, show in (
        ("idle", verdict.show_idle),
        ("running", lambda: verdict.show_running(t("app.ex.running", secs=2.0, limit=20))),
        ("cancelling", verdict.show_cancelling),
    ):
        show()
        await pilot.pause()
        yield f"verdict {name}"
    verdict.show_refused("草稿没能保存")
    await pilot.pause()
    yield "verdict refused"
    await pilot.press("ctrl+t")  # a hint: the hints tab
    await pilot.pause()
    yield "hints"
    for tab in ("tab-history", "tab-context"):
        app.screen.query_one("#ex-left").active = tab
        await pilot.pause()
        yield tab
    assert app.screen.query_one("#history").row_count >= 2  # the states above were real
    app.screen.query_one("#ex-results").active = "tab-output"
    await pilot.pause()
    yield "output"
    for style in ("dim", "bold red", "bold yellow", "bold cyan", ""):
        app.screen.query_one(EditorStatus).show(f"状态行 {style}", style)
        await pilot.pause()
        yield f"status line {style!r}"


@pytest.mark.parametrize("theme", THEMES)
async def test_exercise_screen_is_legible(make_app, fake_runner, theme):
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    problems = []
    async with app.run_test(size=(130, 36)) as pilot:
        app.theme = theme
        async for state in _exercise_states(app, pilot, fake_runner):
            problems += [f"{state}: {p}" for p in illegible_cells(app)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("theme", THEMES)
async def test_other_screens_are_legible(make_app, home, theme):
    from tutor.storage.store import Store

    store = Store(home)
    store.mark_read("6.1")
    record(store, failed_result())
    store.record_quiz_answer("6", "q1", "A", False)
    store.close()
    app = make_app(target=None)
    problems = []
    async with app.run_test(size=(120, 36)) as pilot:
        app.theme = theme
        await pilot.pause()
        for label, keys in (
            ("map", ["f2"]),
            ("progress", ["f3"]),
            ("cheat sheet", ["escape", "f4"]),
            ("help", ["escape", "f1"]),
        ):
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            problems += [f"{label}: {p}" for p in illegible_cells(app)]
        await pilot.press("escape")
        for label, target in (("lesson", ("lesson", "6.1")), ("quiz", ("quiz", "6"))):
            app.open_item(*target)
            await settle(pilot)
            problems += [f"{label}: {p}" for p in illegible_cells(app)]
        for label, keys in (
            ("quiz answered wrong", ["a"]),
            ("quiz answered right", ["]", "b"]),
            ("search", ["/", "j", "i", "t"]),
        ):
            await pilot.press(*keys)
            await settle(pilot)
            problems += [f"{label}: {p}" for p in illegible_cells(app)]
        await pilot.press("escape")
        from tutor.app.playground_screen import open_playground

        open_playground(app, "6")
        await settle(pilot)
        problems += [f"playground: {p}" for p in illegible_cells(app)]
    assert not problems, "\n".join(problems)


async def test_the_issue_pairs_were_illegible_before(make_app):
    """The scan catches the issue's examples drawn the way the app drew them before: a status as
    a style text ("bold yellow", read by Textual as #FFFF00) on the light theme, and a check's
    time dimmed from its status colour under the selection bar."""
    from rich.text import Text
    from textual.widgets import Static

    app = make_app(target=None)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = "textual-light"
        await pilot.press("f2")
        await pilot.pause()
        old_label = Text("✗ ", style="bold red")
        old_label.append("数值正确")
        old_label.append("  0.02 秒", style="dim")
        await app.screen.mount(
            Static(Text("尚未作答", style="bold yellow")), Static(old_label, id="old-check")
        )
        app.screen.query_one("#old-check").styles.background = app.current_theme.primary
        await pilot.pause()
        bad = illegible_cells(app)
    assert any("尚未作答" in line and float(line.split()[0]) < 1.5 for line in bad), bad
    assert any("0.02" in line for line in bad), bad


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
async def test_search_and_quiz_notices_are_legible(make_app, theme):
    app = make_app(target=None)
    problems = []
    async with app.run_test(size=(120, 36)) as pilot:
        app.theme = theme
        await pilot.press("f2")
        await pilot.press("/", "z", "q", "x", "w")  # no hit
        await settle(pilot)
        problems += [f"search, nothing found: {p}" for p in illegible_cells(app)]
        await pilot.press("escape")
        app.open_item("quiz", "6")
        await settle(pilot)
        await pilot.press("]", "]", "r")  # the open question, its model answer shown
        await settle(pilot)
        problems += [f"quiz, marking oneself: {p}" for p in illegible_cells(app)]
    assert not problems, "\n".join(problems)
