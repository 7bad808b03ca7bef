"""The help screen: the keys of every screen, taken from the screens' own bindings, plus the
editor's standard keys. A test finds every screen class of the app by itself and checks that
each one's keys are listed here."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from tutor.app.editor import CodeEditor
from tutor.app.keybar import describe, key_range
from tutor.words.catalog import t


def binding_sections(app_bindings, current=None) -> list[tuple[str, list[Binding]]]:
    """Every screen's keys, from the screens' own BINDINGS (the app's are passed in: this module
    must not import the app, which imports it); the keys of the screen `current` (the one the
    help was opened from) come first."""
    from tutor.app.cheatsheet import CheatSheetScreen
    from tutor.app.exercise import ExerciseScreen
    from tutor.app.home import HomeScreen
    from tutor.app.lesson import LessonScreen
    from tutor.app.playground_screen import PlaygroundScreen
    from tutor.app.progress_screen import ProgressScreen
    from tutor.app.quiz import QuizScreen

    screens: list[tuple[str, type[Screen]]] = [
        (t("app.help.map"), HomeScreen),
        (t("app.help.lesson"), LessonScreen),
        (t("app.help.exercise"), ExerciseScreen),
        (t("app.help.quiz"), QuizScreen),
        (t("app.help.progress"), ProgressScreen),
        (t("app.help.cheatsheet"), CheatSheetScreen),
        (t("app.help.playground"), PlaygroundScreen),
    ]
    # the screens with a code editor list its own keys (Alt+Z) with theirs
    editing = (ExerciseScreen, PlaygroundScreen)
    sections = [
        (title, [*cls.BINDINGS, *(CodeEditor.BINDINGS if cls in editing else ())])
        for title, cls in screens
    ]
    here = [n for n, (_, cls) in enumerate(screens) if isinstance(current, cls)]
    first = [sections.pop(here[0])] if here else []
    return [*first, (t("app.help.global"), list(app_bindings)), *sections]


KEY_NAMES = {
    "right_square_bracket": "]",
    "left_square_bracket": "[",
    "slash": "/",
    "escape": "Esc",
    "enter": "Enter",
    "right": "→",
    "left": "←",
    "tab": "Tab",
}


def key_label(key: str) -> str:
    """A binding's keys as people write them: "ctrl+r,f5" -> "Ctrl+R / F5", "escape" -> "Esc"."""
    out = []
    for k in key.split(","):
        k = KEY_NAMES.get(k.strip(), k.strip())
        parts = k.split("+")
        if len(parts) > 1:  # a letter after a modifier is written in capitals: Ctrl+R
            parts[-1] = parts[-1].upper() if len(parts[-1]) == 1 else parts[-1].capitalize()
        out.append("+".join(p.capitalize() if len(p) > 1 else p for p in parts))
    return " / ".join(out)


def help_rows(bindings) -> list[tuple[str, str]]:
    """(keys, description) rows; a run of single-letter keys that do the same thing (choose an
    option a, b, c, …) is one row naming its first and last key as the footer does: "a–d"."""
    rows: list[tuple[list[str], str]] = []
    for b in bindings:
        if not isinstance(b, Binding):
            continue
        label, words = key_label(b.key), describe(b)
        if (
            rows
            and rows[-1][1] == words
            and len(label) == 1
            and all(len(k) == 1 for k in rows[-1][0])
        ):
            rows[-1][0].append(label)
        else:
            rows.append(([label], words))
    out = []
    for keys, words in rows:
        out.append((key_range(keys[0], keys[-1]) if len(keys) > 2 else " / ".join(keys), words))
    return out


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,f1,q", "close", "app.key.back")]

    def __init__(self) -> None:
        super().__init__()
        from textual._context import active_app
        from textual.app import ScreenStackError

        self.opened_from: Screen | None
        try:  # the screen F1 was pressed on: its keys come first
            self.opened_from = active_app.get().screen
        except (LookupError, ScreenStackError):
            self.opened_from = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(self.help_table(), id="help-table")

    def help_table(self) -> Table:
        table = Table(
            title=t("app.help.title"),
            caption=t("app.help.close"),
            show_edge=False,
            show_header=False,
            expand=True,
        )
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column()
        for title, bindings in binding_sections(self.app.BINDINGS, self.opened_from):
            table.add_row(Text(title, style="bold reverse"), "")
            for keys, words in help_rows(bindings):
                table.add_row(keys, words)
        table.add_row(Text(t("app.help.editor"), style="bold reverse"), "")
        table.add_row("", t("app.help.editor_keys"))
        return table

    def action_close(self) -> None:
        self.dismiss(None)
