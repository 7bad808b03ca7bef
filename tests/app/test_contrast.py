"""Legibility in both themes: every character the app draws reaches the WCAG contrast ratio of
4.5:1 against the background it is drawn on, in the dark and the light theme.

The test reads the colours the way the terminal receives them: each screen is rendered by
Textual's compositor (theme variables resolved, translucent colours composited, the ANSI colour
names turned into the theme's palette, "dim" blended, reverse swapped) and every visible cell's
foreground is measured against its background with WCAG relative luminance, computed here on its
own (not with the app's tutor/app/legible.py, which it checks). Box-drawing and block characters
(borders, bars, scroll bars) are not text and are skipped, and so is the faded screen behind a
dialog."""

from __future__ import annotations

import io

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
from rich.cells import cell_len
from rich.console import Console
from textual.screen import ModalScreen

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status
from tutor.words.catalog import t

THEMES = ("textual-dark", "textual-light")
MIN_RATIO = 4.5


# ---------------------------------------------------------------- WCAG, computed independently


def relative_luminance(rgb: tuple[int, int, int]) -> float:
    def linear(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: tuple[int, int, int], bg: tuple[int, int, int]) -> float:
    hi, lo = sorted((relative_luminance(fg), relative_luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _is_text(ch: str) -> bool:
    code = ord(ch)
    return not ch.isspace() and not 0x2500 <= code <= 0x259F and ch not in "▕▏▔▁▎▊▌▐"


def illegible_cells(app) -> list[str]:
    """Every run of text on the screen below MIN_RATIO, as 'ratio fg/bg "text" (Widget)'."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    found: dict[tuple, str] = {}
    x = y = 0
    for seg in console._record_buffer:
        if seg.control:
            continue
        for line_no, part in enumerate(seg.text.split("\n")):
            if line_no:
                x, y = 0, y + 1
            text = "".join(ch for ch in part if _is_text(ch))
            if text:
                style = seg.style
                fg = style.color.triplet if style and style.color else None
                bg = style.bgcolor.triplet if style and style.bgcolor else None
                if style and style.reverse:
                    fg, bg = bg, fg
                try:
                    under = app.screen.get_widget_at(x, y)[0]
                except Exception:  # noqa: BLE001 - a cell outside every widget
                    under = None
                widget = type(under).__name__
                if under is app.screen and isinstance(under, ModalScreen):
                    pass  # the faded screen behind a dialog is not meant to be read
                elif fg is None or bg is None:
                    found.setdefault(
                        ("unresolved", widget, str(style)), f'unresolved colour "{text}" ({widget})'
                    )
                else:
                    r = contrast(tuple(fg), tuple(bg))
                    if r < MIN_RATIO:
                        key = (tuple(fg), tuple(bg), widget)
                        found.setdefault(
                            key, f'{r:.2f} {tuple(fg)}/{tuple(bg)} "{text.strip()[:30]}" ({widget})'
                        )
            x += cell_len(part)
    return list(found.values())


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


def _many_statuses() -> RunResult:
    """A failed run with a check of every check status and a failed check of every detail kind
    (the examples of tests/app/test_diffview.py), so that every diff renderer is drawn."""
    from test_diffview import EXAMPLES

    checks = [
        CheckOutcome(id="eager", name="直接调用", status=CheckStatus.PASSED, duration_s=0.01),
        CheckOutcome(id="later", name="之后的检查", status=CheckStatus.SKIPPED, duration_s=0.0),
        CheckOutcome(
            id="crash",
            name="检查本身出错",
            status=CheckStatus.ERROR,
            duration_s=0.03,
            message="检查模块出错",
            detail=D.LearnerError(line=3, traceback="x", origin="check"),
        ),
    ]
    for n, (detail, _words) in enumerate(EXAMPLES.values()):
        checks.append(
            CheckOutcome(
                id=f"kind{n}",
                name=f"{detail.kind} 检查",
                status=CheckStatus.FAILED,
                duration_s=0.02,
                message="计数没有按 1 递增",
                detail=detail,
            )
        )
    return RunResult(
        exercise="6.1",
        status=Status.FAILED,
        duration_s=0.3,
        checks=checks,
        message="有检查没有通过",
    )


async def _exercise_states(app, pilot, fake_runner):
    """Yield the exercise screen idle, after a failed run (check list blurred and focused, every
    check selected) and after an error."""
    from tutor.app.checklist import CheckList
    from tutor.app.editor import EditorStatus

    await pilot.pause()
    yield "exercise idle"
    fake_runner.push(_many_statuses())
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
                checks=_many_statuses().checks[:3],
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


def _colours_on_screen(app) -> set[tuple[int, int, int]]:
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    out = set()
    for seg in console._record_buffer:
        for colour in (seg.style.color, seg.style.bgcolor) if seg.style else ():
            if colour is not None and colour.triplet is not None:
                out.add(tuple(colour.triplet))
    return out


@pytest.mark.parametrize("theme", THEMES)
async def test_no_color_draws_in_greys_only(make_app, fake_runner, monkeypatch, theme):
    """NO_COLOR (https://no-color.org) is still respected: with it set, nothing on the exercise
    screen after a failed run, nor on the map, has a hue; and the greys stay legible."""
    monkeypatch.setenv("NO_COLOR", "1")
    fake_runner.push(_many_statuses())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=(130, 36)) as pilot:
        app.theme = theme
        await run_to_verdict(pilot)
        colours = _colours_on_screen(app)
        problems = illegible_cells(app)
        await pilot.press("f2")
        await pilot.pause()
        colours |= _colours_on_screen(app)
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
