"""Command palette entries (Ctrl+P): jump to any lesson, exercise or quiz by id or title, and to
the course map, progress, cheat sheets and help; lessons are also found by the words of their
text (`vmap` finds the pages that teach it), opened at the hit."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content

from tutor.app.language_switch import other_language
from tutor.app.typed_app import tutor_app
from tutor.words.catalog import t

ID_LIKE = re.compile(r"[a-z]?\d+(\.[\w-]*)?")


def highlighted(matcher: Matcher, text: str, literal: str | None) -> Content:
    """`text` as plain Content (brackets are text, not markup) with the matched characters
    styled: the literal query where it occurs, else the fuzzy matcher's letters."""
    content = Content(text)
    offsets: Sequence[int]
    if literal is not None:
        at = text.lower().find(literal)
        offsets = range(at, at + len(literal)) if at >= 0 else range(0)
    else:
        offsets = matcher.fuzzy_search.match(matcher.query, text)[1]
    for offset in offsets:
        if not text[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


def matched_words(matcher: Matcher, text: str, query: str) -> Content:
    """`text` as plain Content with every word of the query styled where it occurs."""
    content, folded = Content(text), text.lower()
    for term in query.lower().split():
        at = folded.find(term)
        while at >= 0:
            content = content.stylize(matcher.match_style, at, at + len(term))
            at = folded.find(term, at + len(term))
    return content


def _only_the_title(hit, listed: set[str]) -> bool:
    """Is `hit` a lesson already listed by its entry, found in that lesson's own title?"""
    if t("app.cmd.open_lesson", id=hit.id, title=hit.title) not in listed:
        return False
    return hit.snippet.strip("… ") in f"{hit.id} {hit.title}"


class CourseCommands(Provider):
    def _entries(self) -> list[tuple[str, Callable[[], object]]]:
        app = tutor_app(self.screen)  # the screen the palette was opened over, in TutorApp
        course = app.course
        out: list[tuple[str, Callable[[], object]]] = []
        for chapter in course.chapters:
            for lesson in chapter.lessons:
                out.append(
                    (
                        t("app.cmd.open_lesson", id=lesson.id, title=lesson.title),
                        partial(app.open_item, "lesson", lesson.id),
                    )
                )
            for ex in [*chapter.exercises, *chapter.repairs]:
                out.append(
                    (
                        t("app.cmd.open_exercise", id=ex.id, title=ex.title),
                        partial(app.open_item, "exercise", ex.id),
                    )
                )
            if chapter.quiz is not None:
                out.append(
                    (
                        t("app.cmd.open_quiz", id=chapter.id, title=chapter.quiz.title),
                        partial(app.open_item, "quiz", chapter.id),
                    )
                )
            out.append(
                (
                    t("app.cmd.open_cheat", id=chapter.id, title=chapter.short_title),
                    partial(app.open_item, "cheatsheet", chapter.id),
                )
            )
        out.append((t("app.cmd.help_open", what=t("app.key.map")), app.action_home))
        out.append((t("app.cmd.help_open", what=t("app.key.progress")), app.action_progress))
        out.append((t("app.cmd.help_open", what=t("app.key.help")), app.action_help))
        out.append((t("app.key.continue"), app.continue_course))
        out.append((t("app.key.theme"), app.action_toggle_theme))
        name = t(f"app.lang.{other_language()}")
        out.append((t("app.cmd.language", name=name), app.action_switch_language))
        return out

    async def discover(self) -> Hits:
        for text, callback in self._entries():
            yield DiscoveryHit(Content(text), callback, text=text)  # Content: "[" is no markup

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        q = query.strip().lower()
        # an id ("7.2", "a1.1") is looked for as written, not as scattered letters: "7.2" must not
        # find 7.1-fix2
        literal = ID_LIKE.fullmatch(q) is not None
        listed = set()
        for text, callback in self._entries():
            score = 0.0 if literal else matcher.match(text)
            if q and q in text.lower():
                score = max(score, 0.9)
            if score > 0:
                listed.add(text)
                yield Hit(
                    score, highlighted(matcher, text, q if literal else None), callback, text=text
                )
        if len(q) < 2:
            return
        app = tutor_app(self.screen)
        index = app.text_index
        if not index.ready:
            await asyncio.to_thread(lambda: index.entries)
        for hit in index.find(query, limit=12, kinds=("lesson",)):
            if not hit.code and _only_the_title(hit, listed):
                continue  # the page is listed already: a hit on its own title says nothing more
            if hit.code:  # only an example's code has it: its word, and the prose leading to it
                words = dict(word=hit.code, snippet=hit.snippet)
                text = t("app.cmd.code_hit", id=hit.id, title=hit.title, **words)
            else:
                text = t("app.cmd.content_hit", id=hit.id, title=hit.title, snippet=hit.snippet)
            yield Hit(
                0.5,
                matched_words(matcher, text, query),
                partial(app.open_item, "lesson", hit.id, find=query),
                text=text,
            )
