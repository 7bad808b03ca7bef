"""The lesson reader: a Markdown page with an outline, previous/next, links that navigate inside
the app (exercise:6.1, lesson:6.2, quiz:6), highlighted code, and runnable examples whose output
(and charts) appear under them. With no lesson id it shows the welcome page, whose "start" goes to
the first chapter.

Examples: one runnable block is selected (a marker on it): the one most in view until the
learner moves the selection (j/k). `r` runs it and scrolls to its output; a block with a
prediction takes the answer first (a–d, or a number typed in its box); `x` opens the repair
exercise linked after the selected block; `e` opens it in the chapter's playground. Outputs stay
while the learner is in the chapter (tutor/app/outputcache.py). A page counts as read once the
learner has reached its end (scrolled or paged there, or the whole page fits on the screen) or
left it with `n`, not when it opens."""

from __future__ import annotations

import time

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Markdown, OptionList
from textual.widgets.option_list import Option

from tutor.app.keybar import KeyBar, answer_keys
from tutor.app.lessonpage import LessonPage, PageProse
from tutor.app.pagesplit import (
    outline_entries,
    outline_prompt,
    page_parts,
    repair_links,
    split_page,
    split_sections,
)
from tutor.app.placeheader import PlaceHeader
from tutor.app.runblock import RunBlock
from tutor.app.typed_app import tutor_app
from tutor.course.markdown import CodeBlock
from tutor.terminal_text import literal
from tutor.words.catalog import t

WIDE_COLUMNS = 120  # the outline shows by default from this width on, closes itself below 100
READ_CHECK_S = 0.5  # how often "has the learner reached the end?" is asked


class LessonScreen(Screen):
    HORIZONTAL_BREAKPOINTS = []  # no breakpoint classes: adding one restyles the whole page
    # the footer lists the keys in this order: the ones for the selected example first, so that
    # they stay visible at 80 columns. a–d act when the app reads them (priority): a key goes to
    # the widget focused then, so the digits typed right after `a` reach the box it focuses
    BINDINGS = [
        Binding("a", "predict('A')", "app.key.predict", key_display=answer_keys(4), priority=True),
        Binding("b", "predict('B')", "app.key.predict", show=False, priority=True),
        Binding("c", "predict('C')", "app.key.predict", show=False, priority=True),
        Binding("d", "predict('D')", "app.key.predict", show=False, priority=True),
        Binding("x", "repair", "app.key.repair"),
        Binding("r", "run_block", "app.key.run_block"),
        Binding("e", "playground", "app.key.pg_example"),
        Binding("j", "move_block(1)", "app.key.block_next", key_display="j/k"),
        Binding("k", "move_block(-1)", "app.key.block_prev", show=False),
        Binding("n,right_square_bracket", "next", "app.key.next"),
        Binding("p,left_square_bracket", "prev", "app.key.prev"),
        Binding("o", "toggle_outline", "app.key.outline"),
        Binding("escape", "back", "app.key.back"),
    ]

    def __init__(self, lesson_id: str | None):
        super().__init__()
        self.lesson_id = lesson_id
        self.rendered_at: float | None = None  # first screen shown (benchmarks read it)
        self.page = LessonPage()
        self.selected: RunBlock | None = None  # the example `r`, `x` and a–d act on
        self.read = False  # recorded as read during this visit
        self._end_seen = False
        self.find: str | None = None  # words to show, from a search hit

    def compose(self) -> ComposeResult:
        course = tutor_app(self).course
        if self.lesson_id is None:
            body = course.welcome_path.read_text(encoding="utf-8") if course.welcome_path else ""
            self.chapter = course.chapters[0]
            parts = split_page(body)
            self._predictions, self._repairs = {}, {}
        else:
            lesson = course.lesson(self.lesson_id)
            self.chapter = course.chapter_by_id[lesson.chapter_id]
            parts = page_parts(lesson.segments)
            self._predictions, self._repairs = lesson.predictions, repair_links(lesson.segments)
            titled = (
                lesson.headings
                and lesson.headings[0].level == 1
                and (not lesson.segments or lesson.headings[0].line <= lesson.segments[0].line + 2)
            )
            if not titled:  # a page without its own title gets one
                parts.insert(0, f"# {lesson.id} {lesson.title}")
        self.parts = split_sections(parts)
        self.page.pieces = self._pieces()
        yield PlaceHeader()
        with Horizontal(id="lesson-main"):
            outline = OptionList(id="outline")
            outline.display = self.app.size.width >= WIDE_COLUMNS
            yield outline
            yield self.page
        if self.lesson_id is None:  # under the page, above the keys: in view at any size
            words = literal(t("app.welcome.start", id=self.chapter.id))
            yield Button(words, id="welcome-start", variant="primary")
        yield KeyBar()

    def _pieces(self) -> list[Widget]:
        pieces: list[Widget] = []
        n_block = 0
        for part in self.parts:
            if isinstance(part, str):
                pieces.append(PageProse(part))
            else:
                n_block += 1
                pieces.append(self._run_block(part, n_block))
        return pieces

    def _run_block(self, block: CodeBlock, n_block: int) -> RunBlock:
        prediction = self._predictions.get(block.line)
        session, lesson_id, line = tutor_app(self).session, self.lesson_id, block.line
        on_predict = (
            None
            if prediction is None or lesson_id is None
            else (lambda given: session.predict(lesson_id, line, given))
        )
        return RunBlock(
            block,
            f"{self.lesson_id or 'welcome'}#{n_block}",
            self.chapter.context_path,
            prediction=prediction,
            on_predict=on_predict,
            repair=self._repairs.get(block.line),
        )

    @property
    def complete(self) -> bool:
        """True once every piece of the page is mounted and rendered."""
        return self.page.complete

    def on_mount(self) -> None:
        app = tutor_app(self)
        course = app.course
        if self.lesson_id is None:
            self.title = t("app.map.welcome")
        else:
            lesson = course.lesson(self.lesson_id)
            self.title = f"{t('app.kind.lesson')} {lesson.id} · {lesson.title}"
            self.sub_title = self.chapter.short_title
            app.session.visit("lesson", lesson.id)
            self._read_timer = self.set_interval(READ_CHECK_S, self._check_read)
            self.watch(self.page, "scroll_y", self._scrolled, init=False)
        self.query_one("#outline", OptionList).add_options(
            [
                Option(outline_prompt(level, title), id=f"h-{n_chunk}-{k}")
                for n_chunk, k, level, title in outline_entries(self.parts)
            ]
        )
        self.query_one("#welcome-start" if self.lesson_id is None else "#page").focus()
        self.call_after_refresh(self._rendered)
        if self.page.has_examples:
            self.set_timer(0.3, lambda: app.warm_runner(self.chapter.context_path))

    def _rendered(self) -> None:
        self.rendered_at = time.perf_counter()
        if self.find:  # a search hit: the whole page now, then the hit
            self.page.mount_rest()
            self._find_tries = 0
            self.set_timer(0.05, self._show_find)
        self.call_after_refresh(self.page.mount_more)

    def _show_find(self) -> None:
        from tutor.app.search_hit import mark_hit

        self._find_tries += 1
        if not self.complete and self._find_tries < 60:  # Markdown builds its blocks late
            self.set_timer(0.05, self._show_find)
            return
        if self.find:
            mark_hit(self.page.prose_pieces(), self.find)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        _, n_chunk, k = str(event.option.id).split("-")
        self.page.show_heading(int(n_chunk), int(k))

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        tutor_app(self).open_link(event.href)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "welcome-start":
            event.stop()
            self._start_course()

    def _start_course(self) -> None:
        from tutor.application.progress import chapter_items

        items = chapter_items(self.chapter)
        if items:
            tutor_app(self).open_item(items[0].kind, items[0].id)
        else:
            tutor_app(self).action_home()

    # ------------------------------------------------------------ reading to the end

    def _scrolled(self, _y: float) -> None:
        self._check_read()
        if self.selected is not None and self.page.rows_in_view(self.selected) == 0:
            self._select(None)  # scrolled away: the selection follows the view again
        else:
            self.refresh_bindings()

    def _check_read(self) -> None:
        """Record the page as read once its end is on the screen, every piece laid out."""
        if self.read or self.lesson_id is None or not self.complete:
            return
        if self.page.max_scroll_y - self.page.scroll_y > 1:
            self._end_seen = False
            return
        if not self._end_seen:  # seen at two looks in a row: never a layout not yet settled
            self._end_seen = True
            return
        self._record_read()

    def _record_read(self) -> None:
        if self.read or self.lesson_id is None:
            return
        self.read = True
        self._read_timer.stop()
        from tutor.application.session import StoreError

        try:
            tutor_app(self).session.read_lesson(self.lesson_id)
        except StoreError as e:
            self.notify(str(e), severity="error", timeout=5, markup=False)

    # ------------------------------------------------------------ the selected example

    def current_block(self) -> RunBlock | None:
        """The selected example, or else the one most in view (the first of equals)."""
        return self.selected if self.selected is not None else self.page.most_in_view()

    def _select(self, block: RunBlock | None) -> None:
        for b in self.page.examples():
            b.set_selected(b is block)
        self.selected = block
        self.refresh_bindings()

    def _next_below(self) -> RunBlock | None:
        """The first example below the view (the whole page mounted first, so that it is
        there), else the last one above it."""
        if self.page.mount_rest():
            self.call_after_refresh(self.action_run_block)
            return None
        top = self.page.top
        blocks = self.page.examples()
        below = [b for b in blocks if b.virtual_region.y >= top]
        return below[0] if below else (blocks[-1] if blocks else None)

    def action_move_block(self, step: int) -> None:
        blocks = self.page.examples()
        if not blocks:
            return
        current = self.current_block()
        if current is None:  # none on the screen: the first one below (or above) the view
            top = self.page.top
            below = [b for b in blocks if b.virtual_region.y >= top]
            target = (
                (below[0] if below else blocks[-1])
                if step > 0
                else ([b for b in blocks if b.virtual_region.y < top] or blocks[:1])[-1]
            )
        else:
            n = max(0, min(len(blocks) - 1, blocks.index(current) + step))
            target = blocks[n]
        self._select(target)
        target.scroll_visible(animate=False)
        self.call_after_refresh(lambda: self._select(target))  # scrolling must not drop it

    def action_run_block(self) -> None:
        """Run the selected example (or the one most in view, or else the next one below) and
        show where its output goes."""
        block = self.current_block() or self._next_below()
        if block is None:
            return
        self._select(block)
        block.run()
        block.scroll_visible(animate=False)
        self.call_after_refresh(lambda: self._select(block))

    def action_predict(self, letter: str) -> None:
        block = self._asking()
        if block is None:
            return
        self._select(block)
        if block.prediction is not None and block.prediction.options:
            block.answer(letter)
        else:
            block.run()  # a number is typed in the block's box: this focuses it
        self.refresh_bindings()

    def action_playground(self) -> None:
        """The chapter's playground, with the selected example (or the one most in view)."""
        from tutor.app.playground_screen import open_playground

        block = self.current_block()
        if block is not None:
            self._select(block)
            if block.awaiting_prediction:  # predict first, as before `r`
                block.run()
                return
        open_playground(
            self.app, self.chapter.id, block.block if block is not None else None, self.lesson_id
        )

    def action_repair(self) -> None:
        block = self.current_block()
        if block is not None and block.repair:
            tutor_app(self).open_item("exercise", block.repair)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "prev":  # the welcome page has nothing before it
            return self.lesson_id is not None
        if action in ("repair", "predict", "move_block", "run_block", "playground"):
            if not self.is_mounted:
                return False
            if action == "repair":
                block = self.current_block()
                return block is not None and bool(block.repair)
            if action == "predict":  # in a box the letter is typed
                key, box = str(parameters[0]).lower(), self.focused
                return not (box and box.check_consume_key(key, key)) and self._asking() is not None
            if action == "playground" and self.lesson_id is not None:
                return True  # the playground opens with or without an example
            return self.page.has_examples  # none: not offered
        return True

    def _asking(self) -> RunBlock | None:
        """The block whose question a–d answer: the selected one, else the one on the screen
        that waits for an answer (most in view)."""
        if self.selected is not None:
            return self.selected if self.selected.awaiting_prediction else None
        waiting = [
            (self.page.rows_in_view(b), b) for b in self.page.examples() if b.awaiting_prediction
        ]
        seen = [(rows, b) for rows, b in waiting if rows > 0]
        return max(seen, key=lambda pair: pair[0])[1] if seen else None

    def _asked(self, binding):
        """The question the answer keys would answer now (None for any other key)."""
        block = self._asking() if binding.action.startswith("predict") else None
        return block.prediction if block is not None else None

    def key_label(self, binding) -> str | None:
        """The answer keys: one letter per option; for a number, `a` (it focuses the box)."""
        question = self._asked(binding)
        if question is None:
            return None
        n = len(question.options)
        return answer_keys(n)

    def key_words(self, binding) -> str | None:
        question = self._asked(binding)  # a number is typed, not chosen: the footer says so
        return t("app.key.predict_number") if question and not question.options else None

    def action_next(self) -> None:
        """The next item on the course map. Leaving a page with `n` counts as having read it,
        as reaching its end does."""
        if self.lesson_id is None:
            self._start_course()
            return
        self._record_read()
        tutor_app(self).open_next(("lesson", self.lesson_id))

    def action_prev(self) -> None:
        if self.lesson_id is not None:
            tutor_app(self).open_next(("lesson", self.lesson_id), -1)

    def on_resize(self, event) -> None:
        if event.size.width < 100:  # the page needs every column
            self.query_one("#outline", OptionList).display = False

    def action_toggle_outline(self) -> None:
        outline = self.query_one("#outline", OptionList)
        outline.display = not outline.display

    def action_back(self) -> None:
        running = [b for b in self.page.examples() if b.running]
        if running:
            for b in running:
                b.cancel()
            return
        tutor_app(self).go_back()

    def on_unmount(self) -> None:
        for piece in self.page.pieces:
            if isinstance(piece, RunBlock):
                piece.cancel()
