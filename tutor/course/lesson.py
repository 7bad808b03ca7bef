"""A lesson page: its file (a +++ TOML front matter, then Markdown), what the reader shows of it
(segments, code blocks with `include=` blocks filled from the chapter context, headings) and its
predict-then-run blocks; and the topic a page belongs to."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.course.errors import ContentError
from tutor.course.markdown import (
    CodeBlock,
    Heading,
    Segment,
    code_blocks,
    headings,
    join_cjk_breaks,
    segments,
)

if TYPE_CHECKING:
    from tutor.course.predictions import Prediction

_SUBPAGE = re.compile(r"^(?P<topic>.+\.\d+)(?P<part>[a-z])$")


def topic_of(page_id: str) -> str:
    """The topic a page belongs to: '7.1b' → '7.1'; a page that is not a sub-page is its own
    topic."""
    m = _SUBPAGE.match(page_id)
    return m["topic"] if m else page_id


@dataclass
class Lesson:
    """One lesson page of a chapter."""

    id: str
    title: str
    chapter_id: str
    path: Path
    level: str = ""  # "core" (🟢 required), "optional" (⚪) or "" (unmarked)
    context_path: Path | None = None
    # how many predict-then-run blocks the page has: counted when the loader reads its front
    # matter, so progress views need not read every page (see page_header)
    prediction_count: int = 0

    @property
    def topic_id(self) -> str:
        return topic_of(self.id)

    @cached_property
    def _parts(self) -> tuple[str, int]:
        _, body, first_line = split_front_matter(self.path)
        return body, first_line

    @property
    def body(self) -> str:
        return self._parts[0]

    @cached_property
    def segments(self) -> list[Segment]:
        """Prose and code blocks in order, `include=` blocks filled from the chapter context; the
        prose a predict block reveals once answered is the block's (`CodeBlock.revealed`)."""
        from tutor.course.predictions import split_revealed

        return [
            replace(
                s,
                prose=join_cjk_breaks(s.prose),
                block=self._expand(s.block) if s.block else None,
            )
            for s in split_revealed(segments(*self._parts))
        ]

    @cached_property
    def code_blocks(self) -> list[CodeBlock]:
        return [self._expand(b) for b in code_blocks(*self._parts)]

    @property
    def runnable_blocks(self) -> list[CodeBlock]:
        return [b for b in self.code_blocks if b.run]

    @cached_property
    def predictions(self) -> dict[int, Prediction]:
        """The page's predictions by the line of the block they belong to."""
        # parsed on a page's first reading: loading the course and the progress views need none
        from tutor.course.predictions import PredictionError, parse_prediction

        out, n = {}, 0
        for block in code_blocks(*self._parts):  # no need to fill include blocks for this
            if block.predict:
                n += 1
                try:
                    out[block.line] = parse_prediction(block.predict, f"{self.id}/{n}")
                except PredictionError as e:
                    raise ContentError(self.path, f"predict {self.id}/{n}", str(e)) from None
        return out

    @cached_property
    def headings(self) -> list[Heading]:
        return headings(*self._parts)

    @property
    def source_lines(self) -> int:
        return self.path.read_text(encoding="utf-8").count("\n")

    def _expand(self, block: CodeBlock) -> CodeBlock:
        if not block.include or self.context_path is None:
            return block
        from tutor.course.context import context_definitions

        return replace(block, code=context_definitions(self.context_path, block.include))


def split_front_matter(path: Path) -> tuple[dict, str, int]:
    """Returns (front matter, body, line number where the body starts)."""
    if not path.is_file():
        raise ContentError(path, "file", "missing (listed in chapter.toml)")
    text = path.read_text(encoding="utf-8")
    meta, end = _front_matter(text, path)
    body = text[end + 5 :]
    return meta, body, text[: end + 5].count("\n") + 1


def page_header(text: str, path: Path) -> dict:
    """What loading the course needs of a page, kept in the content index: its +++ TOML block
    parsed, and the number of its ```predict fences, counted without parsing the Markdown (the
    validator makes sure each belongs to a block)."""
    return {
        "front_matter": _front_matter(text, path)[0],
        "predictions": text.startswith("```predict") + text.count("\n```predict"),
    }


def _front_matter(text: str, path: Path) -> tuple[dict, int]:
    import tomllib  # not on the way of a course load whose parsed files are in its index

    if not text.startswith("+++\n"):
        raise ContentError(path, "front matter", "a lesson page starts with a +++ TOML block")
    end = text.find("\n+++\n", 4)
    if end < 0:
        raise ContentError(path, "front matter", "the +++ block is not closed")
    try:
        return tomllib.loads(text[4:end]), end
    except tomllib.TOMLDecodeError as e:
        raise ContentError(path, "front matter", str(e)) from None
