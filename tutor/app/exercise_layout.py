"""The exercise workspace's layout, by terminal width (a class on #ex-grid, styled in app.tcss):

- `-wide` (from WIDE_COLUMNS): the statement on the left (about 40 %, its signature block whole),
  the editor on the right with the results under it, half and half. The split stays put during a
  run: resizing the editor and the results re-lays out and repaints the whole right half (about
  40 ms, a stall the learner feels at every run), and nothing moves under the cursor after one;
- `-narrow` (from TABS_BELOW to WIDE_COLUMNS): a side column (statement over results) and the
  editor;
- `-tabs` (below TABS_BELOW): one pane at a time — statement, code, results — switched with F6
  (shown in the footer); a run shows the results, the first failing check's diff at the top.

F6 moves the keyboard to the next pane in every layout (side by side, the focused pane's border
is lit).

Ctrl+B hides the statement in the two side-by-side layouts. The class is decided before the
screen is mounted and swapped on resize (a breakpoint class on the screen would restyle every
widget of the workspace)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import OptionList

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.screen import Screen

    _ScreenMixin = Screen[None]  # what the mixin is mixed into, for the type checker
else:
    _ScreenMixin = object  # a mixin, not a Screen: it is no screen of its own (no help, no keys)

WIDE_COLUMNS = 120
TABS_BELOW = 100
PANES = ("ex-left", "ex-center", "ex-right")  # statement, code, results
LAYOUTS = ("-wide", "-narrow", "-tabs")


def layout_class(width: int) -> str:
    if width >= WIDE_COLUMNS:
        return "-wide"
    return "-narrow" if width >= TABS_BELOW else "-tabs"


class PaneLayout(_ScreenMixin):
    """Mixed into the exercise screen (a Textual Screen with #ex-grid and the three panes)."""

    def grid_classes(self, width: int) -> str:
        return f"{layout_class(width)} -show-ex-center"

    @property
    def tabbed(self) -> bool:
        return self.query_one("#ex-grid").has_class("-tabs")

    def on_resize(self, event) -> None:
        grid = self.query_one("#ex-grid")
        wanted = layout_class(event.size.width)
        if not grid.has_class(wanted):
            grid.remove_class(*LAYOUTS)
            grid.add_class(wanted)
            self.refresh_bindings()

    # A class change on #ex-grid restyles every widget of the workspace (a noticeable stall at
    # the start of a run), so panes switch by class only in the tabs layout.

    def show_pane(self, pane: str, focus: bool = True) -> None:
        """In the tabs layout, show `pane` (one of PANES) and give it the focus (unless the
        caller focuses something in it itself)."""
        grid = self.query_one("#ex-grid")
        if not grid.has_class("-tabs"):
            return
        if not grid.has_class(f"-show-{pane}"):
            grid.remove_class(*(f"-show-{p}" for p in PANES))
            grid.add_class(f"-show-{pane}")
        if focus:
            self.focus_pane(pane)

    def focus_pane(self, pane: str) -> None:
        """Give the keyboard to `pane`: the editor; the check list (arrows pick a check) or,
        before a run, the results' tabs; the statement column's open tab (arrows scroll)."""
        if pane == "ex-center":
            self.query_one("#editor").focus()
            return
        if pane == "ex-right":
            checks = next(self.query("#checks").results(OptionList), None)
            if checks is not None and checks.option_count:
                checks.focus()
                return
        target = self._first_focusable(self.query_one(f"#{pane}"))
        if target is not None:
            target.focus()

    @staticmethod
    def _first_focusable(root):
        """The first focusable widget under `root` that is shown (an open tab's content before
        the tab strip, so that arrows scroll the text)."""
        found = [
            w
            for w in root.query("*")
            if w.focusable
            and w.display
            and w.visible
            and all(a.display for a in w.ancestors_with_self if hasattr(a, "display"))
        ]
        content = [w for w in found if type(w).__name__ not in ("ContentTabs", "Tabs")]
        return (content or found or [None])[0]

    def focused_pane(self) -> str | None:
        node: DOMNode | None = self.focused
        while node is not None:
            if node.id in PANES:
                return node.id
            node = node.parent
        return None

    def shown_pane(self) -> str:
        grid = self.query_one("#ex-grid")
        return next((p for p in PANES if grid.has_class(f"-show-{p}")), "ex-center")

    def reveal_left(self) -> None:
        """The statement column is wanted (a hint, the solution): un-hide it, or show it."""
        self.query_one("#ex-grid").remove_class("-hide-left")
        if self.tabbed:
            self.show_pane("ex-left")

    def action_cycle_pane(self) -> None:
        """F6: the next pane. In the tabs layout it is shown; side by side it takes the focus
        (the focused pane's border is lit, see app.tcss)."""
        if self.tabbed:
            n = PANES.index(self.shown_pane())
            self.show_pane(PANES[(n + 1) % len(PANES)])
            return
        panes = [
            p
            for p in PANES
            if not (p == "ex-left" and self.query_one("#ex-grid").has_class("-hide-left"))
        ]
        current = self.focused_pane()
        n = panes.index(current) if current in panes else -1
        self.focus_pane(panes[(n + 1) % len(panes)])

    def action_toggle_statement(self) -> None:
        self.query_one("#ex-grid").toggle_class("-hide-left")

    def layout_allows(self, action: str) -> bool | None:
        """check_action's answer for the layout keys; None for other actions."""
        if action == "cycle_pane":
            return True
        if action == "toggle_statement":
            return not self.tabbed
        return None
