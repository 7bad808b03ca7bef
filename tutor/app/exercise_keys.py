"""The exercise workspace's moving keys, mixed into ExerciseScreen (tutor/app/exercise.py):

- next: Ctrl+N everywhere, `n` wherever the focus is not in the editor (the footer names the key
  that works where the focus is). After a pass it opens the next item of the course order; before
  one it says what is left (the checks that have not passed, or that none ran) and offers to go on
  anyway (tutor/app/dialogs.py GoOnDialog);
- F7: the next tab of the column the focus is in (statement, hints, context, history, solution on
  the left; results, output, explanation on the right), shown and focused; the footer names it;
- `d` (outside the editor, after a run with a check that did not pass): the diff of the selected
  check, shown and focused so that PgUp/PgDn scroll it;
- F6 is named by the pane it shows next in the one-pane (tabs) layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.css.query import NoMatches
from textual.widgets import TabbedContent, TabPane

from tutor.app.exercise_layout import PANES, PaneLayout
from tutor.app.typed_app import tutor_app
from tutor.protocol.result import CheckStatus, Status
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.application.session import OpenedExercise, Session
    from tutor.protocol.result import RunResult

PANE_WORDS = {
    "ex-left": "app.ex.statement",
    "ex-center": "app.ex.code",
    "ex-right": "app.ex.results",
}
MARKS = {CheckStatus.SKIPPED: "–"}


def _tab_words(pane_id: str) -> str:
    return t("app.ex." + pane_id.removeprefix("tab-"))


class ExerciseKeys(PaneLayout):
    """Needs from the screen: `exercise`, `opened`, `last_result`, `session`."""

    if TYPE_CHECKING:
        exercise_id: str
        last_result: RunResult | None
        opened: OpenedExercise

        @property
        def session(self) -> Session: ...

    # ------------------------------------------------------------ where the keyboard is

    def in_editor(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "editor"

    def _result(self) -> RunResult | None:
        return self.last_result if self.last_result is not None else self.opened.last

    def passed(self) -> bool:
        result = self.last_result
        return (result is not None and result.status == Status.PASSED) or (
            self.opened.status == "passed"
        )

    def first_focus(self) -> None:
        """The editor has the keyboard; in the one-pane layout an exercise never run opens on its
        statement, one run before on its results."""
        self.query_one("#editor").focus()
        if self.tabbed:
            self.show_pane("ex-left" if self.opened.last is None else "ex-right")

    def keys_allow(self, action: str) -> bool | None:
        """check_action's answer for these keys; None for other actions."""
        if action == "next_key":
            return not self.in_editor()
        if action == "diff":
            result = self._result()
            failing = result is not None and any(
                c.status != CheckStatus.PASSED for c in result.checks
            )
            return failing and not self.in_editor() and not self._diff_in_view()
        if action in ("next", "next_tab"):
            return True
        return None

    def key_label(self, binding) -> str | None:
        if binding.action == "next" and not self.in_editor():
            return "n"
        return None

    def key_words(self, binding) -> str | None:
        if binding.action == "next_tab":
            _tabs, target = self._next_tab()
            return t("app.key.tab_to", name=_tab_words(target)) if target else None
        if binding.action == "cycle_pane" and self.tabbed:
            n = PANES.index(self.shown_pane())
            return t(PANE_WORDS[PANES[(n + 1) % len(PANES)]])
        return None

    # ------------------------------------------------------------ next

    def action_next_key(self) -> None:
        self.action_next()

    def action_next(self) -> None:
        here = ("exercise", self.exercise_id)
        app = tutor_app(self)
        if self.passed():
            app.open_next(here)
            return
        after = self.session.next_item(here)
        if after is None:
            app.open_next(here)  # says this is the last item
            return
        from tutor.app.dialogs import GoOnDialog

        place = f"{t(f'app.kind.{after.kind}')} {after.id} · {after.title}"

        def answer(go_on: bool | None) -> None:
            if go_on:
                app.open_next(here)

        self.app.push_screen(GoOnDialog(self.left_text(place)), answer)

    def left_text(self, place: str) -> str:
        """What is left before a pass: the checks of the last run that did not pass, or that no
        run was made."""
        lines = [t("app.ex.left_title", id=self.exercise_id)]
        result = self._result()
        if result is None:
            lines.append(t("app.ex.left_not_run"))
        else:
            status = t(f"status.{result.status.value}")
            failing = [c for c in result.checks if c.status != CheckStatus.PASSED]
            if failing:
                lines.append(t("app.ex.left_checks", status=status))
                lines += [f"  {MARKS.get(c.status, '✗')} {c.name}" for c in failing]
            else:
                lines.append(t("app.ex.left_status", status=status))
        lines += ["", t("app.ex.left_go_on", place=place)]
        return "\n".join(lines)

    # ------------------------------------------------------------ tabs and the diff

    def _column_tabs(self) -> TabbedContent:
        right = self.focused_pane() == "ex-right"
        return self.query_one("#ex-results" if right else "#ex-left", TabbedContent)

    def _next_tab(self) -> tuple[TabbedContent, str | None]:
        """The tabs of the column the focus is in and the tab F7 shows (the next one shown)."""
        tabs = self._column_tabs()
        ids = [
            pane.id for pane in tabs.query(TabPane) if pane.id and self._tab_shown(tabs, pane.id)
        ]
        if not ids:
            return tabs, None
        at = ids.index(tabs.active) if tabs.active in ids else -1
        return tabs, ids[(at + 1) % len(ids)]

    @staticmethod
    def _tab_shown(tabs: TabbedContent, pane_id: str) -> bool:
        """The pane's tab is shown; not yet, while the screen is still mounting its tabs (the
        footer asks for F7's words as soon as the screen is the app's, a quick move included)."""
        try:
            return bool(tabs.get_tab(pane_id).display)
        except NoMatches:
            return False

    def action_next_tab(self) -> None:
        tabs, target = self._next_tab()
        if target is None:
            return
        tabs.active = target
        column = "ex-right" if tabs.id == "ex-results" else "ex-left"
        if column == "ex-left":
            self.query_one("#ex-grid").remove_class("-hide-left")
        self.show_pane(column, focus=False)
        # the keyboard to what the tab shows (arrows scroll it): focus in another tab of the
        # same TabbedContent would bring that tab back
        pane = tabs.get_pane(target)
        inside = self._first_focusable(pane)
        (inside if inside is not None else tabs).focus()
        self.refresh_bindings()

    def _diff_in_view(self) -> bool:
        """Is the whole diff on the screen already (nothing for `d` to bring)?"""
        diff = next(iter(self.query("#diff")), None)
        if diff is None or self.query_one("#ex-results", TabbedContent).active != "tab-results":
            return False
        if self.tabbed and self.shown_pane() != "ex-right":
            return False
        region = diff.region
        bottom = self.size.height - 1  # the footer's row
        return region.height > 0 and region.bottom <= bottom and diff.max_scroll_y == 0

    def action_diff(self) -> None:
        from tutor.app.diffview import DiffView

        self.show_pane("ex-right")
        self.query_one("#ex-results", TabbedContent).active = "tab-results"
        diff = self.query_one("#diff", DiffView)
        diff.focus()
        diff.scroll_visible(animate=False, top=True)  # the diff at the top of the results
