"""What an app shows, read the way the terminal receives it: the one module of the tests that
reads Textual's private state. Textual hands out the composed screen only as an SVG picture and
keeps its list of notices to itself; everything else in the tests goes through public members
(tests/test_gate_rules.py holds them to that)."""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich.console import Console
from rich.segment import Segment


def drawn_update(app):
    """The full redraw the app would write now: the screen with the dialogs over the screens
    behind, as Textual's compositor builds it (what App.export_screenshot draws as SVG)."""
    return app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)


def _console(app) -> Console:
    width, height = app.size
    return Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )


def drawn_segments(app) -> Iterable[Segment]:
    """The drawn screen as styled segments, in the order the terminal receives them."""
    console = _console(app)
    return list(console.render(drawn_update(app), console.options))


def screen_text(app) -> str:
    console = _console(app)
    console.print(drawn_update(app))
    return console.export_text()


def notices(app) -> list:
    """The notices (toasts) the app has on display now."""
    return list(app._notifications)


def renderable_text(renderable, width: int = 200) -> str:
    """The plain text of a Rich renderable (a widget's `content`), drawn at `width` columns with no
    height limit: all of it, also what a screen would need scrolling to show."""
    console = Console(width=width, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(renderable)
    return console.export_text()
