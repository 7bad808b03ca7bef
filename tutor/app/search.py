"""`/`: search the text of every lesson page, exercise statement and cheat sheet. Results show
where the words occur; Enter opens the page at the hit, highlighted (see tutor/app/search_hit.py).
The index is built in a thread the first time (tutor/app/textindex.py)."""

from __future__ import annotations

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from tutor.app.typed_app import tutor_app
from tutor.words.catalog import t

KIND_WORD = {
    "lesson": "app.kind.lesson",
    "exercise": "app.kind.exercise",
    "cheatsheet": "app.key.cheatsheet",
}


def hit_label(hit, query: str) -> Text:
    text = Text(f"{t(KIND_WORD[hit.kind])} {hit.id}  ", style="bold")
    text.append(hit.title)
    shown = t("app.search.in_code", word=hit.code, snippet=hit.snippet) if hit.code else hit.snippet
    if shown:
        line = Text("\n    " + shown, style="dim")
        for term in query.lower().split():
            line.highlight_words([term], style="bold reverse", case_sensitive=False)
        text.append_text(line)
    return text


class SearchScreen(ModalScreen):
    """Dismissed with (hit, query) or None."""

    CSS_PATH = "search.tcss"

    BINDINGS = [Binding("escape", "cancel", "app.key.back"), Binding("down", "results", show=False)]

    def __init__(self, query: str = ""):
        super().__init__()
        self.initial = query
        self.hits: list = []

    def compose(self) -> ComposeResult:
        with Vertical(id="search-box"):
            yield Input(
                value=self.initial, placeholder=t("app.search.placeholder"), id="search-input"
            )
            yield Static("", id="search-status")
            yield OptionList(id="search-results")

    def on_mount(self) -> None:
        self.query_one("#search-input", Input).focus()
        if self.initial:
            self._search(self.initial)

    def on_key(self, event: events.Key) -> None:
        # a character typed while the search was opening came to the screen, not to its box (a key
        # goes to the focus the app had when it read the key): it belongs to the query
        box = self.query_one("#search-input", Input)
        if event.is_printable and event.character and self.focused is not box:
            event.stop()
            box.insert_text_at_cursor(event.character)

    def on_input_changed(self, event: Input.Changed) -> None:
        self._search(event.value)

    @work(exclusive=True, thread=True, group="search")
    def _search(self, query: str) -> None:
        hits = tutor_app(self).text_index.find(query) if query.strip() else []
        self.app.call_from_thread(self._show, query, hits)

    def _show(self, query: str, hits: list) -> None:
        if query != self.query_one("#search-input", Input).value:
            return  # typed on since: a newer search comes
        self.hits = hits
        results = self.query_one("#search-results", OptionList)
        results.clear_options()
        results.add_options([Option(hit_label(h, query), id=str(n)) for n, h in enumerate(hits)])
        status = self.query_one("#search-status", Static)
        if not query.strip():
            status.update("")
        elif hits:
            status.update(Text().append(t("app.search.count", n=len(hits)), style="dim"))
            results.highlighted = 0
        else:
            status.update(Text().append(t("app.search.none", q=query.strip()), style="yellow"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.hits:
            results = self.query_one("#search-results", OptionList)
            self.dismiss((self.hits[results.highlighted or 0], event.value))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss((self.hits[event.option_index], self.query_one("#search-input", Input).value))

    def action_results(self) -> None:
        results = self.query_one("#search-results", OptionList)
        if results.option_count:
            results.focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
