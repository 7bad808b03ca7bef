"""The exercise editor: Textual's TextArea as a Python code editor (tree-sitter highlighting,
line numbers, undo/redo, indentation) that can mark a failing line in its gutter."""

from __future__ import annotations

import threading

from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip
from textual.widgets import TextArea

_MARK = Style(bgcolor="red3", color="bright_white", bold=True)


def _share_prepared_queries() -> None:
    """Compiling Python's highlight query costs tens of milliseconds, and TextArea compiles it
    again for every document it builds (twice per editor: once in __init__, once when its
    `language` is set). A prepared query depends only on the language and the query text, so
    the app compiles each one once per process and every editor reuses it."""
    try:
        from textual.document._syntax_aware_document import SyntaxAwareDocument
    except ImportError:     # no tree-sitter: editors show plain text, nothing to share
        return
    if getattr(SyntaxAwareDocument.prepare_query, "shared", False):
        return
    compile_query = SyntaxAwareDocument.prepare_query
    prepared: dict[tuple[object, str], object] = {}
    lock = threading.Lock()

    def prepare_query(self, query: str):
        key = (self.language, query)
        with lock:
            if key not in prepared:
                prepared[key] = compile_query(self, query)
            return prepared[key]

    prepare_query.shared = True
    SyntaxAwareDocument.prepare_query = prepare_query


_share_prepared_queries()


class CodeEditor(TextArea):
    """A TextArea configured for Python with an optional marked (error) line."""

    def __init__(self, text: str = "", *, read_only: bool = False, id: str | None = None,
                 classes: str | None = None, language: str | None = "python"):
        # built as plain text, then given its language once: TextArea would otherwise parse the
        # document twice. language=None defers the tree-sitter set-up until the editor is
        # first shown (`editor.language = "python"` then)
        super().__init__(text, language=None, theme="monokai", soft_wrap=False,
                         tab_behavior="indent", read_only=read_only, show_line_numbers=True,
                         max_checkpoints=200, id=id, classes=classes)
        if language is not None:
            self.language = language
        self.error_line: int | None = None      # 1-based

    @property
    def highlighting_active(self) -> bool:
        """True when tree-sitter parsed the document and produced highlights."""
        return bool(self.is_syntax_aware and self.language == "python" and self._highlights)

    def mark_line(self, line: int | None) -> None:
        """Mark `line` (1-based) in the gutter and move the cursor to its start; None clears the
        mark. Only scrolls vertically: a sideways jump would hide the start of every line."""
        self.error_line = line
        self._line_cache.clear()
        if line is not None:
            row = max(0, min(line - 1, self.document.line_count - 1))
            self.move_cursor((row, 0))
            self.scroll_to(x=0, y=max(0, row - self.scrollable_content_region.height // 2), animate=False)
        self.refresh()

    def load_text_undoably(self, text: str) -> None:
        """Replace the whole text as one edit (Ctrl+Z brings the old text back)."""
        self.replace(text, (0, 0), self.document.end)
        self.move_cursor((0, 0))

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        if self.error_line is None or self.soft_wrap:
            return strip
        if self.scroll_offset[1] + y != self.error_line - 1:
            return strip
        gutter = self.gutter_width
        if gutter <= 0 or strip.cell_length <= gutter:
            return strip
        left, right = strip.divide([gutter, strip.cell_length])
        left = Strip(list(Segment.apply_style(list(left), post_style=_MARK)), left.cell_length)
        return Strip.join([left, right])

    async def _on_key(self, event) -> None:
        """Enter keeps the current line's indentation, one level more after a ':'; Shift+Tab
        removes one level from the current line (instead of leaving the editor)."""
        if event.key == "shift+tab" and not self.read_only:
            event.stop()
            event.prevent_default()
            self._dedent()
            return
        if event.key == "enter" and not self.read_only:
            row, col = self.cursor_location
            line = self.document.get_line(row)[:col]
            indent = line[: len(line) - len(line.lstrip(" \t"))]
            if line.rstrip().endswith(":"):
                indent += " " * self.indent_width
            event.stop()
            event.prevent_default()
            start, end = self.selection
            self._replace_via_keyboard("\n" + indent, start, end)
            return
        await super()._on_key(event)

    def _dedent(self) -> None:
        row, col = self.cursor_location
        line = self.document.get_line(row)
        width = len(line) - len(line.lstrip(" "))
        remove = min(width, (width - 1) % self.indent_width + 1) if width else 0
        if remove:
            self.replace("", (row, 0), (row, remove))
            self.move_cursor((row, max(0, col - remove)))
