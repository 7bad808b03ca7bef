"""The help screen: every key of every screen, read from the screens' own bindings (so that it
cannot drift from what the keys do), plus the editor's standard keys."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tutor.messages import t


def binding_sections() -> list[tuple[str, list[Binding]]]:
    from tutor.app.cheatsheet import CheatSheetScreen
    from tutor.app.exercise import ExerciseScreen
    from tutor.app.home import HomeScreen
    from tutor.app.lesson import LessonScreen
    from tutor.app.quiz import QuizScreen
    from tutor.app.tutorapp import TutorApp

    app_bindings = list(TutorApp.BINDINGS)
    return [
        (t("app.help.global"), app_bindings),
        (t("app.help.map"), HomeScreen.BINDINGS),
        (t("app.help.lesson"), LessonScreen.BINDINGS),
        (t("app.help.exercise"), ExerciseScreen.BINDINGS),
        (t("app.help.quiz"), QuizScreen.BINDINGS),
        (t("app.help.cheatsheet"), CheatSheetScreen.BINDINGS),
    ]


def key_label(key: str) -> str:
    names = {"right_square_bracket": "]", "left_square_bracket": "[", "slash": "/", "escape": "Esc",
             "enter": "Enter", "right": "→", "left": "←"}
    out = []
    for k in key.split(","):
        k = k.strip()
        k = names.get(k, k)
        out.append("+".join(p.capitalize() if len(p) > 1 else p for p in k.split("+")))
    return " / ".join(out)


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,q", "close", t("app.key.back"))]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(self._table(), id="help-table")

    def _table(self):
        table = Table(title=t("app.help.title"), caption=t("app.help.close"), show_edge=False,
                      expand=True, header_style="bold")
        table.add_column("", style="bold cyan", no_wrap=True)
        table.add_column("")
        seen_choose = False
        for title, bindings in binding_sections():
            table.add_row(Text(title, style="bold reverse"), "")
            for b in bindings:
                if not isinstance(b, Binding):
                    continue
                if b.action.startswith("choose("):
                    if seen_choose:
                        continue
                    seen_choose = True
                    table.add_row("A / B / C / …", b.description)
                    continue
                table.add_row(key_label(b.key), b.description)
        table.add_row(Text(t("app.help.editor"), style="bold reverse"), "")
        table.add_row("", t("app.help.editor_keys"))
        return table

    def action_close(self) -> None:
        self.dismiss(None)
