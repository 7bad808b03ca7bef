"""The Textual application: owns the course (loaded once) and the session (the one door: every
use case a screen calls, its store and its run service, whose runner is created lazily and never
imports jax), warms workers, paces garbage collection and saves the drafts when the terminal goes
away or the learner quits (a text that cannot be saved goes to a recovery file). Moving between
screens is its base's, Navigation (tutor/app/navigation.py)."""

from __future__ import annotations

import contextlib
import gc
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.binding import Binding

from tutor.app import terminal_guard
from tutor.app.backstack import BackStack
from tutor.app.endsignals import EndSignals
from tutor.app.garbage_policy import GarbagePolicy
from tutor.app.navigation import Navigation, passing_over
from tutor.application.runs import RunService
from tutor.application.session import StoreError, open_session
from tutor.course.loader import load_course
from tutor.words.catalog import lang, t

if TYPE_CHECKING:
    from textual.command import Provider

    from tutor.app.quitting import Recovered
    from tutor.app.textindex import TextIndex
    from tutor.app.typed_app import TutorAppLike
    from tutor.application.runs import RunnerLike

terminal_guard.install()  # before anything is drawn: no control character reaches the terminal

THEMES = ("textual-dark", "textual-light")


def _course_commands() -> type[Provider]:
    """The palette's entries, imported when the palette first opens."""
    from tutor.app.palette import CourseCommands

    return CourseCommands


class TutorApp(Navigation):
    CSS_PATH = "app.tcss"
    TITLE = "jaxtutor"
    # descriptions are catalog keys: KeyBar and the help translate them when they are shown, so
    # that the language chosen at start-up (--lang, JAXTUTOR_LANG) applies
    BINDINGS = [
        Binding("f1", "help", "app.key.help"),
        Binding("f2", "home", "app.key.map"),
        Binding("f3", "progress", "app.key.progress"),
        Binding("f4", "cheatsheet", "app.key.cheatsheet"),
        Binding("f12", "switch_language", "app.key.language", show=False, priority=True),
        Binding("f9", "toggle_theme", "app.key.theme", show=False),
        Binding("slash", "search", "app.key.search", priority=True),  # see _search_offered
        Binding("ctrl+q", "quit", "app.key.quit", priority=True),
        Binding("ctrl+p", "command_palette", "app.key.palette", priority=True),
    ]
    COMMANDS = {_course_commands}  # only entries in the catalog's words

    def __init__(
        self,
        *,
        home: Path,
        target: tuple[str, str] | None = None,
        runner: RunnerLike | None = None,
        warm: bool = True,
    ):
        """`runner`: a stand-in for the real runner (tests); `warm`: keep a worker ready."""
        self.gc_policy = GarbagePolicy(gc.isenabled())  # tutor/app/garbage_policy.py
        super().__init__()
        self.course = load_course(lang=lang())  # only this language's files are read
        self.session = open_session(
            home,
            course=self.course,
            lang=lang(),
            runs=RunService(runner, keep_warm=warm, interactive=True),
        )
        with contextlib.suppress(StoreError):  # not remembered: chosen again next start
            self.session.remember_language(lang())
        self.target = target
        self.places = BackStack()  # the place shown and where Esc returns (tutor/app/backstack.py)
        self._warm = warm
        self._text_index: TextIndex | None = None
        # editor texts that could not be saved, kept in recovery files (printed after the app)
        self.recovered: list[Recovered] = []
        # SIGHUP (the terminal was closed) and SIGTERM save every open draft, then end the app
        self.end_signals = EndSignals(
            self.save_open_drafts, lambda code: self.exit(return_code=code)
        )
        from tutor.app.legible import install

        install(self, THEMES)  # text colours legible in both themes (tutor/app/legible.py)
        theme = self.session.setting("theme")
        self.theme = theme if theme in THEMES else THEMES[0]
        from tutor.app.stylesheet_reuse import reuse_parsed_rules

        # the first parse uses the legible theme's colours, and no rule is parsed twice with them
        reuse_parsed_rules(self.stylesheet, self.get_css_variables())

    # ------------------------------------------------------------ warm workers

    def warm_runner(self, context_path: Path | None = None) -> None:
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
        """Write the editor text of every open draft now (synchronously); a text that cannot be
        saved goes to a recovery file (tutor/app/quitting.py)."""
        from tutor.app.quitting import save_or_recover

        self.recovered += save_or_recover(self)

    async def action_quit(self) -> None:
        """Ctrl+Q: quit, unless an open draft cannot be saved: then the learner chooses what
        becomes of its text (tutor/app/quitting.py)."""
        from tutor.app.quitting import quit_or_ask

        quit_or_ask(self, self.recovered)

    # ------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        from tutor.app.home import HomeScreen

        self.gc_policy.hold()  # no cyclic GC until the first frame (tutor/app/garbage_policy.py)

        self.push_screen(HomeScreen())
        if not self.is_headless and threading.current_thread() is threading.main_thread():
            self.end_signals.install()
        if self.session.recovered_from is not None:
            self.notify(
                t("app.store_moved", path=self.session.recovered_from),
                severity="warning",
                timeout=10,
                markup=False,
            )
        target = self.target or self._resume_at()
        if target is not None:
            self.open_item(target[0], target[1], quiet=self.target is None)
        self.set_timer(
            1.0,
            lambda: self.run_worker(
                _prewarm_highlighting, name="warm highlighting", thread=True, exit_on_error=False
            ),
        )
        self.call_after_refresh(self._settle_gc)

    def _resume_at(self) -> tuple[str, str] | None:
        """Where a start without a target opens: the welcome page on a first start, else where
        "continue" goes (the first unfinished item in course order, saying what it passes over),
        else, with everything done, the learner's last place."""
        place = self.session.location()
        if place is None:
            return ("welcome", "") if self.course.welcome_path is not None else None
        plan = self.session.continue_plan()
        if plan.passed and plan.item is not None:
            self.notify(passing_over(plan.passed), timeout=8, markup=False)
        return plan.item.key if plan.item is not None else place

    # ------------------------------------------------------------ garbage collection

    def _settle_gc(self) -> None:
        self.gc_policy.settle()
        self.set_interval(1.0, self._collect_when_idle)

    def _collect_when_idle(self) -> None:
        self.gc_policy.collect_if_idle(self.run_going_on())

    def run_going_on(self) -> bool:
        """A run goes on: every run has its async worker (its task) in the group "runs"
        (tutor/app/run_lifecycle.py), whichever screen started it."""
        return any(worker.group == "runs" and not worker.is_finished for worker in self.workers)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.MouseDown)):
            self.gc_policy.noticed_input()
        if isinstance(event, events.Key) and event.key == "n" and not event.is_forwarded:
            if await self.take_next_key():  # on the screen current now (navigation.py)
                return
        await super().on_event(event)

    # ------------------------------------------------------------ actions

    def action_help(self) -> None:
        from tutor.app.helpscreen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    @property
    def text_index(self) -> TextIndex:
        """The course's full-text index (built on first use, off the UI thread by its callers)."""
        if self._text_index is None:
            from tutor.app.textindex import TextIndex

            self._text_index = TextIndex(self.course)
        return self._text_index

    def forget_text_index(self) -> None:
        """The course's texts changed (another language): the index is built again on use."""
        self._text_index = None

    def action_switch_language(self) -> None:
        """The other language for the app's words and the course (tutor/app/language_switch.py)."""
        from tutor.app.language_switch import switch_language

        switch_language(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "search":
            return self._search_offered()
        return super().check_action(action, parameters)

    def _search_offered(self) -> bool:
        """`/` acts when the app reads it (a priority binding), so that the keys typed right after
        it go to the search and not to the place under it. Not where `/` is text (a box, an
        editor), not over a dialog, not on a screen with a `/` of its own (the cheat sheet)."""
        screen, focused = self.screen, self.focused
        if screen.is_modal or (focused is not None and focused.check_consume_key("slash", "/")):
            return False
        own = (b for b in getattr(screen, "BINDINGS", ()) if isinstance(b, Binding))
        return not any("slash" in b.key.split(",") for b in own)

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
            markup=False,
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


if TYPE_CHECKING:  # mypy proves that the app is what the screens take it for
    _screens_see: type[TutorAppLike] = TutorApp
