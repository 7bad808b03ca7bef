"""A light footer: one line of text with the keys that matter on the current screen (the
screen's active bindings that are shown), updated when the bindings change. Textual's Footer
builds one widget per key, which costs a noticeable part of a screen's first frame.

Binding descriptions in this app are catalog keys ("app.key.run"); `describe` turns one into the
word of the language chosen at start-up, when it is shown (never at import)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from tutor.messages import CATALOG, t


def describe(binding) -> str:
    """A binding's description in the current language."""
    desc = binding.description
    return t(desc) if desc in CATALOG else desc


def _key(binding, app) -> str:
    if binding.key_display:
        return binding.key_display
    key = binding.key.split(",")[0].strip()
    names = {"right_square_bracket": "]", "left_square_bracket": "[", "slash": "/",
             "escape": "esc", "right": "→", "left": "←"}
    if key in names:
        return names[key]
    return key.replace("ctrl+", "^")


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; width: 1fr; background: $footer-background; color: $footer-foreground; }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)
        self.call_after_refresh(self._changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, *_args) -> None:
        text = Text(no_wrap=True, overflow="ellipsis")
        seen = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            if not binding.show or not enabled or binding.action in seen:
                continue
            seen.add(binding.action)
            text.append(f" {_key(binding, self.app)} ", style="bold reverse")
            text.append(f" {describe(binding)} ")
        self.update(text)
