"""The Textual application: owns the course (loaded once), the progress store and the runner
(created lazily; it never imports jax), and navigates between screens.

Screen stack: [default, HomeScreen, <one place>] — opening a place from the course map pushes
it, opening a place from another place replaces it, F2 goes back to the map."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen

from tutor.content import UnknownId, load_course
from tutor.messages import t
from tutor.store import Store

LINK_KINDS = ("exercise", "lesson", "quiz")
THEMES = ("textual-dark", "textual-light")


class TutorApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "jaxtutor"
    BINDINGS = [
        Binding("f1", "help", t("app.key.help")),
        Binding("f2", "home", t("app.key.map")),
        Binding("f3", "progress", t("app.key.progress")),
        Binding("f4", "cheatsheet", t("app.key.cheatsheet")),
        Binding("f9", "toggle_theme", t("app.key.theme"), show=False),
        Binding("ctrl+q", "quit", t("app.key.quit"), priority=True),
        Binding("ctrl+p", "command_palette", t("app.key.palette"), priority=True),
    ]

    def __init__(self, *, home: Path, target: tuple[str, str] | None = None, runner=None,
                 warm: bool = True):
        from tutor.app.commands import CourseCommands

        self.COMMANDS = {CourseCommands}      # only entries in the catalog's words
        self._gc_was_enabled = gc.isenabled()    # see on_mount and _settle_gc
        self._gc_frozen = False
        super().__init__()
        self.course = load_course()
        self.store = Store(home)
        self.target = target
        self._runner = runner
        self._owns_runner = runner is None
        self._warm = warm
        self._runner_lock = threading.Lock()
        theme = self.store.get_setting("theme")
        self.theme = theme if theme in THEMES else THEMES[0]

    # ------------------------------------------------------------ runner

    @property
    def runner(self):
        with self._runner_lock:
            if self._runner is None:
                from tutor.runner import Runner

                # keep_warm=False: the app re-warms from the UI thread after each run (see
                # warm_runner), never from a short-lived thread, because a worker's parent-death
                # signal (PR_SET_PDEATHSIG) fires when the *thread* that spawned it ends.
                self._runner = Runner(keep_warm=False)
            return self._runner

    def warm_runner(self, context_path=None) -> None:
        """Make sure a warm worker for this context is on its way. Called on the UI thread (a
        spawn costs a few ms: exec, no fork of the app's state)."""
        if not self._warm:
            return
        self._warm_context = context_path
        try:
            self.runner.warm(context_path)
        except Exception as e:  # noqa: BLE001 - a run will report it
            self.log.warning(f"warm-up failed: {e}")

    def rewarm(self) -> None:
        """After a run: pre-spawn the next warm worker for the last context asked for."""
        self.warm_runner(getattr(self, "_warm_context", None))

    def on_unmount(self) -> None:
        self._release_gc()
        if self._runner is not None and self._owns_runner:
            self._runner.close()
        self.store.close()

    # ------------------------------------------------------------ start-up

    def on_mount(self) -> None:
        from tutor.app.home import HomeScreen

        # no cyclic GC until the first frame: start-up allocates a lot and frees almost nothing
        gc.disable()

        self.push_screen(HomeScreen())
        if self.store.recovered_from is not None:
            self.notify(t("app.store_moved", path=self.store.recovered_from), severity="warning", timeout=10)
        target = self.target
        if target is None:
            target = self.store.location()
            if target is None:
                if self.course.welcome_path is not None:
                    target = ("welcome", "")
        if target is not None:
            self.open_item(target[0], target[1], quiet=self.target is None)
        self.set_timer(1.0, lambda: threading.Thread(target=_prewarm_highlighting, daemon=True).start())
        self.call_after_refresh(self._settle_gc)

    # ------------------------------------------------------------ garbage collection

    def _settle_gc(self) -> None:
        """After the first frame: move everything alive (modules, the course, the first screen:
        some 75k objects) into the GC's permanent generation, so that full collections no longer
        walk them, then turn the collector back on."""
        if self._gc_frozen:
            return
        self._gc_frozen = True
        gc.freeze()
        if self._gc_was_enabled:
            gc.enable()

    def _collect_garbage(self) -> None:
        """Back on the course map (a natural pause, once the map is drawn): one full collection of
        what the pages left behind, then freeze the survivors again. The automatic collections
        that follow only walk what the next pages allocate, so they stay short instead of
        stalling a page as it opens. Unfreezing first means no garbage stays frozen for good."""
        if not self._gc_frozen or not gc.isenabled():
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _release_gc(self) -> None:
        """On exit (or when the app is run in-process, e.g. by tests): give the objects back to
        the collector and restore its state."""
        if self._gc_frozen:
            gc.unfreeze()
            self._gc_frozen = False
        if self._gc_was_enabled:
            gc.enable()

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
            from tutor.app.progress import ProgressScreen

            return ProgressScreen()
        if kind == "cheatsheet":
            from tutor.app.cheatsheet import CheatSheetScreen

            return CheatSheetScreen(item_id or self.current_chapter_id())
        raise UnknownId(kind, item_id, [])

    def open_item(self, kind: str, item_id: str, quiet: bool = False) -> bool:
        try:
            screen = self._make_screen(kind, item_id)
        except UnknownId as e:
            if not quiet:
                self.notify(t("app.unknown", kind=t(f"app.kind.{e.kind}") if e.kind in LINK_KINDS else e.kind,
                              id=e.given, ids=", ".join(e.suggestions) or "-"), severity="error")
            return False
        self._show(screen)
        return True

    def _show(self, screen) -> None:
        from tutor.app.home import HomeScreen

        while isinstance(self.screen, ModalScreen):
            self.pop_screen()
        if isinstance(self.screen, HomeScreen):
            self.push_screen(screen)
        else:
            self.switch_screen(screen)

    def open_link(self, href: str) -> None:
        kind, _, item_id = href.partition(":")
        if kind in LINK_KINDS and item_id:
            self.open_item(kind, item_id)
        else:
            self.notify(t("app.lesson.bad_link", href=href), severity="warning")

    def open_next(self, after: tuple[str, str]) -> None:
        from tutor.app.courseitems import course_items

        items = course_items(self.course)
        keys = [i.key for i in items]
        if after in keys and keys.index(after) + 1 < len(items):
            nxt = items[keys.index(after) + 1]
            self.open_item(nxt.kind, nxt.id)
        else:
            self.notify(t("app.ex.no_next"))
            self.action_home()

    def continue_course(self) -> None:
        from tutor.app.courseitems import Progress

        item = Progress(self.course, self.store).next_item(self.store.location())
        if item is None:
            self.notify(t("app.map.all_done"))
            return
        self.open_item(item.kind, item.id)

    def current_chapter_id(self) -> str:
        loc = self.store.location()
        if loc is not None:
            kind, item = loc
            cid = item if kind == "quiz" else item.rsplit(".", 1)[0]
            if cid in self.course.chapter_by_id:
                return cid
        return self.course.chapters[0].id

    # ------------------------------------------------------------ actions

    def action_home(self) -> None:
        from tutor.app.home import HomeScreen

        left = False
        while len(self.screen_stack) > 1 and not isinstance(self.screen, HomeScreen):
            self.pop_screen()
            left = True
        if isinstance(self.screen, HomeScreen):
            self.screen.refresh_map()
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

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(placeholder=t("app.cmd.placeholder"), id="--command-palette"))

    def action_toggle_theme(self) -> None:
        self.theme = THEMES[1] if self.theme == THEMES[0] else THEMES[0]
        self.store.set_setting("theme", self.theme)
        self.notify(t("app.theme_now", name=self.theme), timeout=2)


def _prewarm_highlighting() -> None:
    """Background, once: compile the Python lexer's regexes (pygments does it on first use, a
    noticeable pause on the first page with code). Pure computation, no widgets."""
    try:
        from textual.highlight import highlight

        highlight("import jax\nfor i in range(3):\n    print(f'{i!r}', [1.0, 'a'])\n", language="python")
    except Exception:  # noqa: BLE001 - only a warm-up
        pass
