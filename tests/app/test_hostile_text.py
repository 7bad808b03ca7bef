"""Learner text never acts on the terminal: a run whose every string (check names, messages,
every field of every detail kind, the error, the output) carries terminal escapes (OSC 0 title,
OSC 52 clipboard, the alternate screen, clear screen, C1 controls) is drawn with those escapes
shown as visible text, and no control character reaches what the app writes to the terminal;
nor from a draft in the editor."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from types import SimpleNamespace

from apphelp import SIZE, run_to_verdict, wait_until
from screentext import drawn_update
from test_diffview import EXAMPLES

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status

HOSTILE = "x\x1b]0;pwned\x07\x1b]52;c;cGF5bG9hZA==\x07\x1b[?1049h\x1b[2J\x9b31m\x9d0;t\x9c\x85y"
RAW = ("\x1b]", "\x1b[?1049h", "\x1b[2J", "\x9b", "\x9d", "\x07", "\x9c", "\x85")


def hostile(value):
    """`value` with every string in it (dataclass fields, list items, dict keys and values)
    replaced by HOSTILE."""
    if isinstance(value, str):
        return HOSTILE
    if isinstance(value, list):
        return [hostile(v) for v in value]
    if isinstance(value, dict):
        return {hostile(k) + str(i): hostile(v) for i, (k, v) in enumerate(value.items())}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(
            value, **{f.name: hostile(getattr(value, f.name)) for f in dataclasses.fields(value)}
        )
    return value


def hostile_result() -> RunResult:
    checks = [
        CheckOutcome(
            id=f"k{i}",
            name=HOSTILE,
            status=CheckStatus.FAILED,
            message=HOSTILE,
            detail=hostile(dataclasses.replace(EXAMPLES[kind][0], what="v", diagnosis="d")),
        )
        for i, kind in enumerate(D.ALL_KINDS)
    ]
    error = ErrorInfo(type=HOSTILE, message=HOSTILE, line=2, traceback=HOSTILE, hint=HOSTILE)
    return RunResult(
        exercise="6.1",
        status=Status.FAILED,
        checks=checks,
        error=error,
        message=HOSTILE,
        stdout=HOSTILE,
        stderr=HOSTILE,
    )


def terminal_text(app) -> tuple[str, list[str]]:
    """What the app would write for a full redraw of its screen, and the text of every cell
    segment drawn (before the last guard in Strip.render)."""
    update = drawn_update(app)
    texts = [seg.text for line in update.strips for strip in line for seg in strip]
    return update.render_segments(app.console), texts


def assert_nothing_raw(app, where: str) -> None:
    """Nothing raw in what is written; the escapes shown as visible text where they were."""
    written, texts = terminal_text(app)
    for seq in RAW:
        assert seq not in written, (where, seq)
    drawn = "".join(texts)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in drawn), (where, drawn[:200])
    assert "\\x1b]0;pwned" in drawn, where


async def test_every_detail_kind_with_escapes_in_every_field_is_shown_not_acted_on(
    make_app, fake_runner
):
    result = hostile_result()
    fake_runner.push(result)
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        await run_to_verdict(pilot)
        scr = app.screen
        scr.show_pane("ex-right")
        await pilot.pause()
        assert_nothing_raw(app, "verdict")
        diff = scr.query_one("#diff")
        for check in result.checks:
            diff.show(check)
            await pilot.pause()
            assert_nothing_raw(app, check.detail.kind)
        diff.show_error(result.error)
        await pilot.pause()
        assert_nothing_raw(app, "error")


async def test_escapes_in_a_draft_never_reach_the_terminal(make_app, home):
    draft = home / "work" / "6.1.py"
    draft.parent.mkdir(parents=True)
    draft.write_text(f"s = '{HOSTILE}'\n", encoding="utf-8")
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        await pilot.pause()
        written, _ = terminal_text(app)
        assert "pwned" in written  # the line is drawn …
        for seq in RAW:
            assert seq not in written, seq  # … without its escapes acting


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_cli_verdict_with_escapes_in_every_field_writes_none_raw(monkeypatch):
    from tutor.application.session import Verdict
    from tutor.cli.render import Out, render_verdict

    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = _Terminal()
    exercise = SimpleNamespace(id="6.1", explanation=HOSTILE)
    render_verdict(Out(stream), Verdict(result=hostile_result(), file=Path("6.1.py")), exercise)
    written = stream.getvalue()
    for seq in RAW:
        assert seq not in written, seq
    assert "\\x1b]0;pwned" in written


def test_cli_messages_naming_a_hostile_file_or_id_write_none_raw(content, home, capsys):
    from tutor.cli import main

    code = main(["check", "6.1", f"/nonexistent/{HOSTILE}.py"])
    assert code != 0
    code = main(["check", HOSTILE])
    assert code == 2
    err = capsys.readouterr().err
    for seq in RAW:
        assert seq not in err, seq
    assert "\\x1b]0;pwned" in err
