"""Chinese line breaking (tutor/linebreak.py) for the widgets the app draws itself: `wrap_text`
places the breaks in a rich Text, `WrapStatic` is a Static that breaks its text this way."""

from __future__ import annotations

from rich.text import Text
from textual.visual import VisualType
from textual.widgets import Static

from tutor.linebreak import NO_LINE_END, NO_LINE_START, line_starts

__all__ = ["NO_LINE_END", "NO_LINE_START", "WrapStatic", "line_starts", "wrap_text"]


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
