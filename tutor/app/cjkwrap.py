"""Line breaking for Chinese text mixed with Latin words, measured in terminal cells: a line may
break between any two Chinese characters or at a space, never inside a Latin word (unless the
word is longer than the line), never before a closing mark (。,、)」 …) and never after an
opening one (( 「 “ …). `WrapStatic` is a Static that breaks its text this way."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

NO_LINE_START = set("。,、;:?!)」』】》〉”’…%.,;:!?)]}·—")
NO_LINE_END = set("(「『【《〈“‘([{")


def line_starts(text: str, width: int) -> list[int]:
    """Offsets (after the first line) where each wrapped line starts; a "\\n" starts a line too."""
    width = max(1, width)
    cells = [cell_len(ch) for ch in text]  # once per character: the loop below is hot
    starts: list[int] = []
    line_start, used, last_ok = 0, 0, None
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
            line_start, used, last_ok = i + 1, 0, None
            continue
        if i > line_start:
            prev = text[i - 1]
            # a line may start here: not before a closing mark nor after an opening one; at a
            # space or next to a wide (CJK) character
            if (
                ch not in NO_LINE_START
                and prev not in NO_LINE_END
                and (prev == " " or cells[i - 1] == 2 or cells[i] == 2)
            ):
                last_ok = i
        w = cells[i]
        if used + w > width and i > line_start and ch != " ":
            cut = last_ok if last_ok is not None and last_ok > line_start else i
            if cut == i and ch in NO_LINE_START and i - 1 > line_start:
                cut = i - 1  # carry the last character along rather than start with 。
            starts.append(cut)
            line_start, last_ok = cut, None
            used = sum(cells[cut:i])
        used += w
    return starts


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

    def update(self, text: str | Text = "") -> None:  # noqa: D401 - Static's signature
        self._text = Text(text) if isinstance(text, str) else text
        self._wrapped.clear()
        self.refresh(layout=True)

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
