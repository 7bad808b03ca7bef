"""The course map (home): chapters → lessons, exercises and the quiz, each with its status; a
progress bar per chapter and overall; "continue" opens the next unfinished item; a status filter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static, Tree

from tutor.app.keybar import KeyBar
from tutor.app.placeheader import PlaceHeader
from tutor.app.typed_app import tutor_app
from tutor.application import progress as P
from tutor.application.progress import Item, Progress, bar, chapter_items
from tutor.words.catalog import t

FILTERS = ("all", "todo", "failed", "done")


class HomeScreen(Screen):
    BINDINGS = [
        Binding("c", "continue", "app.key.continue"),
        Binding("f", "filter", "app.key.filter"),
        Binding("e", "playground", "app.key.playground"),
        Binding("w", "welcome", "app.map.welcome", show=False),
    ]

    def __init__(self):
        super().__init__()
        self.filter = "all"

    def compose(self) -> ComposeResult:
        yield PlaceHeader()
        yield Static("", id="map-summary")
        yield Tree(t("app.map.title"), id="map")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = tutor_app(self).course.title
        self.sub_title = t("app.map.title")
        tree = self.query_one("#map", Tree)
        tree.show_root = False
        tree.guide_depth = 2
        tree.focus()

    def on_screen_resume(self) -> None:
        # filled each time it is shown, never while it lies under the first place opened at
        # start-up: counting progress reads every page, which that first frame need not wait for
        if self.app.screen is self:
            self.refresh_map()

    def item_label(self, item: Item, progress: Progress) -> Text:
        status = progress.status(item)
        # an exercise or a repair sits under the page it follows on the map
        text = Text("  ↳ " if item.kind in ("exercise", "repair") else "")
        text.append(f"{P.mark(status)} ", style=P.style(status))
        text.append(
            f"{t('app.kind.' + item.kind)} {item.id if item.kind != 'quiz' else ''}".rstrip()
            + "  ",
            style="bold",
        )
        text.append(item.title)
        if item.kind == "quiz":
            correct, answered, total = progress.quiz_score(item.id)
            if answered:
                text.append(
                    "  " + t("app.map.quiz_score", correct=correct, total=total), style="cyan"
                )
        elif status != "todo":
            text.append("  " + P.word(status), style=P.style(status))
        return text

    def refresh_map(self) -> None:
        app = tutor_app(self)
        course, progress = app.course, app.session.progress()
        tree = self.query_one("#map", Tree)
        cursor_key = None
        if tree.cursor_node is not None and isinstance(tree.cursor_node.data, Item):
            cursor_key = tree.cursor_node.data.key
        nxt = app.session.continue_item()  # what [c] opens
        tree.clear()
        select = upcoming = None
        shown = 0
        for chapter in course.chapters:
            items = chapter_items(chapter)
            counts = progress.chapter(chapter)
            label = Text(
                f"{t('app.map.chapter', id=chapter.id)}  {chapter.short_title}  ", style="bold"
            )
            label.append(bar(counts.done, counts.total, 16), style=P.style("done"))
            label.append(f" {counts.done}/{counts.total}", style="dim")
            kept = [item for item in items if self._kept(progress.status(item))]
            if not kept and self.filter != "all":
                continue  # no empty chapter headings under a filter
            node = tree.root.add(label, data=chapter.id, expand=True)
            for item in kept:
                shown += 1
                leaf = node.add_leaf(self.item_label(item, progress), data=item)
                if cursor_key is not None and item.key == cursor_key:
                    select = leaf
                if nxt is not None and item.key == nxt.key:
                    upcoming = leaf
        if not shown:
            tree.root.add_leaf(Text(t("app.map.nothing_matches"), style="dim"))
        overall = progress.overall()
        summary = Text(f"{t('app.map.overall')}  ", style="bold")
        summary.append(bar(overall.done, overall.total, 30), style=P.style("done"))
        summary.append(f"  {overall.done}/{overall.total} ({overall.percent}%)\n")
        if nxt is not None:
            summary.append(
                t("app.map.next_up", item=f"{t('app.kind.' + nxt.kind)} {nxt.id} {nxt.title}"),
                style="cyan",
            )
            summary.append("  [c]", style="dim")
        else:
            summary.append(t("app.map.all_done"), style="green")
        summary.append(
            "   " + t("app.map.filter_label", name=t(f"app.map.filter.{self.filter}")) + "  [f]",
            style="dim",
        )
        self.query_one("#map-summary", Static).update(summary)
        if select is not None:
            tree.move_cursor(select)
        elif upcoming is not None:  # opened afresh: the map scrolls to where the learner goes on
            tree.call_after_refresh(_centre_on, tree, upcoming)

    def _kept(self, status: str) -> bool:
        if self.filter == "todo":
            return status != "done"
        if self.filter in ("done", "failed"):
            return status == self.filter
        return True

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        data = event.node.data
        if isinstance(data, Item):
            event.stop()
            tutor_app(self).open_item(data.kind, data.id)

    def action_continue(self) -> None:
        tutor_app(self).continue_course()

    def action_filter(self) -> None:
        self.filter = FILTERS[(FILTERS.index(self.filter) + 1) % len(FILTERS)]
        self.refresh_map()

    def action_playground(self) -> None:
        """The playground of the chapter under the cursor (else of the current chapter)."""
        from tutor.app.playground_screen import open_playground

        node = self.query_one("#map", Tree).cursor_node
        data = node.data if node is not None else None
        chapter_id = data.chapter_id if isinstance(data, Item) else data
        app = tutor_app(self)
        if chapter_id not in app.course.chapter_by_id:
            chapter_id = app.current_chapter_id()
        open_playground(self.app, chapter_id)

    def action_welcome(self) -> None:
        app = tutor_app(self)
        if app.course.welcome_path is not None:
            app.open_item("welcome", "")


def _centre_on(tree: Tree, node) -> None:
    """Scroll the map so that `node` (where "continue" goes) stands in its middle, with the
    items after it in view (the tree's own scrolling would leave it on the last line)."""
    tree.center_scroll = True
    try:
        tree.scroll_to_node(node, animate=False)
    finally:
        tree.center_scroll = False
