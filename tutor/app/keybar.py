"""A light footer: one line of text with the keys that matter on the current screen (the
screen's active bindings that are shown), updated when the bindings change. Textual's Footer
builds one widget per key, which costs a noticeable part of a screen's first frame.

Binding descriptions in this app are catalog keys ("app.key.run"); `describe` turns one into the
word of the language chosen at start-up, when it is shown (never at import).

The keys that move along the course come first, then F1 (help), then the screen's own keys in
the order it declares them, then the others (the focused widget's, the app's): at 80 columns only
the first few fit, and these must always be there."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tutor.words.catalog import has, t

FIRST = ("next", "help")  # actions whose keys lead the bar, in this order


def _rank(action: str, own: bool) -> int:
    return FIRST.index(action) if action in FIRST else len(FIRST) + (not own)


def key_range(first: str, last: str) -> str:
    """A run of letter keys, as the footer and the help both write it: "a–d"."""
    return f"{first}–{last}"


def answer_keys(count: int) -> str:
    """The keys that answer a question of `count` options: "a–c" for three."""
    return key_range("a", chr(ord("a") + count - 1)) if count > 1 else "a"


def describe(binding) -> str:
    """A binding's description in the current language."""
    desc = binding.description
    return t(desc) if has(desc) else desc


def _words(binding, screen) -> str:
    words = getattr(screen, "key_words", None)  # a screen may say what a key does just now
    said = words(binding) if words is not None else None
    return said or describe(binding)


def _key(binding, screen) -> str:
    label = getattr(screen, "key_label", None)  # a screen may name a key by what it shows
    shown = label(binding) if label is not None else None
    if shown:
        return shown
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0].strip()
    names = {
        "right_square_bracket": "]",
        "left_square_bracket": "[",
        "slash": "/",
        "escape": "esc",
        "right": "→",
        "left": "←",
    }
    if key in names:
        return names[key]
    return key.replace("ctrl+", "^")


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom; height: 1; width: 1fr;
        background: $footer-background; color: $footer-foreground;
    }
    """

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.items: list[tuple[str, str]] = []  # (key, description) of the shown bindings

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self.call_after_refresh(self._changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, *_args) -> None:
        shown = []
        seen = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or not enabled or binding.action in seen:
                continue
            seen.add(binding.action)
            shown.append((_rank(binding.action, _node is self.screen), binding))
        shown.sort(key=lambda ranked: ranked[0])  # stable: the rest keep their order
        self.items = [(_key(b, self.screen), _words(b, self.screen)) for _, b in shown]
        self.refresh()

    def render(self) -> Text:
        """The keys that fit the bar's width, each with its description: a key that would be cut
        from its description is left out (with the ones after it) rather than shown bare."""
        text = Text(no_wrap=True)
        room = self.size.width
        for key, description in self.items:
            item = Text.assemble((f" {key} ", "bold reverse"), f" {description} ")
            if item.cell_len > room:
                break
            text.append_text(item)
            room -= item.cell_len
        return text
