"""The lesson reader: a Markdown page with an outline, previous/next, links that navigate inside
the app (exercise:6.1, lesson:6.2, quiz:6), highlighted code, and runnable examples whose output
(and charts) appear under them. Pages read are recorded. With no lesson id it shows the welcome
page, whose "start" goes to the first chapter."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Header, Markdown, OptionList
from textual.widgets.option_list import Option

from tutor.app.keybar import KeyBar
from tutor.app.runblock import RunBlock
from tutor.markdown import CodeBlock, Segment, code_blocks, headings, join_cjk_breaks, segments
from tutor.messages import t

WIDE_COLUMNS = 120         # the outline shows by default from this width on
FIRST_SCREEN_LINES = 24     # source lines mounted before the first frame
BATCH_LINES = 60            # then this many per frame


def fenced(block: CodeBlock) -> str:
    """A block as a plain fence of its language (no flags), long enough for backticks inside."""
    longest, run = 0, 0
    for ch in block.code:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{block.lang}\n{block.code.rstrip(chr(10))}\n{fence}"


def page_parts(segs: list[Segment]) -> list[str | CodeBlock]:
    """Markdown chunks and runnable blocks, in page order. Each runnable block's code stays in the
    preceding chunk as a plain fence (highlighted); the CodeBlock marks where its run button and
    output go."""
    out: list[str | CodeBlock] = []
    chunk: list[str] = []
    for seg in segs:
        if seg.block is None:
            chunk.append(seg.prose)
            continue
        chunk.append(fenced(seg.block))
        if seg.block.run:
            out.append("\n\n".join(chunk))
            chunk = []
            out.append(seg.block)
    if chunk:
        out.append("\n\n".join(chunk))
    return out


def split_page(body: str) -> list[str | CodeBlock]:
    """`page_parts` of a Markdown text read here (the welcome page); lesson pages come already
    segmented from the course (tutor.course.Lesson.segments)."""
    return page_parts([Segment(line=s.line, prose=join_cjk_breaks(s.prose), block=s.block)
                       for s in segments(body)])


def split_sections(parts: list[str | CodeBlock], max_lines: int = 40) -> list[str | CodeBlock]:
    """Cut long Markdown chunks into pieces of about `max_lines` lines, so that a page can be shown
    piece by piece: at headings, before tables and code blocks, at blank lines; never inside a
    code block (where a heading or a block starts is what tutor.markdown reads)."""
    out: list[str | CodeBlock] = []
    for part in parts:
        if not isinstance(part, str):
            out.append(part)
            continue
        lines = part.split("\n")
        heads = {h.line - 1 for h in headings(part)}
        starts, code = set(), set()
        for b in code_blocks(part):
            first = b.line - 1
            starts.add(first)
            code.update(range(first, min(len(lines), first + b.code.count("\n") + 2)))
        piece: list[str] = []
        for i, line in enumerate(lines):
            table_start = (i not in code and line.lstrip().startswith("|")
                           and not (piece and piece[-1].lstrip().startswith("|")))
            if piece and ((i in starts or table_start) and len(piece) >= 8
                          or i in heads and len(piece) >= max_lines // 2):
                out.append("\n".join(piece))
                piece = []
            piece.append(line)
            if i not in code and len(piece) >= max_lines and line.strip() == "":
                out.append("\n".join(piece))
                piece = []
        if piece:
            out.append("\n".join(piece))
    return out


def _heavy(markdown: str) -> bool:
    """A piece that starts with a table or a code block (the costly blocks to lay out)."""
    first = markdown.lstrip("\n").split("\n", 1)[0].strip()
    return first.startswith(("|", "```", "~~~"))


def outline_entries(parts: list[str | CodeBlock]) -> list[tuple[int, int, int, str]]:
    """(chunk number, heading number in the chunk, level, plain text) of every heading."""
    out = []
    for n_chunk, part in enumerate(p for p in parts if isinstance(p, str)):
        for k, h in enumerate(headings(part)):
            out.append((n_chunk, k, h.level, h.text))
    return out


class LessonScreen(Screen):
    HORIZONTAL_BREAKPOINTS = []     # no breakpoint classes: adding one restyles the whole page
    BINDINGS = [
        Binding("n,right_square_bracket", "next", "app.key.next"),
        Binding("p,left_square_bracket", "prev", "app.key.prev"),
        Binding("o", "toggle_outline", "app.key.outline"),
        Binding("r", "run_block", "app.key.run_block"),
        Binding("escape", "back", "app.key.back"),
    ]

    def __init__(self, lesson_id: str | None):
        super().__init__()
        self.lesson_id = lesson_id
        self.rendered_at: float | None = None       # first screen shown (benchmarks read it)
        self._pending: list = []

    def compose(self) -> ComposeResult:
        course = self.app.course
        if self.lesson_id is None:
            body = course.welcome_path.read_text(encoding="utf-8") if course.welcome_path else ""
            self.chapter = course.chapters[0]
            parts = split_page(body)
        else:
            lesson = course.lesson(self.lesson_id)
            self.chapter = course.chapter_by_id[lesson.chapter_id]
            parts = page_parts(lesson.segments)
            titled = lesson.headings and lesson.headings[0].level == 1 and \
                (not lesson.segments or lesson.headings[0].line <= lesson.segments[0].line + 2)
            if not titled:                      # a page without its own title gets one
                parts.insert(0, f"# {lesson.id} {lesson.title}")
        self.parts = split_sections(parts)
        self._widgets = self._part_widgets()
        first, self._pending = self._first_screenful(self._widgets)
        yield Header()
        with Horizontal(id="lesson-main"):
            outline = OptionList(id="outline")
            outline.display = self.app.size.width >= WIDE_COLUMNS
            yield outline
            with VerticalScroll(id="page"):
                yield from first
        yield KeyBar()

    def _part_widgets(self) -> list:
        widgets = []
        n_block = 0
        for part in self.parts:
            if isinstance(part, str):
                md = Markdown(part, open_links=False, classes="page-md")
                md.piece_source = part      # Markdown.source is empty until the widget is mounted
                widgets.append(md)
            else:
                n_block += 1
                widgets.append(RunBlock(part, f"{self.lesson_id or 'welcome'}#{n_block}", self.chapter.context_path))
        if self.lesson_id is None:
            widgets.append(Button(t("app.welcome.start", id=self.chapter.id), id="welcome-start", variant="primary"))
        return widgets

    @staticmethod
    def _first_screenful(widgets: list, budget: int = FIRST_SCREEN_LINES) -> tuple[list, list]:
        """The widgets that fill the first screen (mounted at once) and the rest (mounted in
        batches after the first frame, so that a long page shows as fast as a short one)."""
        used = 0
        for n, w in enumerate(widgets):
            source = getattr(w, "piece_source", None)
            if n and used >= 8 and source is not None and _heavy(source):
                return widgets[:n], widgets[n:]       # a table or code block comes a frame later
            used += source.count("\n") + 1 if source is not None else 4
            if used >= budget:
                return widgets[: n + 1], widgets[n + 1:]
        return widgets, []

    def _mount_more(self) -> None:
        if not self._pending:
            return
        batch, self._pending = self._first_screenful(self._pending, BATCH_LINES)
        page = self.query_one("#page", VerticalScroll)
        page.mount_all(batch)
        self.call_after_refresh(self._mount_more)

    @property
    def complete(self) -> bool:
        """True once every piece of the page is mounted and rendered."""
        return not self._pending and all(md.children or not md.source.strip()
                                         for md in self.query(".page-md").results(Markdown))

    def on_mount(self) -> None:
        course = self.app.course
        if self.lesson_id is None:
            self.title = t("app.map.welcome")
        else:
            lesson = course.lesson(self.lesson_id)
            self.title = f"{t('app.kind.lesson')} {lesson.id} · {lesson.title}"
            self.sub_title = self.chapter.short_title
            self.app.session.visit("lesson", lesson.id)
        outline = self.query_one("#outline", OptionList)
        outline.add_options([Option(Text("  " * (level - 1) + title, no_wrap=True, overflow="ellipsis"),
                                    id=f"h-{n_chunk}-{k}")
                             for n_chunk, k, level, title in outline_entries(self.parts)])
        self.query_one("#page").focus()
        self.call_after_refresh(self._rendered)
        if any(not isinstance(p, str) for p in self.parts):
            self.set_timer(0.3, lambda: self.app.warm_runner(self.chapter.context_path))

    def _rendered(self) -> None:
        self.rendered_at = time.perf_counter()
        self.call_after_refresh(self._mount_more)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        _, n_chunk, k = event.option.id.split("-")
        n_chunk, k = int(n_chunk), int(k)
        mounted = len(self.query(".page-md"))
        if n_chunk >= mounted and self._pending:
            count, cut = mounted, 0
            for cut, w in enumerate(self._pending, 1):
                count += isinstance(w, Markdown)
                if count > n_chunk:
                    break
            batch, self._pending = self._pending[:cut], self._pending[cut:]
            self.query_one("#page", VerticalScroll).mount_all(batch)
            self.set_timer(0.05, lambda: self._goto(n_chunk, k))
        else:
            self._goto(n_chunk, k)

    def _goto(self, n_chunk: int, k: int) -> None:
        mds = list(self.query(".page-md").results(Markdown))
        if n_chunk >= len(mds):
            return
        md = mds[n_chunk]
        toc = md.table_of_contents
        if k < len(toc):
            _, _, block_id = toc[k]
            if block_id:
                try:
                    md.query_one(f"#{block_id}").scroll_visible(top=True, animate=False)
                except Exception:
                    pass

    def on_markdown_link_clicked(self, event: Markdown.LinkClicked) -> None:
        event.stop()
        self.app.open_link(event.href)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "welcome-start":
            event.stop()
            self._start_course()

    def _start_course(self) -> None:
        from tutor.progress import chapter_items

        items = chapter_items(self.chapter)
        if items:
            self.app.open_item(items[0].kind, items[0].id)
        else:
            self.app.action_home()

    def _blocks(self) -> list[RunBlock]:
        return list(self.query(RunBlock).results(RunBlock))

    def action_run_block(self) -> None:
        """Run the runnable block nearest to the top of the visible part of the page."""
        blocks = self._blocks()
        if not blocks:
            return
        page = self.query_one("#page", VerticalScroll)
        top = page.scroll_offset.y
        visible = [b for b in blocks if b.virtual_region.y + b.virtual_region.height >= top]
        (visible or blocks)[0].run()

    def action_next(self) -> None:
        if self.lesson_id is None:
            self._start_course()
        else:
            self.app.open_next(("lesson", self.lesson_id))

    def action_prev(self) -> None:
        if self.lesson_id is None:
            return
        from tutor.progress import course_items

        items = course_items(self.app.course)
        keys = [i.key for i in items]
        n = keys.index(("lesson", self.lesson_id))
        if n == 0:
            self.notify(t("app.lesson.first"), timeout=2)
            return
        prev = items[n - 1]
        self.app.open_item(prev.kind, prev.id)

    def action_toggle_outline(self) -> None:
        outline = self.query_one("#outline", OptionList)
        outline.display = not outline.display

    def action_back(self) -> None:
        running = [b for b in self._blocks() if b.running]
        if running:
            for b in running:
                b.cancel()
            return
        self.app.go_back()

    def on_unmount(self) -> None:
        for b in self._blocks():
            b.cancel()
