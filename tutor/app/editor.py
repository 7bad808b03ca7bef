"""The exercise editor: Textual's TextArea as a Python code editor (tree-sitter highlighting,
line numbers, undo/redo, indentation) that can mark a failing line in its gutter and whose theme
follows the app's (light or dark); the status line under it; the outside editor Ctrl+O runs."""

from __future__ import annotations

import threading

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.message import Message
from textual.strip import Strip

from tutor.app.cjkwrap import WrapStatic
from tutor.app.softwrap import SoftWrap


class DraftNotice(Message):
    """A line for the editor's status bar. `sticky` lines stay until the next notice."""

    def __init__(self, text: str, style: str = "dim", sticky: bool = False):
        super().__init__()
        self.text, self.style, self.sticky = text, style, sticky


_MARK = Style(bgcolor="red3", color="bright_white", bold=True)

# Textual's tree-sitter highlighting re-queries the whole document on every keystroke and grows
# quadratically on comment lines (measured with Textual 8.2.8, CPU per keystroke / memory: 250
# comment lines 30 ms / +8 MB, 500 lines 70 ms / +17 MB, 1000 lines 220 ms / +53 MB, 2000 lines
# +193 MB; 2000 code lines 300 ms). Plain text stays near-linear (20 000 lines, 1 MB: 120 ms,
# +18 MB). Highlighting stops well before the turn; an exercise's draft is far smaller. Every row
# drawn of a highlighted line styles all the line's tokens: CPU per keystroke on one line of
# numbers, 30 ms for a short line, 50 ms at 1000 characters, 80 ms at 2000, 300 ms at 20 000.
HIGHLIGHT_MAX_LINES = 300
HIGHLIGHT_MAX_CHARS = 24_000
HIGHLIGHT_MAX_LINE = 1_000  # characters in one line (a pasted list of numbers)


def highlight_fits(text: str) -> bool:
    return (
        len(text) <= HIGHLIGHT_MAX_CHARS
        and text.count("\n") < HIGHLIGHT_MAX_LINES
        and max(map(len, text.split("\n"))) <= HIGHLIGHT_MAX_LINE
    )


def _share_prepared_queries() -> None:
    """Compiling Python's highlight query costs tens of milliseconds, and TextArea compiles it
    again for every document it builds (twice per editor: once in __init__, once when its
    `language` is set). A prepared query depends only on the language and the query text, so
    the app compiles each one once per process and every editor reuses it."""
    try:
        from textual.document._syntax_aware_document import SyntaxAwareDocument
    except ImportError:  # no tree-sitter: editors show plain text, nothing to share
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

    # Textual's method replaced on purpose, marked so that it is replaced once
    prepare_query.shared = True  # type: ignore[attr-defined]
    SyntaxAwareDocument.prepare_query = prepare_query  # type: ignore[method-assign]


_share_prepared_queries()

EDITOR_THEMES = {True: "jaxtutor-dark", False: "jaxtutor-light"}  # by "is the app theme dark"
_built_themes: dict[bool, object] = {}


def editor_theme(dark: bool):
    """The editor's theme for a dark or a light app theme: Textual's monokai or github_light with
    every text colour (syntax, line numbers) moved just far enough to reach 4.5:1 on the editor's
    backgrounds (plain, current line, selection: a softer one than the theme's). Built once per
    process, on first use."""
    if dark not in _built_themes:
        import dataclasses

        from textual.color import Color
        from textual.widgets.text_area import TextAreaTheme

        from tutor.app.legible import legible

        base = TextAreaTheme.get_builtin_theme("monokai" if dark else "github_light")
        assert base is not None  # both are built into Textual
        assert base.base_style and base.base_style.bgcolor
        assert base.selection_style and base.selection_style.bgcolor
        plain = Color.from_rich_color(base.base_style.bgcolor)
        # the selection half way from the plain background to the theme's own: over monokai's
        # light grey no syntax colour reached 4.5:1 short of white, and the dark editor drew every
        # token white (syntax colours are drawn over the selection, so it must take them all)
        selection = base.selection_style + Style(
            bgcolor=plain.blend(Color.from_rich_color(base.selection_style.bgcolor), 0.5).rich_color
        )
        backgrounds = [
            Color.from_rich_color(s.bgcolor)
            for s in (base.base_style, base.cursor_line_style, selection)
            if s and s.bgcolor
        ]

        def fixed(style: Style) -> Style:
            if style.color is None:
                return style
            colour = legible(Color.from_rich_color(style.color), backgrounds)
            return style + Style(color=colour.rich_color)

        def fixed_if_any(style: Style | None) -> Style | None:
            return None if style is None else fixed(style)

        _built_themes[dark] = dataclasses.replace(
            base,
            name=EDITOR_THEMES[dark],
            base_style=fixed_if_any(base.base_style),
            gutter_style=fixed_if_any(base.gutter_style),
            cursor_line_gutter_style=fixed_if_any(base.cursor_line_gutter_style),
            selection_style=selection,
            syntax_styles={name: fixed(style) for name, style in base.syntax_styles.items()},
        )
    return _built_themes[dark]


class CodeEditor(SoftWrap):
    """A TextArea configured for Python with an optional marked (error) line; long lines wrap
    (tutor/app/softwrap.py)."""

    # Alt+Z as in common editors (Textual's F7 selects all)
    # Ctrl+Home / Ctrl+End: the start / end of the document, as in common editors
    # Ctrl+A: select all, as in common editors (TextArea's Ctrl+A went to the line start, which
    # Home does; the exercise screen takes F7 for its tabs, so F7 selects all only elsewhere)
    BINDINGS = [
        Binding("alt+z", "toggle_wrap", "app.key.wrap"),
        Binding("ctrl+a", "select_all", "app.key.select_all", show=False),
        Binding("ctrl+home", "document_edge(True)", show=False),
        Binding("ctrl+end", "document_edge(False)", show=False),
    ]

    def __init__(
        self,
        text: str = "",
        *,
        read_only: bool = False,
        id: str | None = None,
        classes: str | None = None,
        language: str | None = "python",
        quiet: bool = False,
    ):
        # built as plain text, then given its language once: TextArea would otherwise parse the
        # document twice. language=None defers the tree-sitter set-up until the editor is
        # first shown (`editor.language = "python"` then)
        super().__init__(
            text,
            language=None,
            soft_wrap=False,
            tab_behavior="indent",
            read_only=read_only,
            show_line_numbers=True,
            max_checkpoints=200,
            id=id,
            classes=classes,
        )
        if language is not None:
            self.language = language
        self.error_line: int | None = None  # 1-based
        self.quiet = quiet  # a view of code that is not the draft: no notices about the draft

    def on_mount(self) -> None:
        self.follow_app_theme()
        self.watch(self.app, "theme", self.follow_app_theme, init=False)

    def follow_app_theme(self, *_args) -> None:
        """Light editor in the light app theme, dark in the dark one (also when switched)."""
        dark = self.app.current_theme.dark
        if EDITOR_THEMES[dark] not in self._themes:
            self.register_theme(editor_theme(dark))
        self.theme = EDITOR_THEMES[dark]

    def _set_document(self, text: str, language: str | None) -> None:
        """Every document the editor builds (on creation, on load_text, when the language is set)
        is plain text when it is too large to highlight; `language` itself stays, so a later,
        smaller text is highlighted again."""
        plain = bool(language) and not highlight_fits(text)
        super()._set_document(text, None if plain else language)
        if plain:
            self._say_plain()

    def edit(self, edit):
        """An edit that takes a highlighted document past the size limits turns it plain (the
        cursor and the selection stay where they are)."""
        result = super().edit(edit)
        if self.is_syntax_aware and (
            self.document.line_count > HIGHLIGHT_MAX_LINES
            or self._edit_made_long_line(edit, result)
        ):
            selection = self.selection
            super()._set_document(self.document.text, None)
            self.selection = selection
            self.scroll_cursor_visible()
            self._say_plain()
        return result

    def _edit_made_long_line(self, edit, result) -> bool:
        """Is a line the edit wrote (from its start to where the inserted text ends) longer than
        HIGHLIGHT_MAX_LINE?"""
        top = edit.top[0]
        bottom = max(top, result.end_location[0])
        get_line = self.document.get_line
        return any(len(get_line(row)) > HIGHLIGHT_MAX_LINE for row in range(top, bottom + 1))

    def _say_plain(self) -> None:
        if self.quiet:
            return
        from tutor.words.catalog import t

        notice = t(
            "app.ex.highlight_off",
            lines=HIGHLIGHT_MAX_LINES,
            chars=HIGHLIGHT_MAX_CHARS,
            line=HIGHLIGHT_MAX_LINE,
        )
        self.post_message(DraftNotice(notice, "yellow"))

    def action_document_edge(self, start: bool) -> None:
        self.move_cursor((0, 0) if start else self.document.end)

    def mark_line(self, line: int | None) -> None:
        """Mark `line` (1-based) in the gutter and move the cursor to its start; None clears the
        mark. Only scrolls vertically: a sideways jump would hide the start of every line."""
        self.error_line = line
        self._line_cache.clear()
        if line is not None:
            row = max(0, min(line - 1, self.document.line_count - 1))
            self.move_cursor((row, 0))
            self.scroll_to(
                x=0, y=max(0, row - self.scrollable_content_region.height // 2), animate=False
            )
        self.refresh()

    def load_text_undoably(self, text: str) -> None:
        """Replace the whole text as one edit (Ctrl+Z brings the old text back)."""
        self.replace(text, (0, 0), self.document.end)
        self.move_cursor((0, 0))

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        where = self.view_row(y)
        if where is None:
            return strip
        if where[1]:
            return self.continuation_marked(strip)
        if self.error_line is None or where[0] != self.error_line - 1:
            return strip
        gutter = self.gutter_width
        if gutter <= 0 or strip.cell_length <= gutter:
            return strip
        left, right = strip.divide([gutter, strip.cell_length])
        left = Strip(list(Segment.apply_style(list(left), post_style=_MARK)), left.cell_length)
        return Strip.join([left, right])

    async def _on_key(self, event) -> None:
        """Enter keeps the current line's indentation, one level more after a ':'; Shift+Tab
        removes one level from the current line (instead of leaving the editor); an Alt+letter
        never types its letter."""
        if "alt+" in event.key:
            # a terminal sends Alt+Z as ESC z, which Textual reads as a printable "z": TextArea
            # would type it before the bindings (Alt+Z toggles wrap) are looked at
            event.prevent_default()
            return
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


def external_editor_command(environ=None, which=None) -> list[str] | None:
    """The command Ctrl+O runs on the draft: $VISUAL, else $EDITOR, else nano or vi (whichever
    is installed, nano first: it shows how to quit); None when there is none of them."""
    import os
    import shlex
    import shutil

    environ = os.environ if environ is None else environ
    which = shutil.which if which is None else which
    for name in ("VISUAL", "EDITOR"):
        command = environ.get(name, "").strip()
        if command:
            return shlex.split(command)
    for fallback in ("nano", "vi"):
        found = which(fallback)
        if found:
            return [found]
    return None


class EditorStatus(WrapStatic):
    """The line under the editor: what just happened to the draft. It wraps (up to three lines)
    instead of cutting a long message (Chinese at any character); a passing notice ("saved",
    "reloaded") fades after FADE_S seconds so that it never describes an older state of the draft,
    while a problem (a sticky line: save failed, unreadable file, refused run) stays until the next
    notice."""

    FADE_S = 6.0

    def __init__(self, text="", **kw):
        super().__init__(text, **kw)
        self._fade_timer = None

    def show(self, text: str, style: str = "", sticky: bool | None = None) -> None:
        """Show `text`; `sticky` defaults to "is it an error" (a red style)."""
        from rich.text import Text

        if sticky is None:
            sticky = "red" in style
        if self._fade_timer is not None:
            self._fade_timer.stop()
            self._fade_timer = None
        # a Style object, not a style text: its colour names go through the theme's legible
        # palette (tutor/app/legible.py)
        self.update(Text(text, style=Style.parse(style) if style else ""))
        if not sticky and text:
            self._fade_timer = self.set_timer(self.FADE_S, self.clear)

    def clear(self) -> None:
        self._fade_timer = None
        self.update("")
