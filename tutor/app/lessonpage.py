"""The scrolling body of a lesson page (tutor/app/lesson.py): its pieces in page order, prose
and runnable examples, the first screenful composed with it and the rest mounted a batch per
frame, so that a long page shows as fast as a short one; a place kept as a page built again is laid
out; where an outline heading is; which examples are on the screen."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Markdown

from tutor.app.pagesplit import costly_to_lay_out
from tutor.app.prose import ProseMarkdown
from tutor.app.runblock import RunBlock

FIRST_SCREEN_LINES = 24  # source lines mounted before the first frame
BATCH_LINES = 60  # then this many per frame
BLOCK_LINES = 4  # what a runnable example counts for before it is laid out


class PageProse(ProseMarkdown):
    """A prose piece of the page, its source known before it is mounted (`Markdown.source` is
    empty until then)."""

    def __init__(self, source: str) -> None:
        super().__init__(source, open_links=False, classes="page-md")
        self.piece_source = source


def first_screenful(pieces: list[Widget], budget: int) -> tuple[list[Widget], list[Widget]]:
    """The pieces that fill `budget` source lines (a table or code block after the first lines
    waits for the next batch) and the rest."""
    used = 0
    for n, piece in enumerate(pieces):
        source = piece.piece_source if isinstance(piece, PageProse) else None
        if n and used >= 8 and source is not None and costly_to_lay_out(source):
            return pieces[:n], pieces[n:]
        used += source.count("\n") + 1 if source is not None else BLOCK_LINES
        if used >= budget:
            return pieces[: n + 1], pieces[n + 1 :]
    return pieces, []


class LessonPage(VerticalScroll):
    def __init__(self) -> None:
        super().__init__(id="page")
        self.pieces: list[Widget] = []  # set by the screen before the page is composed
        self._pending: list[Widget] = []  # not mounted yet
        self._fraction: float | None = None  # the place kept while the page is laid out
        self._placing = False

    def compose(self) -> ComposeResult:
        first, self._pending = first_screenful(self.pieces, FIRST_SCREEN_LINES)
        yield from first

    def on_mount(self) -> None:
        if self._fraction is not None:
            self._start_keeping()

    def mount_more(self) -> None:
        """One more batch, and the next one after the next frame, until every piece is in."""
        if not self._pending:
            return
        batch, self._pending = first_screenful(self._pending, BATCH_LINES)
        self.mount_all(batch)
        self.call_after_refresh(self.mount_more)

    def mount_rest(self) -> bool:
        """Every piece not mounted yet, at once; False when there was none."""
        if not self._pending:
            return False
        batch, self._pending = self._pending, []
        self.mount_all(batch)
        return True

    @property
    def complete(self) -> bool:
        """True once every piece is mounted and its prose rendered."""
        return not self._pending and all(
            md.children or not md.source.strip() for md in self.prose_pieces()
        )

    def prose_pieces(self) -> list[Markdown]:
        return list(self.query(".page-md").results(Markdown))

    # ------------------------------------------------------------ a place kept

    def keep_fraction(self, fraction: float) -> None:
        """Show the page from `fraction` of its height (a page built again in the other
        language): every piece mounted, and the view put there again each time the page's height
        changes as its pieces are laid out, until something else (the learner) moves it."""
        self._fraction = fraction
        if self.is_mounted:
            self._start_keeping()

    def _start_keeping(self) -> None:
        self.mount_rest()
        self.watch(self, "virtual_size", self._place, init=False)
        self.watch(self, "scroll_y", self._moved, init=False)
        self._place()

    def _place(self) -> None:
        if self._fraction is None:
            return
        self._placing = True
        try:
            y = round(self._fraction * self.max_scroll_y)
            self.scroll_to(y=y, animate=False, immediate=True)
        finally:
            self._placing = False

    def _moved(self) -> None:
        if not self._placing:
            self._fraction = None

    # ------------------------------------------------------------ the outline

    def show_heading(self, n_chunk: int, k: int) -> None:
        """Scroll heading `k` of prose piece `n_chunk` to the top, mounting the pieces up to it
        first if it is not in yet."""
        mounted = len(self.query(".page-md"))
        if n_chunk < mounted or not self._pending:
            self._scroll_to_heading(n_chunk, k)
            return
        count, cut = mounted, 0
        for piece in self._pending:
            cut += 1
            count += isinstance(piece, Markdown)
            if count > n_chunk:
                break
        batch, self._pending = self._pending[:cut], self._pending[cut:]
        self.mount_all(batch)
        self.set_timer(0.05, lambda: self._scroll_to_heading(n_chunk, k))

    def _scroll_to_heading(self, n_chunk: int, k: int) -> None:
        mds = self.prose_pieces()
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

    # ------------------------------------------------------------ the examples in view

    @property
    def has_examples(self) -> bool:
        return any(isinstance(piece, RunBlock) for piece in self.pieces)

    def examples(self) -> list[RunBlock]:
        """The runnable examples mounted so far, in page order (no DOM query: the footer asks
        for every key at every refresh)."""
        return [p for p in self.pieces if isinstance(p, RunBlock) and p.is_mounted]

    @property
    def top(self) -> int:
        """The first row of the page on the screen."""
        return self.scroll_offset.y

    def rows_in_view(self, block: RunBlock) -> int:
        """How many rows of `block` are on the screen."""
        top = self.scroll_offset.y
        bottom = top + self.scrollable_content_region.height
        region = block.virtual_region
        return max(0, min(bottom, region.y + region.height) - max(top, region.y))

    def most_in_view(self) -> RunBlock | None:
        """The example with the most rows on the screen (the first of equals), if any."""
        best, rows = None, 0
        for block in self.examples():
            seen = self.rows_in_view(block)
            if seen > rows:
                best, rows = block, seen
        return best
