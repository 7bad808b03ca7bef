"""The playground: the learner's own scratch code for one chapter, with the chapter context loaded
(as a lesson's `run context` example runs), run in the warm worker, its output and charts beside
the editor (below it on a narrow terminal).

Opened with `e` on a lesson's selected example (the example comes along), from the course map
(`e`) and from the exercise screen (Ctrl+L). The text lives in `<home>/playground/<chapter>.py`
(tutor/storage/playground.py), kept in step with the editor by DraftSync exactly like an exercise
draft: autosave, saved before every run and on SIGHUP/SIGTERM, outside edits reloaded or both kept.
Opening an example never removes anything: an empty playground gets the example; otherwise the
example is added below what is there (Ctrl+Z takes it out again); an example already there is
only scrolled to; the cursor goes after the example. F8 empties the playground after keeping its
text in a backup.

The screen is pushed on top of where it was opened and Esc returns there (it marks itself
OVERLAY for the app's navigation, and HOLDS_OVERLAYS so that F3/F4 open above it)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TextArea

from tutor.app.cjkwrap import WrapStatic
from tutor.app.draftsync import DraftConflict, DraftNotice, DraftSync
from tutor.app.editor import CodeEditor
from tutor.app.keybar import KeyBar
from tutor.app.placeheader import PlaceHeader
from tutor.app.run_lifecycle import RunDone, RunLifecycle, RunUpdated
from tutor.app.typed_app import tutor_app
from tutor.application import progress
from tutor.application.session import DraftError, playground_with_example
from tutor.terminal_text import literal
from tutor.words.catalog import t

STACKED_BELOW = 100  # narrower than this: the output goes under the editor


def open_playground(app, chapter_id: str, example=None, lesson_id: str | None = None) -> None:
    """Push the chapter's playground over the current screen; `example` (a CodeBlock of lesson
    `lesson_id`) is opened in it."""
    app.push_screen(PlaygroundScreen(chapter_id, example=example, lesson_id=lesson_id))


class PlaygroundScreen(Screen):
    CSS_PATH = "playground.tcss"
    HORIZONTAL_BREAKPOINTS = []  # the layout is a class on #pg-grid
    OVERLAY = True  # pushed over a place: Esc pops it, opening a place closes it
    HOLDS_OVERLAYS = True  # F3/F4 open above it and come back to it
    BINDINGS = [
        Binding("ctrl+r,f5", "run", "app.key.pg_run", priority=True),
        Binding("escape", "escape", "app.key.back", priority=True),
        Binding("f8", "clear", "app.key.pg_clear"),
        Binding("f6", "switch_pane", "app.key.pg_switch", priority=True),
        Binding("ctrl+s", "save", "app.key.save", show=False, priority=True),
    ]

    def __init__(self, chapter_id: str, *, example=None, lesson_id: str | None = None):
        super().__init__()
        self.chapter_id = chapter_id
        self.example, self.lesson_id = example, lesson_id
        self.lifecycle = RunLifecycle(self, self.show_live)
        self.result = None

    # ------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        app = tutor_app(self)
        self.chapter = app.course.chapter_by_id[self.chapter_id]
        self.draft = app.session.playground_draft(self.chapter_id)
        opening = self.draft.opening()  # a read_error: shown read-only, like an exercise draft
        text, read_error = opening.text, opening.read_error
        yield PlaceHeader(show_clock=False)
        with Container(id="pg-grid", classes=self._layout(self.app.size.width)):
            with Vertical(id="pg-left"):
                editor = CodeEditor(text, id="pg-editor", read_only=read_error is not None)
                yield editor
                yield WrapStatic("", id="pg-status")
                self.sync = DraftSync(self.draft, editor, read_error=read_error)
                yield self.sync
            with VerticalScroll(id="pg-results"):
                yield WrapStatic(Text(t("app.pg.intro"), style="dim"), id="pg-intro")
                yield Static("", id="pg-output")
                yield Vertical(id="pg-charts")
        yield KeyBar()

    @staticmethod
    def _layout(width: int) -> str:
        return "-stacked" if width < STACKED_BELOW else "-wide"

    def on_resize(self, event) -> None:
        grid = self.query_one("#pg-grid")
        wanted = self._layout(self.app.size.width)
        if not grid.has_class(wanted):
            grid.set_classes(wanted)

    def on_mount(self) -> None:
        self.title = f"{t('app.pg.title')} · {t('app.map.chapter', id=self.chapter_id)}"
        self.sub_title = self.chapter.short_title
        self.query_one("#pg-output").display = False
        self._status(t("app.pg.saved_in", path=self.draft.path))
        outputs = tutor_app(self).block_outputs
        outputs.enter(self.chapter_id)
        earlier = outputs.get(self._cache_key)
        if earlier is not None:  # run before in this chapter: shown again
            self._show_result(earlier, earlier=True)
        editor = self.query_one("#pg-editor", CodeEditor)
        editor.focus()
        if self.example is not None and not self.sync.read_only:
            self._open_example(editor)
        self.set_timer(0.3, lambda: tutor_app(self).warm_runner(self.chapter.context_path))

    def _open_example(self, editor: CodeEditor) -> None:
        heading = t("app.pg.example_heading", id=self.lesson_id or "-")
        text, line = playground_with_example(editor.text, self.example.code, heading)
        if text != editor.text:
            added = bool(editor.text.strip())
            editor.load_text_undoably(text)
            self.sync.flush_now()  # the example is in the file at once
            if added:
                self._status(t("app.pg.added", line=line + 1), "bold cyan")
        else:
            self._status(t("app.pg.already", line=line + 1), "bold cyan")
        end = line + self.example.code.rstrip("\n").count("\n") + 1  # the line after it
        editor.move_cursor((min(end, editor.document.line_count - 1), 0))

        def show() -> None:  # its start in view if it fits, the cursor after it in any case
            editor.scroll_to(x=0, y=max(0, line - 2), animate=False)
            editor.scroll_cursor_visible()

        self.call_after_refresh(show)

    def on_unmount(self) -> None:
        self.cancel()
        self.sync.flush_now()

    @property
    def _cache_key(self) -> tuple[str, str]:
        return "playground", self.chapter_id

    def _status(self, text: str, style: str = "dim") -> None:
        self.query_one("#pg-status", WrapStatic).update(Text().append(text, style=style))

    # ------------------------------------------------------------ the file

    @on(TextArea.Changed, "#pg-editor")
    def _edited(self) -> None:
        self.sync.edited()

    def on_draft_notice(self, message: DraftNotice) -> None:
        self._status(message.text, message.style)

    def on_draft_conflict(self, message: DraftConflict) -> None:
        from tutor.app.dialogs import ChoiceDialog

        self._status(t("app.ex.conflict_status", backup=message.backup or "-"), "bold yellow")

        def chosen(choice: str | None) -> None:
            self.sync.resolve(keep_mine=choice != "theirs")

        choices = [("mine", t("app.ex.keep_mine")), ("theirs", t("app.ex.take_theirs"))]
        self.app.push_screen(
            ChoiceDialog(t("app.ex.conflict_question", backup=message.backup or "-"), choices),
            chosen,
        )

    def action_save(self) -> None:
        outcome = self.sync.flush_now()
        if outcome is not None and outcome.ok:
            self._status(t("app.ex.saved"))

    def action_clear(self) -> None:
        """Empty the playground, its text kept in a backup first (and Ctrl+Z brings it back)."""
        editor = self.query_one("#pg-editor", CodeEditor)
        if self.sync.read_only or not editor.text.strip():
            return
        from tutor.app.dialogs import ConfirmDialog

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                backup = self.draft.keep(editor.text, "cleared")
            except DraftError as e:
                self._status(str(e), "bold red")  # no backup: nothing is emptied
                return
            editor.load_text_undoably("")
            editor.mark_line(None)
            self.sync.flush_now()
            self._status(t("app.pg.cleared", backup=backup), "bold cyan")

        self.app.push_screen(ConfirmDialog(t("app.pg.clear_confirm", id=self.chapter_id)), answer)

    def action_switch_pane(self) -> None:
        editor = self.query_one("#pg-editor", CodeEditor)
        if self.focused is editor:
            self.query_one("#pg-results").focus()
        else:
            editor.focus()

    # ------------------------------------------------------------ running

    @property
    def running(self) -> bool:
        return self.lifecycle.running

    def action_run(self) -> None:
        if self.running:
            self.notify(t("app.ex.already_running"), timeout=2, markup=False)
            return
        editor = self.query_one("#pg-editor", CodeEditor)
        code = editor.text
        if not self.sync.read_only:
            self.sync.flush_now()  # saved before every run (a failed save says why)
        editor.mark_line(None)
        session, chapter_id = tutor_app(self).session, self.chapter_id
        snippet = session.playground_snippet(chapter_id, code)
        self.query_one("#pg-charts").remove_children()
        self.query_one("#pg-output").display = True
        self.lifecycle.start(
            lambda listener: session.run_snippet(snippet, listener=listener),
            label=snippet.label,
            limit_s=snippet.time_limit,
        )

    def cancel(self) -> None:
        self.lifecycle.cancel()

    def action_escape(self) -> None:
        """Cancel the run; with none, back to where the playground was opened."""
        if self.running:
            self.cancel()
            self.query_one("#pg-intro", WrapStatic).update(
                Text(t("app.ex.cancelling"), style=progress.style("cancelled"))
            )
        else:
            tutor_app(self).go_back()

    def show_live(self) -> None:
        if not self.running:
            return
        live = self.lifecycle.live
        text = literal(live)
        text.append(
            ("\n" if live else "") + self.lifecycle.counter_text(),
            style=progress.style("running"),
        )
        self.query_one("#pg-output", Static).update(text)

    def on_run_updated(self, message: RunUpdated) -> None:
        message.stop()
        if self.lifecycle.current(message) and self.lifecycle.keep_output(message.update):
            self.show_live()

    def on_run_done(self, message: RunDone) -> None:
        message.stop()
        if not self.lifecycle.current(message) or message.verdict is None:
            return
        self._show_result(message.verdict.result)
        tutor_app(self).block_outputs.put(self._cache_key, message.verdict.result)

    def _show_result(self, result, *, earlier: bool = False) -> None:
        from tutor.app.runblock import output_text
        from tutor.app.verdict_view import error_line

        self.result = result
        intro = t("app.pg.earlier") if earlier else t("app.pg.finished", secs=result.duration_s)
        self.query_one("#pg-intro", WrapStatic).update(Text(intro, style="dim"))
        out = self.query_one("#pg-output", Static)
        out.display = True
        out.update(output_text(result))
        charts = self.query_one("#pg-charts")
        charts.remove_children()
        if result.charts:
            from tutor.app.charts import ChartView

            charts.mount_all([ChartView(c) for c in result.charts])
        line = None if earlier else error_line(result)
        if line:
            self.query_one("#pg-editor", CodeEditor).mark_line(line)
        self.query_one("#pg-results", VerticalScroll).scroll_home(animate=False)
