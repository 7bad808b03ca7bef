"""Chinese line breaking (tutor/linebreak.py) for the widgets the app draws itself: `wrap_text`
places the breaks in a rich Text, `WrapStatic` is a Static that breaks its text this way, and
`Wrapped` is a renderable (an option of a list, a part of a group) that does so at the width it is
drawn at, its lines after the first indented under the text."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

from tutor.linebreak import NO_LINE_END, NO_LINE_START, line_starts

__all__ = ["NO_LINE_END", "NO_LINE_START", "WrapStatic", "Wrapped", "line_starts", "wrap_text"]


def wrap_text(text: Text, width: int) -> Text:
    """`text` with its line breaks placed by `line_starts`; styles kept, trailing spaces of each
    line dropped."""
    plain = text.plain
    cuts = [c for c in line_starts(plain, width) if 0 < c < len(plain)]
    lines = text.divide(cuts)
    out = Text(no_wrap=True, overflow="crop", end="")
    for n, line in enumerate(lines):
        line.rstrip()
        if line.plain.endswith("\n"):
            line.right_crop(1)
        if n:
            out.append("\n")
        out.append_text(line)
    return out


def hanging_wrap(text: Text, width: int, indent: int) -> Text:
    """`text` (one paragraph) wrapped at `width`, its lines after the first `indent` cells in and
    wrapped in what is left."""
    plain = text.plain
    cut = next((c for c in line_starts(plain, width) if 0 < c < len(plain)), None)
    if cut is None or indent <= 0 or indent >= width:
        return wrap_text(text, width)
    head, rest = text.divide([cut])
    out = wrap_text(head, width)
    for line in wrap_text(rest, width - indent).split("\n"):
        out.append("\n" + " " * indent)
        out.append_text(line)
    return out


def no_orphan_wrap(text: Text, width: int, indent: int, min_last: int) -> Text:
    """hanging_wrap, narrower (down to two thirds of `width`) while its last line would hold
    fewer than `min_last` characters: a line of one to three characters reads as a stray."""
    first = hanging_wrap(text, width, indent)

    def orphaned(out: Text) -> bool:
        lines = out.plain.split("\n")
        return len(lines) > 1 and len(lines[-1].strip()) < min_last

    if not min_last or not orphaned(first):
        return first
    for narrower in range(width - 1, max(indent + min_last, width * 2 // 3), -1):
        out = hanging_wrap(text, narrower, indent)
        if not orphaned(out):
            return out
    return first  # only a word cut in two would avoid it


class Wrapped:
    """A renderable: `text` broken by `line_starts` at the width it is drawn at, the lines after
    the first `indent` cells in (under the words after a mark such as ✓); with `min_last`, never
    a last line shorter than that when a narrower wrap avoids it (no_orphan_wrap)."""

    def __init__(self, text: Text, indent: int = 0, min_last: int = 0):
        self.text, self.indent, self.min_last = text, indent, min_last

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        out = no_orphan_wrap(self.text, max(1, options.max_width), self.indent, self.min_last)
        out.end = self.text.end  # in a group, each text still ends its line
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        words = self.text.plain.split()
        widest = max((cell_len(line) for line in self.text.plain.split("\n")), default=0)
        narrowest = min(widest, max((cell_len(w) for w in words), default=0))
        return Measurement(narrowest, min(widest, options.max_width))


class WrapStatic(Static):
    """A Static whose text (str or rich Text) wraps by `line_starts` at the widget's width."""

    def __init__(self, text: str | Text = "", **kw):
        super().__init__("", **kw)
        self._text = Text(text) if isinstance(text, str) else text
        self._wrapped: dict[int, Text] = {}  # by width: layout and render both ask

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Static's signature; the text is wrapped here, so it must be text."""
        if not isinstance(content, (str, Text)):
            raise TypeError(f"WrapStatic shows text, not {type(content).__name__}")
        self._text = Text(content) if isinstance(content, str) else content
        self._wrapped.clear()
        self.refresh(layout=layout)

    def _wrap(self, width: int) -> Text:
        if width not in self._wrapped:
            if len(self._wrapped) > 8:
                self._wrapped.clear()
            self._wrapped[width] = wrap_text(self._text, width)
        return self._wrapped[width]

    def render(self) -> Text:
        return self._wrap(self.content_region.width or self.size.width or 80).copy()

    def get_content_height(self, container, viewport, width: int) -> int:
        return self._wrap(width).plain.count("\n") + 1
