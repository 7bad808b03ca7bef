"""Switching the language in the app (F12, or the palette): the app's words and the course's texts
change at once, the choice is remembered (Session.switch_language), and every screen open shows
its texts again without losing what the learner has there.

- An exercise is shown again in place: title, statement (at the same scroll position), hints,
  context, unlocked solution and explanation; the editor keeps the draft as it is, and a run
  going on goes on (its checks speak the language they started in).
- A quiz shows its current question again in place, once a verification it runs has ended.
- A lesson page is built again from its other language's file, at the same fraction of its
  height, once it is the screen shown and none of its examples is running.
- The course map, the progress table, a cheat sheet, the playground and the help read their
  words again.
Nothing is recorded but the language itself: progress, drafts and answers do not depend on it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Markdown, Static, TabbedContent, TextArea

from tutor.app.typed_app import tutor_app
from tutor.words.catalog import LANGS, lang, set_lang, t

if TYPE_CHECKING:
    from tutor.app.exercise import ExerciseScreen
    from tutor.app.lesson import LessonScreen
    from tutor.app.quiz import QuizScreen

POLL_S = 0.1  # how often a screen that waits (a run going on, not shown) looks again
EXERCISE_TABS = {
    "tab-statement": "app.ex.statement",
    "tab-hints": "app.ex.hints",
    "tab-context": "app.ex.context",
    "tab-history": "app.ex.history",
    "tab-solution": "app.ex.solution",
}


def other_language() -> str:
    """The language the switch goes to: the next one of the tutor's languages."""
    return LANGS[(LANGS.index(lang()) + 1) % len(LANGS)]


def switch_language(app: Any, new: str | None = None) -> None:
    """Show everything in `new` (by default the other language) from now on."""
    from tutor.application.session import StoreError

    new = new or other_language()
    app.save_open_drafts()  # the editors' text is on file whatever happens next
    try:
        app.course = app.session.switch_language(new)
    except StoreError as e:  # the course has switched; only remembering it failed
        app.course = app.session.course
        app.notify(str(e), severity="warning", timeout=5, markup=False)
    set_lang(new)
    app.forget_text_index()
    for screen in list(app.screen_stack):
        show_again(screen)
    app.notify(t("app.language_now", name=t(f"app.lang.{new}")), timeout=3, markup=False)


def show_again(screen: Screen[Any]) -> None:
    """One screen's texts in the language now chosen."""
    from tutor.app.cheatsheet import CheatSheetScreen
    from tutor.app.exercise import ExerciseScreen
    from tutor.app.helpscreen import HelpScreen
    from tutor.app.home import HomeScreen
    from tutor.app.lesson import LessonScreen
    from tutor.app.playground_screen import PlaygroundScreen
    from tutor.app.progress_screen import ProgressScreen
    from tutor.app.quiz import QuizScreen

    app = tutor_app(screen)
    if isinstance(screen, ExerciseScreen):
        _exercise(screen)
    elif isinstance(screen, LessonScreen):
        when_free(screen, lambda: _running(screen), lambda: _rebuild_lesson(screen))
    elif isinstance(screen, QuizScreen):
        when_free(screen, lambda: _running(screen), lambda: _quiz(screen), shown=False)
    elif isinstance(screen, HomeScreen):
        screen.title = app.course.title
        screen.sub_title = t("app.map.title")
        if screen.app.screen is screen:
            screen.refresh_map()  # else refreshed when it is shown again
    elif isinstance(screen, ProgressScreen):
        screen.title = t("app.progress.title")
        screen.refresh_table()
    elif isinstance(screen, CheatSheetScreen):
        screen.load()
    elif isinstance(screen, PlaygroundScreen):
        screen.title = f"{t('app.pg.title')} · {t('app.map.chapter', id=screen.chapter_id)}"
        screen.sub_title = app.course.chapter_by_id[screen.chapter_id].short_title
    elif isinstance(screen, HelpScreen):
        screen.query_one("#help-table", Static).update(screen.help_table())
    screen.refresh_bindings()  # the key bar reads its words again


def when_free(
    screen: Screen[Any], busy: Callable[[], bool], then: Callable[[], None], shown: bool = True
) -> None:
    """`then()` as soon as nothing of `screen` runs (and, with `shown`, it is the screen shown:
    a page is built again only in view), now if it can."""

    def ready() -> bool:
        return not busy() and (not shown or screen.app.screen is screen)

    if ready():
        then()
        return
    screen.notify(
        t("app.language_after_run", name=t(f"app.lang.{lang()}")), timeout=4, markup=False
    )

    def look() -> None:
        if not screen.is_attached:
            timer.stop()
        elif ready():
            timer.stop()
            then()

    timer = screen.set_interval(POLL_S, look)


def _running(screen: Screen[Any]) -> bool:
    from tutor.app.runblock import RunBlock

    return any(block.running for block in screen.query(RunBlock).results(RunBlock))


def _exercise(screen: ExerciseScreen) -> None:
    app = tutor_app(screen)
    ex = screen.exercise = app.course.exercise(screen.exercise_id)
    screen.chapter = app.course.chapter_by_id[ex.chapter_id]
    screen.title = f"{t('app.kind.exercise')} {ex.id} · {ex.title}"
    screen.sub_title = screen.chapter.short_title
    app.warm_runner(screen.chapter.context_path)  # the next run's context is this language's
    tabs = screen.query_one("#ex-left", TabbedContent)
    for pane_id, key in EXERCISE_TABS.items():
        tabs.get_tab(pane_id).label = t(key)
    statement = screen.query_one("#statement", Markdown)
    if statement.source:  # else filled after the first frame, in the language now chosen
        _update_keeping_scroll(statement, ex.statement)
    from tutor.app.exercise_panes import HintsPane, SolutionPane

    hints = screen.query_one(HintsPane)
    if hints.filled:
        hints.show(app.session.hints(ex.id), len(ex.hints))
    context = screen.query_one("#context", TextArea)
    if context.text:
        context.load_text(screen.chapter.context_source)
    if app.session.solution_unlocked(ex.id):
        screen.query_one(SolutionPane).show_source(ex.solution)
    explanation = screen.query_one("#explanation", Markdown)
    if explanation.source:  # shown after a pass
        explanation.update(f"### {t('app.ex.explanation')}\n\n{ex.explanation}")


def _update_keeping_scroll(markdown: Markdown, text: str) -> None:
    """`markdown` shows `text`, its scrolling container left where it was (as far as the new
    text reaches)."""
    box = markdown.parent
    y = box.scroll_y if isinstance(box, Widget) else 0.0

    async def update() -> None:
        await markdown.update(text)
        if isinstance(box, Widget):
            box.call_after_refresh(box.scroll_to, y=y, animate=False)

    markdown.call_later(update)


def _quiz(screen: QuizScreen) -> None:
    screen.quiz = tutor_app(screen).course.quiz(screen.chapter_id)
    screen.title = t("app.quiz.title", title=screen.quiz.title)
    screen.show_question()


def _rebuild_lesson(screen: LessonScreen) -> None:
    """The page built again from the file of the language now chosen, shown from the same
    fraction of its height (kept while the new page is laid out)."""
    page = screen.page
    fraction = page.scroll_y / page.max_scroll_y if page.max_scroll_y > 0 else 0.0
    new = tutor_app(screen).reopen()
    if new is not None and fraction > 0:
        new.page.keep_fraction(fraction)  # type: ignore[attr-defined]
