"""Small dialogs: yes/no (give up, reset), a few named answers, and "go on anyway?" (next before
a pass)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from tutor.words.catalog import t


class ConfirmDialog(ModalScreen[bool]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("escape,n", "answer(False)", "app.confirm.no"),
        Binding("y", "answer(True)", "app.confirm.yes"),
    ]
    # the two buttons, (id, variant): the first answers yes, the second (focused first) no
    YES: tuple[str, ButtonVariant] = ("confirm-yes", "error")
    NO: tuple[str, ButtonVariant] = ("confirm-no", "primary")

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def labels(self) -> tuple[str, str]:
        return t("app.confirm.yes") + " (y)", t("app.confirm.no") + " (n)"

    def compose(self) -> ComposeResult:
        yes, no = self.labels()
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(yes, variant=self.YES[1], id=self.YES[0])
                yield Button(no, variant=self.NO[1], id=self.NO[0])

    def on_mount(self) -> None:
        self.query_one("#" + self.NO[0], Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == self.YES[0])

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


class GoOnDialog(ConfirmDialog, inherit_bindings=False):
    """What is left before going on, and the offer to go on anyway: the keys that mean "next"
    everywhere (n, Ctrl+N) go on, Esc stays (the button focused first)."""

    BINDINGS = [
        Binding("n,ctrl+n", "answer(True)", "app.key.next", priority=True),
        Binding("escape", "answer(False)", "app.key.back"),
    ]
    YES: tuple[str, ButtonVariant] = ("go-on", "warning")
    NO: tuple[str, ButtonVariant] = ("stay", "primary")

    def labels(self) -> tuple[str, str]:
        return t("app.go_on.yes"), t("app.go_on.stay")
