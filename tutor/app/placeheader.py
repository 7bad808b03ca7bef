"""The header of every screen: Textual's Header, whose title follows the screen's and the app's.

Textual's Header updates its title from a callback scheduled when a title changes; a screen that
sets its title as it mounts and is replaced at once (two quick moves along the course) leaves
that callback to find the title widget already removed, and the NoMatches it raised ended the
app. Here the update is skipped when the header is being taken down."""

from __future__ import annotations

from textual import events
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.widget import Widget
from textual.widgets import Header
from textual.widgets._header import HeaderTitle


class PlaceHeader(Header):
    def _on_mount(self, event: events.Mount) -> None:
        event.prevent_default()  # Header's own watchers are the ones replaced here
        Widget._on_mount(self, event)

        def set_title() -> None:
            if not self.is_attached:
                return
            try:
                self.query_one(HeaderTitle).update(self.format_title())
            except (NoMatches, NoScreen):  # its children or its screen are gone: it is leaving
                pass

        for obj in (self.app, self.screen):
            self.watch(obj, "title", set_title)
            self.watch(obj, "sub_title", set_title)
