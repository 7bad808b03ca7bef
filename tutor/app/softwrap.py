"""Soft wrap for the code editors: a line longer than the pane continues on the next rows, each
continuation row marked ↪ in the gutter, so that no code is cut off silently. It is on by default
when the pane is narrower than the longest line (decided again when the pane's width changes,
until the learner chooses with the toggle key); typing a line past the edge turns it on too.
Rows break where Chinese text may break (tutor/linebreak.py): between Chinese characters, at
spaces, never before a closing mark, Latin words kept whole where they fit."""

from __future__ import annotations

from rich.cells import cell_len
from rich.control import strip_control_codes
from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import TextArea

from tutor.app.coderows import code_row_starts
from tutor.words.catalog import t

CONTINUATION = "↪"
MANY_ROWS = 8  # a line of this many rows is drawn row by row (OneRowView)


def _wrap_code_by_line_starts() -> None:
    """Textual wraps a TextArea's lines at spaces only: a Chinese comment is one word, folded
    at the edge by character (a lone full stop on a row) or moved whole after the last space (a
    short row left behind). The app's only TextAreas are its code editors: their rows break by
    `code_row_starts` instead; a line with a tab keeps Textual's wrapping, which measures tab
    stops."""
    import textual.document._wrapped_document as wrapped

    if getattr(wrapped.compute_wrap_offsets, "by_line_starts", False):
        return
    textual_offsets = wrapped.compute_wrap_offsets

    def compute_wrap_offsets(text, width, tab_size, fold=True, precomputed_tab_sections=None):
        if "\t" in text or not fold:
            return textual_offsets(text, width, tab_size, fold, precomputed_tab_sections)
        return code_row_starts(text, width)

    def get_sections(self, line_index: int) -> list[str]:
        # Textual builds a rich Text of the line and divides it into every row on each cursor
        # move: plain slices of the same text (what Text keeps of it) cost far less on a long line
        line = strip_control_codes(self.document[line_index])
        bounds = [0, *self.get_offsets(line_index), len(line)]
        return [line[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]

    # Textual's functions replaced on purpose, marked so that they are replaced once
    compute_wrap_offsets.by_line_starts = True  # type: ignore[attr-defined]
    wrapped.compute_wrap_offsets = compute_wrap_offsets
    wrapped.WrappedDocument.get_sections = get_sections  # type: ignore[method-assign]


_wrap_code_by_line_starts()


def text_width(editor: TextArea) -> int:
    """The cells a line can use in `editor` without scrolling sideways."""
    return max(1, editor.scrollable_content_region.width - editor.gutter_width - 1)


def longest_line(editor: TextArea) -> int:
    return max((cell_len(line) for line in editor.text.split("\n")), default=0)


class OneRowView:
    """What TextArea's drawing of one row reads of its wrapped document, for a row of a line of
    many rows: that line cut only where the row starts and ends. Textual cuts the line at every
    row's start to draw any one of them (thousands on a long line, for each row drawn)."""

    def __init__(self, wrapped, y_offset: int, line_index: int, offsets: list[int], section: int):
        self.height = wrapped.height
        self.y_offset, self.info = y_offset, (line_index, section)
        self.offsets = offsets

    @property
    def _offset_to_line_info(self) -> dict[int, tuple[int, int]]:
        return {self.y_offset: self.info}

    def get_offsets(self, _line_index: int) -> list[int]:
        return self.offsets

    def get_tab_widths(self, _line_index: int) -> list[int]:
        return []  # a line with a tab keeps Textual's wrapping and drawing


class SoftWrap(TextArea):
    """A TextArea that wraps: the automatic choice, the toggle and the ↪ mark."""

    wrap_chosen: bool = False  # the learner toggled: automatic choices stop

    def _render_line(self, y: int) -> Strip:
        """One row of a line of many rows is drawn from that line cut around the row only."""
        where = self.view_row(y) if self.soft_wrap else None
        if where is None:
            return super()._render_line(y)
        line_index, section = where
        wrapped = self.wrapped_document
        offsets = wrapped.get_offsets(line_index)
        if len(offsets) < MANY_ROWS or "\t" in self.document.get_line(line_index):
            return super()._render_line(y)
        ends = [*offsets[max(0, section - 1) : section + 1]]
        view = OneRowView(wrapped, self.scroll_offset[1] + y, line_index, ends, min(section, 1))
        self.wrapped_document = view  # type: ignore[assignment]
        try:
            return super()._render_line(y)
        finally:
            self.wrapped_document = wrapped

    def auto_wrap(self) -> None:
        if self.wrap_chosen or not self.size.width:
            return
        wanted = longest_line(self) > text_width(self)
        if wanted != self.soft_wrap:
            self.soft_wrap = wanted

    def action_toggle_wrap(self) -> None:
        self.wrap_chosen = True
        self.soft_wrap = not self.soft_wrap
        if not self.soft_wrap:
            self.scroll_to(x=0, animate=False)
        # said in words too: when every line fits, the text itself does not move
        self.notify(
            t("app.editor.wrap_on" if self.soft_wrap else "app.editor.wrap_off"),
            timeout=3,
            markup=False,
        )

    def on_resize(self, _event) -> None:
        self.auto_wrap()

    def on_text_area_changed(self, _event) -> None:
        """A line typed past the edge: wrap (only the cursor's line is measured, per key)."""
        if self.soft_wrap or self.wrap_chosen:
            return
        row = self.cursor_location[0]
        if cell_len(self.document.get_line(row)) > text_width(self):
            self.soft_wrap = True

    def view_row(self, y: int) -> tuple[int, int] | None:
        """(line index, section of that line) shown on row y of the view; None past the end."""
        row = self.scroll_offset[1] + y
        if not self.soft_wrap:
            return row, 0
        info = self.wrapped_document._offset_to_line_info
        return info[row] if row < len(info) else None

    def continuation_marked(self, strip: Strip) -> Strip:
        """`strip` (a continuation row) with ↪ at the end of its gutter."""
        gutter = self.gutter_width
        if gutter < 3 or strip.cell_length <= gutter:
            return strip
        left, rest = strip.divide([gutter, strip.cell_length])[:2]
        style = next((seg.style for seg in left if seg.style is not None), None)
        mark = Segment(" " * (gutter - 2) + CONTINUATION + " ", style)
        return Strip.join([Strip([mark], gutter), rest])
