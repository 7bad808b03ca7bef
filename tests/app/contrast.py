"""The legibility measure of the app tests: WCAG relative luminance and contrast, computed here
on their own (not with the app's tutor/app/legible.py, which they check), and the screen read the
way the terminal receives it (Textual's compositor: theme variables resolved, translucent colours
composited, ANSI names turned into the theme's palette, "dim" blended, reverse swapped). Box
drawing and block characters are not text; the faded screen behind a dialog is not read."""

from __future__ import annotations

from rich.cells import cell_len
from screentext import drawn_segments
from textual.screen import ModalScreen

from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

THEMES = ("textual-dark", "textual-light")
MIN_RATIO = 4.5


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
    found: dict[tuple, str] = {}
    x = y = 0
    for seg in drawn_segments(app):
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


def colours_on_screen(app) -> set[tuple[int, int, int]]:
    out = set()
    for seg in drawn_segments(app):
        for colour in (seg.style.color, seg.style.bgcolor) if seg.style else ():
            if colour is not None and colour.triplet is not None:
                out.add(tuple(colour.triplet))
    return out


def many_statuses() -> RunResult:
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
