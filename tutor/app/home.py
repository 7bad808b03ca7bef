"""The course map (home): chapters → lessons, exercises and the quiz, each with its status; a
progress bar per chapter and overall; "continue" opens the next unfinished item; a status filter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Static, Tree

from tutor.app.courseitems import ICONS, Item, Progress, bar, chapter_items
from tutor.app.keybar import KeyBar
from tutor.messages import t

FILTERS = ("all", "todo", "failed", "done")
STATUS_STYLE = {"done": "green", "started": "yellow", "failed": "red", "todo": "dim"}


class HomeScreen(Screen):
    BINDINGS = [
        Binding("c", "continue", t("app.key.continue")),
        Binding("f", "filter", t("app.key.filter")),
        Binding("w", "welcome", t("app.map.welcome"), show=False),
    ]

    def __init__(self):
        super().__init__()
        self.filter = "all"

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="map-summary")
        yield Tree(t("app.map.title"), id="map")
        yield KeyBar()

    def on_mount(self) -> None:
        self.title = self.app.course.title
        self.sub_title = t("app.map.title")
        tree = self.query_one("#map", Tree)
        tree.show_root = False
        tree.guide_depth = 2
        tree.focus()
        if self.app.target is None or self.app.screen is self:
            self.refresh_map()          # else: filled when first shown (on_screen_resume)

    def on_screen_resume(self) -> None:
        self.refresh_map()

    def item_label(self, item: Item, progress: Progress) -> Text:
        status = progress.status(item)
        text = Text(f"{ICONS[status]} ", style=STATUS_STYLE[status])
        text.append(f"{t('app.kind.' + item.kind)} {item.id if item.kind != 'quiz' else ''}".rstrip() + "  ",
                    style="bold")
        text.append(item.title)
        if item.kind == "quiz":
            correct, answered, total = progress.quiz_score(item.id)
            if answered:
                text.append("  " + t("app.map.quiz_score", correct=correct, total=total), style="cyan")
        elif status != "todo":
            text.append("  " + t(f"app.item.{status}"), style=STATUS_STYLE[status])
        return text

    def refresh_map(self) -> None:
        course, store = self.app.course, self.app.store
        progress = Progress(course, store)
        tree = self.query_one("#map", Tree)
        cursor_key = None
        if tree.cursor_node is not None and isinstance(tree.cursor_node.data, Item):
            cursor_key = tree.cursor_node.data.key
        tree.clear()
        all_items: list[Item] = []
        select = None
        for chapter in course.chapters:
            items = chapter_items(chapter)
            all_items += items
            done, total = progress.counts(items)
            label = Text(f"{t('app.map.chapter', id=chapter.id)}  {chapter.short_title}  ", style="bold")
            label.append(bar(done, total, 16), style="green")
            label.append(f" {done}/{total}", style="dim")
            node = tree.root.add(label, data=chapter.id, expand=True)
            for item in items:
                status = progress.status(item)
                if self.filter == "todo" and status == "done":
                    continue
                if self.filter in ("done", "failed") and status != self.filter:
                    continue
                leaf = node.add_leaf(self.item_label(item, progress), data=item)
                if cursor_key is not None and item.key == cursor_key:
                    select = leaf
        done, total = progress.counts(all_items)
        summary = Text(f"{t('app.map.overall')}  ", style="bold")
        summary.append(bar(done, total, 30), style="green")
        pct = 100 * done // total if total else 0
        summary.append(f"  {done}/{total} ({pct}%)\n")
        nxt = progress.next_item(store.location())
        if nxt is not None:
            summary.append(t("app.map.next_up", item=f"{t('app.kind.' + nxt.kind)} {nxt.id} {nxt.title}"),
                           style="cyan")
            summary.append("  [c]", style="dim")
        else:
            summary.append(t("app.map.all_done"), style="green")
        summary.append("   " + t("app.map.filter_label", name=t(f"app.map.filter.{self.filter}")) + "  [f]",
                       style="dim")
        self.query_one("#map-summary", Static).update(summary)
        if select is not None:
            tree.move_cursor(select)

    def on_tree_node_selected(self, event: Tree.NodeSelected) -> None:
        data = event.node.data
        if isinstance(data, Item):
            event.stop()
            self.app.open_item(data.kind, data.id)

    def action_continue(self) -> None:
        self.app.continue_course()

    def action_filter(self) -> None:
        self.filter = FILTERS[(FILTERS.index(self.filter) + 1) % len(FILTERS)]
        self.refresh_map()

    def action_welcome(self) -> None:
        if self.app.course.welcome_path is not None:
            self.app.open_item("welcome", "")
