"""Every string from the learner, from JAX or from a value is shown as written, in the app and
in the CLI: `[nan nan]`, `x[idx]` and `[bold]red[/bold]` are text, not markup Rich or Textual
would swallow, and an escape sequence is shown as `\\xNN` (terminal_text.sanitize), never acting.
Each probe goes through every failure-detail kind of tutor/protocol/details.py, the check's name
and message, the run's message and error, and the output; the app's drawn screen
(tests/app/screentext.py) and the CLI's terminal output must show it literally, and no markup
parser may ever be handed it (`markup_tripwire`)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from apphelp import run_to_verdict, wait_until
from screentext import screen_text
from test_diffview import EXAMPLES

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status
from tutor.terminal_text import sanitize

PROBES = ("[nan nan]", "x[idx]", "[bold]red[/bold]", "\x1b[31m")
WIDE = (200, 60)  # no probe is cut by a line break
# what JAX says (exercise 6.2-fix1) and what a NaN gradient looks like (7.2), as they arrive
JAX_ADVICE = "Instead of x[idx] = y, use x = x.at[idx].set(y) or another .at[] method"
NAN_GRADS = {"grad_a": ["nan", "nan"], "grad_b": ["nan", "nan"]}


def with_probe(value, probe: str):
    """`value` with every string in it (dataclass fields, list items, dict keys and values)
    replaced by `probe`; dict keys numbered to stay apart."""
    if isinstance(value, str):
        return probe
    if isinstance(value, list):
        return [with_probe(v, probe) for v in value]
    if isinstance(value, dict):
        return {f"{probe}{i}": with_probe(v, probe) for i, v in enumerate(value.values())}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(
            value,
            **{
                f.name: with_probe(getattr(value, f.name), probe) for f in dataclasses.fields(value)
            },
        )
    return value


def spread(picture, probe: str):
    """A value picture with each of its numbers replaced by `probe`."""
    if isinstance(picture, list):
        return [spread(x, probe) for x in picture]
    return probe if isinstance(picture, (int, float)) else picture


def kind_check(kind: type[D.Detail], probe: str) -> CheckOutcome:
    """A failed check of `kind` whose every string value is `probe`; its name, message and the
    detail's `what` are neutral, so what shows the probe is the detail's values."""
    detail = dataclasses.replace(with_probe(EXAMPLES[kind][0], probe), what="", diagnosis=None)
    if isinstance(detail, D.Comparison):  # the probe as the array's elements too
        detail.actual = spread(detail.actual, probe)
        if detail.actual_dtype:  # differing dtypes are shown by every front end
            detail.actual_dtype = f"{probe}!"
    return CheckOutcome(
        id=kind.kind,
        name=f"kind {kind.kind}",
        status=CheckStatus.FAILED,
        message="m",
        detail=detail,
    )


def kinds_result(probe: str) -> RunResult:
    """Every detail kind with `probe` in its values; nothing else of the run holds it."""
    checks = [kind_check(kind, probe) for kind in D.ALL_KINDS]
    return RunResult(exercise="6.1", status=Status.FAILED, checks=checks)


def probe_result(probe: str) -> RunResult:
    """`probe` in a check's name and message, the run's message, error and output; and a check
    that shows what JAX said (6.2-fix1) and NaN gradients (7.2)."""
    checks = [
        CheckOutcome(id="words", name=f"name {probe}", status=CheckStatus.FAILED, message=probe)
    ]
    checks.append(
        CheckOutcome(
            id="jax",
            name="jax",
            status=CheckStatus.FAILED,
            message="m",
            detail=D.Condition(values={"error": f"TypeError: {JAX_ADVICE}", **NAN_GRADS}),
        )
    )
    return RunResult(
        exercise="6.1",
        status=Status.ERROR,
        checks=checks,
        error=ErrorInfo(type="ValueError", message=probe, line=2, traceback=probe, hint=probe),
        message=probe,
        stdout=f"out {probe}",
        stderr=f"err {probe}",
    )


@pytest.fixture
def markup_tripwire(monkeypatch):
    """Records every text handed to a markup parser (rich's and Textual's) that holds a probe;
    the test asserts none was (a view that passes learner text as markup fails here even where
    the markup happens to render)."""
    import rich.console
    import rich.markup
    import textual.markup

    seen: list[str] = []
    marks = [*PROBES, *map(sanitize, PROBES), "x.at[idx]"]

    def watch(parse):
        def parse_watched(text, *args, **kw):
            if isinstance(text, str) and any(m in text for m in marks):
                seen.append(text)
            return parse(text, *args, **kw)

        return parse_watched

    monkeypatch.setattr(rich.markup, "render", watch(rich.markup.render))
    monkeypatch.setattr(rich.console, "render_markup", watch(rich.console.render_markup))
    monkeypatch.setattr(textual.markup, "to_content", watch(textual.markup.to_content))
    return seen


@pytest.mark.parametrize("probe", PROBES, ids=["nan", "idx", "bold", "escape"])
async def test_the_app_shows_bracketed_and_escaped_text_literally_in_every_view(
    make_app, fake_runner, markup_tripwire, probe
):
    shown = sanitize(probe)
    result, kinds = probe_result(probe), kinds_result(probe)
    fake_runner.push(result)
    fake_runner.push(kinds)
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=WIDE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        await run_to_verdict(pilot)
        scr = app.screen
        scr.show_pane("ex-right")
        await pilot.pause()
        drawn = screen_text(app)
        assert drawn.count(shown) >= 3, drawn  # the verdict: the run's message, error and hint
        assert f"name {shown}" in drawn  # the check list
        assert drawn.count(shown) >= 5  # the first check's name and message in the diff
        diff = scr.query_one("#diff")
        diff.show(result.checks[-1])  # what JAX said, NaN values
        await pilot.pause()
        drawn = screen_text(app)
        assert "x.at[idx].set(y)" in drawn and "x[idx] = y" in drawn, drawn
        assert "[nan, nan]" in drawn, drawn
        diff.show_error(result.error)
        await pilot.pause()
        assert screen_text(app).count(shown) >= 5  # the error's traceback too
        scr.query_one("#ex-results").active = "tab-output"
        await wait_until(pilot, lambda: f"out {shown}" in screen_text(app))
        assert "\x1b" not in screen_text(app)
        # every kind alone: only its values hold the probe now
        scr.query_one("#ex-results").active = "tab-results"
        await run_to_verdict(pilot)
        await wait_until(pilot, lambda: "kind allclose" in screen_text(app))
        for check in kinds.checks:
            diff.show(check)
            await pilot.pause()
            assert shown in screen_text(app), check.id
    assert markup_tripwire == []


class _Terminal:
    """A terminal's output stream (styled by rich, sanitised)."""

    def __init__(self):
        import io

        self.buffer = io.StringIO()

    def write(self, s):
        return self.buffer.write(s)

    def flush(self):
        pass

    def isatty(self):
        return True


SGR = re.compile(r"\x1b\[[0-9;]*m")  # rich's own colours, not the learner's escape


def cli_text(result: RunResult) -> tuple[str, str]:
    """What `render_verdict` writes to a terminal for `result`, without rich's own colours, and
    as written."""
    from tutor.application.session import Verdict
    from tutor.cli.render import Out, render_verdict

    stream = _Terminal()
    exercise = SimpleNamespace(id="6.1", explanation="")
    render_verdict(Out(stream), Verdict(result=result, file=Path("6.1.py")), exercise)
    written = stream.buffer.getvalue()
    return SGR.sub("", written), written


@pytest.mark.parametrize("color", [True, False], ids=["styled", "no_color"])
def test_the_cli_shows_bracketed_and_escaped_text_literally(monkeypatch, markup_tripwire, color):
    if color:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", "1")
    for probe in PROBES:
        text, written = cli_text(kinds_result(probe))
        shown = sanitize(probe)
        for check in kinds_result(probe).checks:
            # the lines of each kind, between its name and the next check's
            block = text.split(check.name, 1)[1].split("(0.00s)", 2)[1]
            assert shown in block, (check.id, block)
        text, more = cli_text(probe_result(probe))
        assert f"name {shown}" in text and "x.at[idx].set(y)" in text and "[nan, nan]" in text
        assert f"out {shown}" in text and f"err {shown}" in text
        assert text.count(shown) >= 6  # name, message, the run's message, error, hint, traceback
        if not color:
            assert "\x1b" not in written + more  # nothing raw (rich's own styles: none either)
    assert markup_tripwire == []
