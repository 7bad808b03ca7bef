"""Small dialogs: yes/no (give up, reset), a few named answers, and "go on anyway?" (next before
a pass)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tutor.words.catalog import t


class ConfirmDialog(ModalScreen[bool]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("escape,n", "answer(False)", "app.confirm.no"),
        Binding("y", "answer(True)", "app.confirm.yes"),
    ]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
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


class ChoiceDialog(ModalScreen[str]):
    """A question with a few named answers (one button each, the first focused); Esc picks the
    first, so that dismissing it never does the less safe thing."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("escape", "pick_first", "app.key.back")]

    def __init__(self, question: str, choices: list[tuple[str, str]]):
        super().__init__()
        self.question, self.choices = question, choices

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                for n, (value, label) in enumerate(self.choices):
                    yield Button(
                        label, variant="primary" if n == 0 else "default", id=f"choice-{value}"
                    )

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss((event.button.id or "").removeprefix("choice-"))

    def action_pick_first(self) -> None:
        self.dismiss(self.choices[0][0])


class GoOnDialog(ModalScreen[bool]):
    """What is left before going on, and the offer to go on anyway: the keys that mean "next"
    everywhere (n, Ctrl+N) go on, Esc stays (the button focused first)."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("n,ctrl+n", "answer(True)", "app.key.next", priority=True),
        Binding("escape", "answer(False)", "app.key.back"),
    ]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(t("app.go_on.yes"), variant="warning", id="go-on")
                yield Button(t("app.go_on.stay"), variant="primary", id="stay")

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "go-on")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
