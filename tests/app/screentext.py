"""Plain-text dump of what an app shows (for assertions and debugging)."""

from __future__ import annotations

import io

from rich.console import Console


def drawn_screen(app) -> Console:
    """The screen as the terminal receives it (dialogs over the screens behind), recorded."""
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
    return console


def screen_text(app) -> str:
    return drawn_screen(app).export_text()


def renderable_text(renderable, width: int = 200) -> str:
    """The plain text of a Rich renderable (a widget's `content`), drawn at `width` columns with no
    height limit: all of it, also what a screen would need scrolling to show."""
    console = Console(width=width, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(renderable)
    return console.export_text()
