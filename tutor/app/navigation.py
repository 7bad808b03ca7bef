"""Moving between the places of the course, for TutorApp (tutor/app/tutorapp.py), its base.

Screen stack: [default, HomeScreen, <one place>, <overlays>…]. Opening a place (lesson, exercise,
quiz) from the course map pushes it, from another place replaces it and puts that one on the back
stack: Esc returns to it (an exercise to the page that opened it), and from the first place to
the map. The progress screen and the cheat sheet are overlays: pushed on top of where the learner
is, and Esc returns there. F2 goes back to the map. Every next/previous follows the map's order
(Session.next_item / previous_item). The screens' modules are imported where a screen is made, so
start-up does not pay for them."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from tutor.app.backstack import BackStack
from tutor.course.errors import UnknownId
from tutor.words.catalog import t

if TYPE_CHECKING:
    from tutor.app.garbage_policy import GarbagePolicy
    from tutor.app.outputcache import ChapterOutputs
    from tutor.application.progress import Item
    from tutor.application.session import Session
    from tutor.course.model import Course

LINK_KINDS = ("exercise", "lesson", "quiz")
OVERLAY_KINDS = ("progress", "cheatsheet")


class Navigation(App[object]):
    # set by TutorApp.__init__
    course: Course
    session: Session
    places: BackStack  # the place shown and where Esc returns (tutor/app/backstack.py)
    gc_policy: GarbagePolicy
    _block_outputs: ChapterOutputs | None = None
    _screen_change: asyncio.Future[None] | None = None  # the last change of screens, in turn

    def _in_turn(self, change: Callable[[], list[Awaitable[Any]]]) -> None:
        """Changes of screens one after another. Textual makes a new screen current at once and
        mounts it in a task: a screen replaced or popped before that task ended ran its mount
        handlers on children already removed, which ended the app (two quick moves). `change`
        makes its decisions when its turn comes and returns what it started."""
        before = self._screen_change

        async def finished(started: list[Awaitable[Any]]) -> None:
            await asyncio.gather(*started, return_exceptions=True)  # Textual reports failures

        async def after_before() -> None:
            if before is not None:
                with contextlib.suppress(Exception):  # a failed change does not stop the next
                    await before
            await finished(change())

        if before is None or before.done():
            self._screen_change = asyncio.ensure_future(finished(change()))
        else:
            self._screen_change = asyncio.ensure_future(after_before())

    def _make_screen(self, kind: str, item_id: str) -> Screen[Any]:
        if kind == "exercise":
            from tutor.app.exercise import ExerciseScreen

            self.course.exercise(item_id)
            return ExerciseScreen(item_id)
        if kind == "lesson":
            from tutor.app.lesson import LessonScreen

            self.course.lesson(item_id)
            return LessonScreen(item_id)
        if kind == "welcome":
            from tutor.app.lesson import LessonScreen

            return LessonScreen(None)
        if kind == "quiz":
            from tutor.app.quiz import QuizScreen

            self.course.quiz(item_id)
            return QuizScreen(item_id)
        if kind == "progress":
            from tutor.app.progress_screen import ProgressScreen

            return ProgressScreen()
        if kind == "cheatsheet":
            from tutor.app.cheatsheet import CheatSheetScreen

            return CheatSheetScreen(item_id or self.current_chapter_id())
        raise UnknownId(kind, item_id, [])

    def open_item(
        self,
        kind: str,
        item_id: str,
        quiet: bool = False,
        find: str | None = None,
        back: bool = True,
    ) -> bool:
        """Open a place; with `find`, the screen shows where those words occur (a search hit).
        The place it replaces goes on the back stack (Esc returns there), unless `back` is False
        (going back itself)."""
        if kind == "repair":  # a repair exercise opens in the exercise workspace
            kind = "exercise"
        try:
            screen = self._make_screen(kind, item_id)
            screen.find = find  # type: ignore[attr-defined]  # read by the place screens
        except UnknownId as e:
            if not quiet:
                self.notify(
                    t(
                        "app.unknown",
                        kind=t(f"app.kind.{e.kind}") if e.kind in LINK_KINDS else e.kind,
                        id=e.given,
                        ids=", ".join(e.suggestions) or "-",
                    ),
                    severity="error",
                    markup=False,
                )
            return False
        if kind in OVERLAY_KINDS:
            self._show_overlay(screen)
        else:
            self.places.opened((kind, item_id), remember=back)
            self._show(screen)
            if kind in LINK_KINDS:  # outputs of the examples stay while in one chapter
                self.block_outputs.enter(
                    item_id if kind == "quiz" else self.course.chapter_of(item_id).id
                )
        return True

    def reopen(self) -> Screen[Any] | None:
        """The place shown, built again (its texts in the language now chosen), the back stack
        left as it is; None on the course map."""
        place = self.places.place
        if place is None:
            return None
        screen = self._make_screen(*place)
        self._show(screen)
        return screen

    @staticmethod
    def _is_overlay(screen: Screen[Any]) -> bool:
        """A dialog, or a screen that marks itself OVERLAY (progress, cheat sheet): no import
        of those screens' modules just to ask."""
        return isinstance(screen, ModalScreen) or getattr(screen, "OVERLAY", False)

    def _show(self, screen: Screen[Any]) -> None:
        """A place: pushed over the course map, else it replaces the current place."""
        from tutor.app.home import HomeScreen

        def change() -> list[Awaitable[Any]]:
            started: list[Awaitable[Any]] = []
            while len(self.screen_stack) > 2 and self._is_overlay(self.screen):
                started.append(self.pop_screen())
            if isinstance(self.screen, HomeScreen):
                started.append(self.push_screen(screen))
            else:
                started.append(self.switch_screen(screen))
            return started

        self._in_turn(change)

    def _show_overlay(self, screen: Screen[Any]) -> None:
        """The progress screen or a cheat sheet: on top of where the learner is (one at a time)."""

        def change() -> list[Awaitable[Any]]:
            started: list[Awaitable[Any]] = []
            while isinstance(self.screen, ModalScreen):
                started.append(self.pop_screen())
            holds = getattr(self.screen, "HOLDS_OVERLAYS", False)
            if self._is_overlay(self.screen) and not holds:
                started.append(self.switch_screen(screen))
            else:  # over a place, or over the playground (Esc comes back to it)
                started.append(self.push_screen(screen))
            return started

        self._in_turn(change)

    def go_back(self) -> None:
        """Esc on a screen with nothing to cancel: back to the screen below (the place below an
        overlay), else to the place this one was opened from, else to the map."""
        if self._is_overlay(self.screen) and len(self.screen_stack) > 2:
            self._in_turn(lambda: [self.pop_screen()])  # the map below refreshes as it resumes
            return
        while (place := self.places.pop()) is not None:
            if self.open_item(*place, quiet=True, back=False):
                return
        self.action_home()

    def open_link(self, href: str) -> None:
        kind, _, item_id = href.partition(":")
        if kind in LINK_KINDS and item_id:
            self.open_item(kind, item_id)
        elif kind == "cheatsheet" and item_id in self.course.chapter_by_id:
            self.open_item(kind, item_id)
        else:
            self.notify(t("app.lesson.bad_link", href=href), severity="warning", markup=False)

    def open_next(self, current: tuple[str, str], step: int = 1) -> None:
        """The item after (`step` 1) or before (-1) `current` on the course map. Asked on a
        screen already being left (a move is still under way), it counts from the place last
        opened, so that each press moves once."""
        going = self.places.place
        if going is not None and going[0] in LINK_KINDS and going != current:
            current = going
        session = self.session
        item = (session.next_item if step > 0 else session.previous_item)(current)
        if item is not None:
            self.open_item(item.kind, item.id)
        else:
            self.notify(
                t("app.course.last" if step > 0 else "app.course.first"), timeout=3, markup=False
            )

    def continue_course(self) -> None:
        """The first unfinished item in course order, saying what it passes over on the way."""
        plan = self.session.continue_plan()
        if plan.passed:
            self.notify(passing_over(plan.passed), timeout=8, markup=False)
        if plan.item is None:
            self.notify(t("app.map.all_done"), markup=False)
            return
        self.open_item(plan.item.kind, plan.item.id)

    def current_chapter_id(self) -> str:
        loc = self.session.location()
        if loc is not None:
            kind, item = loc
            cid = item if kind == "quiz" else item.rsplit(".", 1)[0]
            if cid in self.course.chapter_by_id:
                return cid
        return self.course.chapters[0].id

    @property
    def block_outputs(self) -> ChapterOutputs:
        """What the lesson examples of the current chapter printed and drew (in memory only)."""
        if self._block_outputs is None:
            from tutor.app.outputcache import ChapterOutputs

            self._block_outputs = ChapterOutputs()
        return self._block_outputs

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F2 is not offered on the map itself (it would change nothing)."""
        if action == "home":
            from tutor.app.home import HomeScreen

            return not isinstance(self.screen, HomeScreen)
        return True

    async def take_next_key(self) -> bool:
        """`n` as it comes in, run on the screen current at that moment; False where `n` is not
        the screen's (a dialog has its own, an editor or a text box types it, the map has none).
        Textual hands a key to the focused widget's queue: a second quick `n` went to the screen
        the first one was leaving and was lost with it. A screen still being mounted runs it
        once mounted."""
        screen = self.screen
        focused = screen.focused
        if isinstance(screen, ModalScreen) or (focused and focused.check_consume_key("n", "n")):
            return False
        action = next(
            (
                b.action
                for b in getattr(screen, "BINDINGS", ())
                if isinstance(b, Binding) and "n" in b.key.split(",")
            ),
            None,
        )
        if action is None or screen.check_action(action, ()) is False:
            return False
        if screen.is_mounted:
            await screen.run_action(action)
        else:
            screen.call_later(screen.run_action, action)
        return True

    def action_home(self) -> None:
        from tutor.app.home import HomeScreen

        self.places.on_map()

        def change() -> list[Awaitable[Any]]:
            started: list[Awaitable[Any]] = []
            while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
                started.append(self.pop_screen())
            if started:  # what the places held is garbage now
                self.call_after_refresh(self.gc_policy.collect)
            return started

        self._in_turn(change)

    def action_progress(self) -> None:
        self.open_item("progress", "")

    def action_cheatsheet(self) -> None:
        self.open_item("cheatsheet", self.current_chapter_id())


def passing_over(items: list[Item], shown: int = 6) -> str:
    """The notice of what "continue" passes over: how many, and the first few by kind and id."""
    named = [f"{t('app.kind.' + item.kind)} {item.id}" for item in items[:shown]]
    ids = t("app.map.id_sep").join(named) + ("…" if len(items) > shown else "")
    return t("app.map.passing_over", n=len(items), ids=ids)
