"""A small yes/no confirmation dialog (give up, reset)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tutor.messages import t


class ConfirmDialog(ModalScreen[bool]):
    BINDINGS = [
        Binding("escape,n", "answer(False)", t("app.confirm.no")),
        Binding("y", "answer(True)", t("app.confirm.yes")),
    ]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button(t("app.confirm.yes") + " (y)", variant="error", id="confirm-yes")
                yield Button(t("app.confirm.no") + " (n)", variant="primary", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
