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


def _is_wide(ch: str) -> bool:
    return cell_len(ch) == 2


def _may_break_before(text: str, i: int) -> bool:
    """Whether a line may start at text[i] (i > 0)."""
    prev, ch = text[i - 1], text[i]
    if ch in NO_LINE_START or prev in NO_LINE_END:
        return False
    if prev == " ":
        return True
    return _is_wide(prev) or _is_wide(ch)


def line_starts(text: str, width: int) -> list[int]:
    """Offsets (after the first line) where each wrapped line starts; a "\\n" starts a line too."""
    width = max(1, width)
    starts: list[int] = []
    line_start, used, last_ok = 0, 0, None
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
            line_start, used, last_ok = i + 1, 0, None
            continue
        if i > line_start and _may_break_before(text, i):
            last_ok = i
        w = cell_len(ch)
        if used + w > width and i > line_start and ch != " ":
            cut = last_ok if last_ok is not None and last_ok > line_start else i
            if cut == i and ch in NO_LINE_START and i - 1 > line_start:
                cut = i - 1           # carry the last character along rather than start with 。
            starts.append(cut)
            line_start, last_ok = cut, None
            used = cell_len(text[cut:i])
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

    def update(self, text: str | Text = "") -> None:      # noqa: D401 - Static's signature
        self._text = Text(text) if isinstance(text, str) else text
        self.refresh(layout=True)

    def render(self) -> Text:
        return wrap_text(self._text, self.content_region.width or self.size.width or 80)

    def get_content_height(self, container, viewport, width: int) -> int:
        return wrap_text(self._text, width).plain.count("\n") + 1
