"""The Textual application: owns the course (loaded once) and the session (the one door: every
use case a screen calls, its store and its run service, whose runner is created lazily and never
imports jax), and navigates between screens.

Screen stack: [default, HomeScreen, <one place>, <overlays>…]. Opening a place (lesson, exercise,
quiz) from the course map pushes it, from another place replaces it and puts that one on the back
stack: Esc returns to it (an exercise to the page that opened it), and from the first place to
the map. The progress screen and the cheat sheet are overlays: pushed on top of where the learner
is, and Esc returns there. F2 goes back to the map. Every next/previous follows the map's order
(Session.next_item / previous_item)."""

from __future__ import annotations

import gc
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen

from tutor.app import termguard
from tutor.app.backstack import BackStack
from tutor.app.endsignals import EndSignals
from tutor.app.gcpolicy import GarbagePolicy
from tutor.application.runs import RunService
from tutor.application.session import open_session
from tutor.course.loader import UnknownId, load_course
from tutor.words.catalog import lang, t

if TYPE_CHECKING:
    from tutor.application.runs import RunnerLike

termguard.install()  # before anything is drawn: no control character reaches the terminal

LINK_KINDS = ("exercise", "lesson", "quiz")
OVERLAY_KINDS = ("progress", "cheatsheet")
THEMES = ("textual-dark", "textual-light")


class TutorApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "jaxtutor"
    # descriptions are catalog keys: KeyBar and the help translate them when they are shown, so
    # that the language chosen at start-up (--lang, JAXTUTOR_LANG) applies
    BINDINGS = [
        Binding("f1", "help", "app.key.help"),
        Binding("f2", "home", "app.key.map"),
        Binding("f3", "progress", "app.key.progress"),
        Binding("f4", "cheatsheet", "app.key.cheatsheet"),
        Binding("f9", "toggle_theme", "app.key.theme", show=False),
        Binding("slash", "search", "app.key.search"),
        Binding("ctrl+q", "quit", "app.key.quit", priority=True),
        Binding("ctrl+p", "command_palette", "app.key.palette", priority=True),
    ]

    def __init__(
        self,
        *,
        home: Path,
        target: tuple[str, str] | None = None,
        runner: RunnerLike | None = None,
        warm: bool = True,
    ):
        """`runner`: a stand-in for the real runner (tests); `warm`: keep a worker ready."""
        from tutor.app.palette import CourseCommands

        self.COMMANDS = {CourseCommands}  # only entries in the catalog's words
        self.gc_policy = GarbagePolicy(gc.isenabled())  # tutor/app/gcpolicy.py
        super().__init__()
        self.course = load_course()
        self.session = open_session(
            home,
            course=self.course,
            lang=lang(),
            runs=RunService(runner, keep_warm=warm, interactive=True),
        )
        self.target = target
        self.places = BackStack()  # the place shown and where Esc returns (tutor/app/backstack.py)
        self._warm = warm
        # SIGHUP (the terminal was closed) and SIGTERM save every open draft, then end the app
        self.end_signals = EndSignals(
            self.save_open_drafts, lambda code: self.exit(return_code=code)
        )
        from tutor.app.legible import install

        install(self, THEMES)  # text colours legible in both themes (tutor/app/legible.py)
        theme = self.session.setting("theme")
        self.theme = theme if theme in THEMES else THEMES[0]

    # ------------------------------------------------------------ warm workers

    def warm_runner(self, context_path=None) -> None:
        """Make sure a warm worker for this context is on its way (spawned off the UI thread)."""
        if not self._warm:
            return
        session = self.session

        def warm() -> None:
            try:
                session.warm(context_path)
            except Exception as e:  # noqa: BLE001 - a run will report it
                self.log.warning(f"warm-up failed: {e}")

        self.run_worker(warm, name="warm worker", group="warm", thread=True, exit_on_error=False)

    def on_unmount(self) -> None:
        self.end_signals.restore()
        self.gc_policy.release()
        self.session.close()

    # ------------------------------------------------------------ closing the terminal

    def run(self, *args, **kwargs):
        try:
            return super().run(*args, **kwargs)
        finally:
            self.end_signals.finished.set()

    def save_open_drafts(self) -> None:
        """Write the editor text of every open exercise now (synchronously)."""
        from tutor.app.draftsync import DraftSync

        for screen in self.screen_stack:
            for sync in screen.query(DraftSync).results(DraftSync):
                sync.flush_now()

    # ------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        from tutor.app.home import HomeScreen

        self.gc_policy.hold()  # no cyclic GC until the first frame (tutor/app/gcpolicy.py)

        self.push_screen(HomeScreen())
        if not self.is_headless and threading.current_thread() is threading.main_thread():
            self.end_signals.install()
        if self.session.recovered_from is not None:
            self.notify(
                t("app.store_moved", path=self.session.recovered_from),
                severity="warning",
                timeout=10,
            )
        target = self.target
        if target is None:
            target = self.session.location()
            if target is None and self.course.welcome_path is not None:
                target = ("welcome", "")
        if target is not None:
            self.open_item(target[0], target[1], quiet=self.target is None)
        self.set_timer(
            1.0,
            lambda: self.run_worker(
                _prewarm_highlighting, name="warm highlighting", thread=True, exit_on_error=False
            ),
        )
        self.call_after_refresh(self._settle_gc)

    # ------------------------------------------------------------ garbage collection

    @property
    def _gc_frozen(self) -> bool:
        return self.gc_policy.frozen

    def _settle_gc(self) -> None:
        self.gc_policy.settle()
        self.set_interval(1.0, self._collect_when_idle)

    def _collect_garbage(self) -> None:
        self.gc_policy.collect()

    def _collect_when_idle(self) -> None:
        self.gc_policy.collect_if_idle(self.run_going_on())

    def run_going_on(self) -> bool:
        """A run goes on: every run has its thread worker in the group "runs"
        (tutor/app/run_lifecycle.py), whichever screen started it."""
        return any(worker.group == "runs" and not worker.is_finished for worker in self.workers)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)):
            self.gc_policy.noticed_input()
        await super().on_event(event)

    # ------------------------------------------------------------ navigation

    def _make_screen(self, kind: str, item_id: str):
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
            screen.find = find
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

    @staticmethod
    def _is_overlay(screen) -> bool:
        """A dialog, or a screen that marks itself OVERLAY (progress, cheat sheet): no import
        of those screens' modules just to ask."""
        return isinstance(screen, ModalScreen) or getattr(screen, "OVERLAY", False)

    def _show(self, screen) -> None:
        """A place: pushed over the course map, else it replaces the current place."""
        from tutor.app.home import HomeScreen

        while len(self.screen_stack) > 2 and self._is_overlay(self.screen):
            self.pop_screen()
        if isinstance(self.screen, HomeScreen):
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def _show_overlay(self, screen) -> None:
        """The progress screen or a cheat sheet: on top of where the learner is (one at a time)."""
        while isinstance(self.screen, ModalScreen):
            self.pop_screen()
        if self._is_overlay(self.screen) and not getattr(self.screen, "HOLDS_OVERLAYS", False):
            self.switch_screen(screen)
        else:  # over a place, or over the playground (Esc comes back to it)
            self.push_screen(screen)

    def go_back(self) -> None:
        """Esc on a screen with nothing to cancel: back to the screen below (the place below an
        overlay), else to the place this one was opened from, else to the map."""
        if self._is_overlay(self.screen) and len(self.screen_stack) > 2:
            self.pop_screen()  # the map below refreshes itself when it resumes
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
            self.notify(t("app.lesson.bad_link", href=href), severity="warning")

    def open_next(self, current: tuple[str, str], step: int = 1) -> None:
        """The item after (`step` 1) or before (-1) `current` on the course map."""
        session = self.session
        item = (session.next_item if step > 0 else session.previous_item)(current)
        if item is not None:
            self.open_item(item.kind, item.id)
        else:
            self.notify(t("app.course.last" if step > 0 else "app.course.first"), timeout=3)

    def continue_course(self) -> None:
        item = self.session.continue_item()
        if item is None:
            self.notify(t("app.map.all_done"))
            return
        self.open_item(item.kind, item.id)

    def current_chapter_id(self) -> str:
        loc = self.session.location()
        if loc is not None:
            kind, item = loc
            cid = item if kind == "quiz" else item.rsplit(".", 1)[0]
            if cid in self.course.chapter_by_id:
                return cid
        return self.course.chapters[0].id

    # ------------------------------------------------------------ actions

    def check_action(self, action: str, parameters) -> bool | None:
        """F2 is not offered on the map itself (it would change nothing)."""
        if action == "home":
            from tutor.app.home import HomeScreen

            return not isinstance(self.screen, HomeScreen)
        return True

    def action_home(self) -> None:
        from tutor.app.home import HomeScreen

        left = False
        self.places.on_map()
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()
            left = True
        if left:
            self.call_after_refresh(self._collect_garbage)

    def action_help(self) -> None:
        from tutor.app.helpscreen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_progress(self) -> None:
        self.open_item("progress", "")

    def action_cheatsheet(self) -> None:
        self.open_item("cheatsheet", self.current_chapter_id())

    @property
    def block_outputs(self):
        """What the lesson examples of the current chapter printed and drew (in memory only)."""
        if getattr(self, "_block_outputs", None) is None:
            from tutor.app.outputcache import ChapterOutputs

            self._block_outputs = ChapterOutputs()
        return self._block_outputs

    @property
    def text_index(self):
        """The course's full-text index (built on first use, off the UI thread by its callers)."""
        if getattr(self, "_text_index", None) is None:
            from tutor.app.textindex import TextIndex

            self._text_index = TextIndex(self.course)
        return self._text_index

    def action_search(self) -> None:
        from tutor.app.search import SearchScreen

        if not isinstance(self.screen, SearchScreen):
            self.push_screen(SearchScreen(), self._open_found)

    def _open_found(self, found) -> None:
        if found:
            hit, query = found
            self.open_item(hit.kind, hit.id, find=query)

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(
                CommandPalette(placeholder=t("app.cmd.placeholder"), id="--command-palette")
            )

    def action_toggle_theme(self) -> None:
        self.theme = THEMES[1] if self.theme == THEMES[0] else THEMES[0]
        self.session.choose_setting("theme", self.theme)
        self.notify(
            t(
                "app.theme_now",
                name=t("app.theme.light" if self.theme == THEMES[1] else "app.theme.dark"),
            ),
            timeout=2,
        )


def _prewarm_highlighting() -> None:
    """Background, once: compile the Python lexer's regexes (pygments does it on first use, a
    noticeable pause on the first page with code). Pure computation, no widgets."""
    try:
        from textual.highlight import highlight

        highlight(
            "import jax\nfor i in range(3):\n    print(f'{i!r}', [1.0, 'a'])\n", language="python"
        )
    except Exception:  # noqa: BLE001 - only a warm-up
        pass
