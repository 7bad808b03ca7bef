"""How a lesson page is cut for the reader: Markdown chunks and runnable blocks in page order,
long chunks cut into pieces shown progressively, the outline's headings, and the repair exercise
linked after a block (a "fix it yourself" link)."""

from __future__ import annotations

import re

from rich.text import Text

from tutor.app.cjkwrap import Wrapped
from tutor.course.markdown import (
    CodeBlock,
    Segment,
    code_blocks,
    headings,
    join_cjk_breaks,
    segments,
)

REPAIR_LINK = re.compile(r"\]\(exercise:([^)\s]+-fix\d+)\)")


def fenced(block: CodeBlock, code: str | None = None) -> str:
    """A block as a plain fence of its language (no flags), long enough for backticks inside;
    with `code`, that text in the block's place."""
    code = block.code if code is None else code
    longest, run = 0, 0
    for ch in code:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{block.lang}\n{code.rstrip(chr(10))}\n{fence}"


def page_parts(segs: list[Segment]) -> list[str | CodeBlock]:
    """Markdown chunks and runnable blocks, in page order. Each runnable block's code stays in the
    preceding chunk as a plain fence (highlighted); the CodeBlock marks where its run button and
    output go. A block with a prediction shows its code itself (tutor/app/runblock.py): the lines
    that state the result stay hidden until the learner has answered."""
    out: list[str | CodeBlock] = []
    chunk: list[str] = []
    for seg in segs:
        if seg.block is None:
            chunk.append(seg.prose)
            continue
        if not (seg.block.run and seg.block.predict):
            chunk.append(fenced(seg.block))
        if seg.block.run:
            if chunk:
                out.append("\n\n".join(chunk))
            chunk = []
            out.append(seg.block)
    if chunk:
        out.append("\n\n".join(chunk))
    return out


def split_page(body: str) -> list[str | CodeBlock]:
    """`page_parts` of a Markdown text read here (the welcome page); lesson pages come already
    segmented from the course (tutor.course.lesson.Lesson.segments)."""
    return page_parts(
        [
            Segment(line=s.line, prose=join_cjk_breaks(s.prose), block=s.block)
            for s in segments(body)
        ]
    )


def split_sections(parts: list[str | CodeBlock], max_lines: int = 40) -> list[str | CodeBlock]:
    """Cut long Markdown chunks into pieces of about `max_lines` lines, so that a page can be shown
    piece by piece: at headings, before tables and code blocks, at blank lines; never inside a
    code block (where a heading or a block starts is what tutor.course.markdown reads)."""
    out: list[str | CodeBlock] = []
    for part in parts:
        if not isinstance(part, str):
            out.append(part)
            continue
        lines = part.split("\n")
        heads = {h.line - 1 for h in headings(part)}
        starts: set[int] = set()
        code: set[int] = set()
        for b in code_blocks(part):
            first = b.line - 1
            starts.add(first)
            code.update(range(first, min(len(lines), first + b.code.count("\n") + 2)))
        piece: list[str] = []
        for i, line in enumerate(lines):
            table_start = (
                i not in code
                and line.lstrip().startswith("|")
                and not (piece and piece[-1].lstrip().startswith("|"))
            )
            if piece and (
                (i in starts or table_start)
                and len(piece) >= 8
                or i in heads
                and len(piece) >= max_lines // 2
            ):
                out.append("\n".join(piece))
                piece = []
            piece.append(line)
            if i not in code and len(piece) >= max_lines and line.strip() == "":
                out.append("\n".join(piece))
                piece = []
        if piece:
            out.append("\n".join(piece))
    return out


def costly_to_lay_out(markdown: str) -> bool:
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


ORPHAN_BELOW = 4  # an outline entry's last line holds at least this many characters


def outline_prompt(level: int, title: str) -> Wrapped:
    """An outline entry: the heading indented by its level, its lines after the first under its
    text, and no last line of one to three characters (it would read as a stray)."""
    pad = "  " * (level - 1)
    return Wrapped(Text(pad + title), indent=len(pad), min_last=ORPHAN_BELOW)


def repair_links(segs: list[Segment]) -> dict[int, str]:
    """The repair exercise each runnable block is followed by: the first `exercise:<id>-fix<n>`
    link in the prose between the block and the next code block, by the block's line."""
    out: dict[int, str] = {}
    current: CodeBlock | None = None
    for seg in segs:
        if seg.block is not None:
            current = seg.block if seg.block.run else None
            continue
        if current is not None:
            found = REPAIR_LINK.search(seg.prose)
            if found:
                out[current.line] = found.group(1)
                current = None
    return out
