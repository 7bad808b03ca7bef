"""Markdown that wraps like Chinese: every prose view (lesson pages, statements, hints,
explanations, quiz, cheat sheet) is a `ProseMarkdown`. Its paragraphs, headings and table cells
hold a `ProseContent`, which Textual lays out and draws like any Content but whose lines break
where `tutor.linebreak.line_starts` says (between Chinese characters, at spaces, never inside a
Latin word or inline code that fits, never before a closing mark), at whatever width the block
has, so a resize re-wraps. Code blocks are a `SoftCode`: long lines continue on the next row
after a ↪ mark instead of running off the pane."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.content import Content, _FormattedLine
from textual.style import Style
from textual.widgets import Label, Markdown
from textual.widgets._markdown import (
    MarkdownFence,
    MarkdownH1,
    MarkdownH2,
    MarkdownH3,
    MarkdownH4,
    MarkdownH5,
    MarkdownH6,
    MarkdownParagraph,
    MarkdownTD,
    MarkdownTH,
)

from tutor.course.markdown import parser
from tutor.linebreak import line_starts

INLINE_CODE = ".code_inline"  # the style Textual's Markdown gives inline code
CONTINUATION = "↪ "
_CACHE_WIDTHS = 4  # layout and drawing ask for the same width or two; a resize adds one


class _Rewrapped(Content):
    """Content whose wrapped lines come from `_breaks(width)`: per source line ("\\n"), the
    offsets inside it where a new row starts. The rest mirrors Textual's own wrapping (styles,
    selection, alignment, padding), which asks `_wrap_and_format` and `get_height`."""

    def __init__(self, content: Content) -> None:
        super().__init__(content.plain, list(content.spans), None, strip_control_codes=False)
        self._break_cache: dict[int, list[list[int]]] = {}

    def _compute_breaks(self, width: int) -> list[list[int]]:
        raise NotImplementedError

    def _breaks(self, width: int) -> list[list[int]]:
        width = max(1, width)
        if width not in self._break_cache:
            if len(self._break_cache) >= _CACHE_WIDTHS:
                self._break_cache.clear()
            self._break_cache[width] = self._compute_breaks(width)
        return self._break_cache[width]

    def _row(self, piece: Content, continued: bool) -> Content:
        return piece

    def get_height(self, rules: Any, width: int) -> int:
        if rules.get("text_wrap", "wrap") == "nowrap":
            return super().get_height(rules, width)
        width -= rules.get("line_pad", 0) * 2
        return sum(len(offsets) + 1 for offsets in self._breaks(width))

    def _wrap_and_format(
        self,
        width: int,
        align: Any = "left",
        overflow: Any = "fold",
        no_wrap: bool = False,
        line_pad: int = 0,
        tab_size: int = 8,
        selection: Any = None,
        selection_style: Style | None = None,
        post_style: Style | None = None,
        get_style: Callable[..., Style] = Style.parse,  # Textual's own default and type disagree
    ) -> list[_FormattedLine]:
        if no_wrap:
            return super()._wrap_and_format(
                width,
                align,
                overflow,
                no_wrap,
                line_pad,
                tab_size,
                selection,
                selection_style,
                post_style,
                get_style,
            )
        breaks = self._breaks(width - line_pad * 2)
        out: list[_FormattedLine] = []
        for y, (line, offsets) in enumerate(zip(self.split(allow_blank=True), breaks, strict=True)):
            if post_style is not None:
                line = line.stylize(post_style)
            if selection is not None and selection_style is not None:
                span = selection.get_span(y)
                if span is not None:
                    start, end = span
                    line = line.stylize(
                        selection_style, start, len(line.plain) if end == -1 else end
                    )
            pieces = line.divide(offsets)
            for n, (piece, x) in enumerate(zip(pieces, [0, *offsets], strict=True)):
                last = n == len(pieces) - 1
                piece = self._row(piece if last else piece.rstrip(), n > 0).truncate(width)
                row = piece.rstrip_end(width).pad(line_pad, line_pad)
                out.append(_FormattedLine(get_style, row, width, x, y, align=align))
            out[-1].line_end = True
        return out


class ProseContent(_Rewrapped):
    """Prose: rows break by `line_starts`; inline code stays whole where it fits."""

    def __init__(self, content: Content) -> None:
        super().__init__(content)
        self._glued = [(s.start, s.end) for s in content.spans if s.style == INLINE_CODE]

    def _compute_breaks(self, width: int) -> list[list[int]]:
        starts = line_starts(self.plain, width, self._glued)
        out: list[list[int]] = []
        base = 0
        for line in self.plain.split("\n"):
            end = base + len(line)
            out.append([s - base for s in starts if base < s < end])
            base = end + 1
        return out


class SoftCode(_Rewrapped):
    """Code: a line longer than the row continues on the next rows, each after a ↪ mark; a row
    ends after a space or punctuation in its last third when there is one, else at the width."""

    def _compute_breaks(self, width: int) -> list[list[int]]:
        return [code_breaks(line, width) for line in self.plain.split("\n")]

    def _row(self, piece: Content, continued: bool) -> Content:
        if not continued:
            return piece
        return Content.assemble((CONTINUATION, "dim"), piece)


def code_breaks(line: str, width: int) -> list[int]:
    """Offsets where the rows of a code line start: the first row holds `width` cells, the next
    ones `width` less the continuation mark."""
    mark = cell_len(CONTINUATION)
    out: list[int] = []
    start, room = 0, max(1, width)
    while cell_len(line[start:]) > room:
        used, cut = 0, start
        while cut < len(line) and used + cell_len(line[cut]) <= room:
            used += cell_len(line[cut])
            cut += 1
        cut = max(cut, start + 1)
        soft = max(
            (i + 1 for i in range(start + (cut - start) * 2 // 3, cut) if line[i] in " ,;)]}"),
            default=None,
        )
        if soft is not None and soft < len(line):
            cut = soft
        out.append(cut)
        start, room = cut, max(1, width - mark)
    return out


def prose(content: Content | str) -> Content:
    if isinstance(content, str):
        content = Content(content)  # plain text, not markup
    return content if isinstance(content, ProseContent) else ProseContent(content)


class _ProseBlock:
    """Mixed in before a Markdown block class. Not a widget class itself: Textual styles a widget
    by its first widget base, which must stay the Markdown block (its margins, colours)."""

    def set_content(self, content: Content) -> None:
        super().set_content(prose(content))  # type: ignore[misc]


class ProseParagraph(_ProseBlock, MarkdownParagraph):
    pass


class ProseH1(_ProseBlock, MarkdownH1):
    pass


class ProseH2(_ProseBlock, MarkdownH2):
    pass


class ProseH3(_ProseBlock, MarkdownH3):
    pass


class ProseH4(_ProseBlock, MarkdownH4):
    pass


class ProseH5(_ProseBlock, MarkdownH5):
    pass


class ProseH6(_ProseBlock, MarkdownH6):
    pass


class ProseTH(_ProseBlock, MarkdownTH):
    pass


class ProseTD(_ProseBlock, MarkdownTD):
    pass


class ProseFence(MarkdownFence):
    """A code block that soft-wraps (↪) instead of scrolling out of sight."""

    DEFAULT_CSS = """
    ProseFence { overflow: hidden hidden; }
    ProseFence > Label { width: 1fr; }
    """

    def set_content(self, content: Content) -> None:
        super().set_content(SoftCode(content))

    def compose(self) -> ComposeResult:
        yield Label(SoftCode(self._highlighted_code), id="code-content", expand=True)


class ProseMarkdown(Markdown):
    """Markdown read in the course's own dialect (tutor/course/markdown.py)."""

    BLOCKS = {
        **Markdown.BLOCKS,
        "h1": ProseH1,
        "h2": ProseH2,
        "h3": ProseH3,
        "h4": ProseH4,
        "h5": ProseH5,
        "h6": ProseH6,
        "paragraph_open": ProseParagraph,
        "th_open": ProseTH,
        "td_open": ProseTD,
        "fence": ProseFence,
        "code_block": ProseFence,
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("parser_factory", parser)
        super().__init__(*args, **kwargs)
