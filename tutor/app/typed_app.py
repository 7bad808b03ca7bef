"""The application as its screens and widgets use it: the course, the session and the ways to move
between places (tutor/app/tutorapp.py implements it).

A screen cannot name `TutorApp` itself, not even for the type checker: the app imports the screens
it opens, and an import back, type-checking imports included, is a circle the import contracts
refuse. So this protocol states what the screens use of the app, and `tutor_app(widget)` gives a
widget's app as one (`widget.app` is typed as Textual's generic `App`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from typing import Any

    from textual.dom import DOMNode
    from textual.screen import Screen

    from tutor.app.outputcache import ChapterOutputs
    from tutor.app.textindex import TextIndex
    from tutor.application.session import Session
    from tutor.course.model import Course


class TutorAppLike(Protocol):
    course: Course
    session: Session

    @property
    def block_outputs(self) -> ChapterOutputs: ...

    @property
    def text_index(self) -> TextIndex: ...

    def warm_runner(self, context_path: Path | None = None) -> None: ...

    def open_item(
        self,
        kind: str,
        item_id: str,
        quiet: bool = False,
        find: str | None = None,
        back: bool = True,
    ) -> bool: ...

    def open_link(self, href: str) -> None: ...

    def open_next(self, current: tuple[str, str], step: int = 1) -> None: ...

    def continue_course(self) -> None: ...

    def current_chapter_id(self) -> str: ...

    def go_back(self) -> None: ...

    def action_home(self) -> None: ...

    def action_progress(self) -> None: ...

    def action_help(self) -> None: ...

    def action_toggle_theme(self) -> None: ...

    def action_switch_language(self) -> None: ...

    def reopen(self) -> Screen[Any] | None: ...


def tutor_app(widget: DOMNode) -> TutorAppLike:
    """The running app of `widget` (a screen or a widget mounted in one)."""
    return cast("TutorAppLike", widget.app)
