"""The one reading of a lesson page's Markdown: its fenced code blocks, its headings, and the page
as prose and code segments in order. markdown-it-py finds them, so a fence inside a list or a
``` inside an indented block means what CommonMark says it means.

A block's `line` is always the 1-based line of its opening fence in the page file (the caller
passes the line where the Markdown body starts), for the engine, the validator and the reader."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from tutor.course.softbreaks import drop_joined_breaks, joins_lines

if TYPE_CHECKING:  # markdown-it is imported when a page is first read, not at start-up
    from markdown_it.token import Token

_BLOCK_START = re.compile(r"^\s*([-*+>|#]|\d+[.)]\s|```|~~~)")


@dataclass(frozen=True)
class CodeBlock:
    """A top-level fenced code block. Its info string holds the language and flags:
    `run` (runnable from the page), `context` (run with the chapter context first),
    `timeout=S`, `include=NAME,NAME` (shows those definitions of the chapter context)."""

    lang: str
    code: str
    line: int
    run: bool = False
    context: bool = False
    timeout: float = 60.0
    include: tuple[str, ...] = ()
    info: str = ""
    # the TOML of a ```predict fence right after a runnable block (see tutor/course/predictions.py)
    predict: str = ""
    # the prose after it that explains the result, shown once the learner has answered (marked by
    # the author, cut out of the page's prose by tutor.course.predictions.split_revealed)
    revealed: str = ""


@dataclass(frozen=True)
class Heading:
    """A heading of a page: level, plain text and line."""

    level: int
    text: str  # plain text: inline code without backticks, no emphasis marks
    line: int


@dataclass(frozen=True)
class Segment:
    """A stretch of prose (Markdown source) or one code block, in page order."""

    line: int
    prose: str = ""
    block: CodeBlock | None = None


def _dialect():
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark").enable("table")
    md.core.ruler.push("soft_breaks", drop_joined_breaks)
    return md


@lru_cache(maxsize=1)
def parser():
    """The one Markdown dialect of the course (CommonMark and tables), for the model and every
    view: a text is read and shown the same way (no link detection in prose, no strikethrough).
    A soft line break next to Chinese is no space (tutor/course/softbreaks.py)."""
    return _dialect()


@lru_cache(maxsize=1)
def parser_keeping_escapes():
    """The same dialect, with each escaped character left a piece of its own (`text_special`):
    the validator tells an escaped `\\*` from an emphasis mark that did not take."""
    return _dialect().disable("text_join")


@dataclass(frozen=True)
class _Fence:
    """A top-level fence token and the lines it spans (0-based, `end` excluded), with the
    ```predict fence folded into it, if any (whose lines are then part of the span)."""

    token: Token
    start: int
    end: int
    predict: Token | None = None


def _block_from_token(tok: Token, line: int) -> CodeBlock:
    words = tok.info.split()
    lang = words[0] if words else ""
    flags = set(words[1:])
    timeout = 60.0
    include: tuple[str, ...] = ()
    for w in words[1:]:
        if w.startswith("timeout="):
            try:
                timeout = float(w.split("=", 1)[1])
            except ValueError:
                pass
        elif w.startswith("include="):
            include = tuple(n for n in w.split("=", 1)[1].split(",") if n)
    return CodeBlock(
        lang=lang,
        code=tok.content,
        line=line,
        run="run" in flags,
        context="context" in flags,
        timeout=timeout,
        include=include,
        info=tok.info.strip(),
    )


# The validator reads each page and exercise text several times (blocks, headings, prose), and the
# tests validate many copies of one course: a text is parsed once. Tokens are only ever read.
@lru_cache(maxsize=4096)
def _tokens(text: str) -> tuple:
    return tuple(parser().parse(text))


def parsed_tokens(text: str) -> tuple:
    """The tokens of `text` in the course's dialect, parsed once per text (only ever read)."""
    return _tokens(text)


def _top_fences(text: str) -> list[_Fence]:
    """Top-level fences; a ```predict fence that directly follows a runnable block is folded
    into that block's."""
    if "```" not in text and "~~~" not in text:  # a fence opens with three of either: none here
        return []
    out: list[_Fence] = []
    previous_end = None
    for tok in _tokens(text):
        if tok.level != 0 or not tok.map:
            if tok.level == 0 and tok.map:
                previous_end = None
            continue
        if tok.type != "fence":
            previous_end = None
            continue
        lang = tok.info.split()[0] if tok.info.split() else ""
        start, end = tok.map
        if (
            lang == "predict"
            and out
            and out[-1].predict is None
            and previous_end is not None
            and "run" in out[-1].token.info.split()[1:]
        ):
            out[-1] = replace(out[-1], end=end, predict=tok)
        else:
            out.append(_Fence(tok, start, end))
        previous_end = end
    return out


def _block(fence: _Fence, first_line: int) -> CodeBlock:
    block = _block_from_token(fence.token, first_line + fence.start)
    if fence.predict is None:
        return block
    return replace(block, predict=fence.predict.content)


def code_blocks(text: str, first_line: int = 1) -> list[CodeBlock]:
    """The top-level fenced blocks (a fence nested in a list stays part of its prose)."""
    return [_block(fence, first_line) for fence in _top_fences(text)]


def _plain(inline) -> str:
    parts = []
    for child in inline.children or []:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts).strip()


def headings(text: str, first_line: int = 1) -> list[Heading]:
    toks = _tokens(text)
    out = []
    for i, tok in enumerate(toks):
        if tok.type == "heading_open" and tok.map and i + 1 < len(toks):
            out.append(
                Heading(
                    level=int(tok.tag[1]), text=_plain(toks[i + 1]), line=first_line + tok.map[0]
                )
            )
    return out


def segments(text: str, first_line: int = 1) -> list[Segment]:
    """Prose and top-level code blocks in order; blank-only prose between blocks is dropped."""
    lines = text.split("\n")
    out: list[Segment] = []
    cursor = 0
    for fence in _top_fences(text):
        prose = "\n".join(lines[cursor : fence.start])
        if prose.strip():
            out.append(Segment(line=first_line + cursor, prose=prose))
        out.append(Segment(line=first_line + fence.start, block=_block(fence, first_line)))
        cursor = fence.end
    rest = "\n".join(lines[cursor:])
    if rest.strip():
        out.append(Segment(line=first_line + cursor, prose=rest))
    return out


def join_cjk_breaks(prose: str) -> str:
    """Joins the soft line breaks of Markdown prose that are no space (tutor/course/softbreaks.py),
    judged on the lines' edge characters, so that the text a view searches reads as shown. A
    break before a list item, a heading, a table row, a quote or a fence stays, and so does one
    whose edge may be Markdown syntax: the parser decides that one when the text is shown."""
    lines = prose.split("\n")
    out = [lines[0]] if lines else []
    for line in lines[1:]:
        prev = out[-1]
        if (
            prev.strip()
            and line.strip()
            and not _BLOCK_START.match(line)
            and not prev.endswith(("  ", "\\"))
            and not prev.lstrip().startswith(("|", "#"))
            and joins_lines(prev, line)
        ):
            out[-1] = prev.rstrip() + line.lstrip()
        else:
            out.append(line)
    return "\n".join(out)


def reflow(text: str) -> str:
    """A Markdown text with the soft breaks of its prose joined (code blocks untouched)."""
    lines = text.split("\n")
    if not any(map(joins_lines, lines, lines[1:])):  # nothing to join: skip the parse
        return text
    if "```" not in text and "~~~" not in text:  # no fence: all of it is prose (no parser needed)
        return join_cjk_breaks(text)
    spans = _column0_fences(lines)
    if spans is not None:  # every fence at the margin: found without the parser
        return _reflow_around(lines, spans)
    segs = segments(text)
    starts = [seg.line - 1 for seg in segs] + [len(lines)]
    out = lines[: starts[0]]
    for seg, (start, end) in zip(segs, itertools.pairwise(starts), strict=True):
        chunk = "\n".join(lines[start:end])
        out.extend((join_cjk_breaks(chunk) if seg.block is None else chunk).split("\n"))
    return "\n".join(out)


_FENCE_OPEN = re.compile(r"(`{3,}|~{3,})")


def _column0_fences(lines: list[str]) -> list[tuple[int, int]] | None:
    """The fenced blocks of a text whose fences all start at the margin, as (first line, line
    after the last); None when a fence-like line is indented (in a list or a quote: the
    parser decides). A fence at the margin is always top-level (CommonMark: a fence cannot
    continue a list item lazily), so a line scan finds what the parser would. Quiz questions
    are reflowed this way at load: `jaxtutor list` never imports the Markdown parser."""
    spans: list[tuple[int, int]] = []
    n, start, mark = 0, 0, ""
    while n < len(lines):
        line = lines[n]
        if mark:
            stripped = line.strip()
            if len(line) - len(line.lstrip(" ")) <= 3 and stripped.startswith(mark):
                if stripped == mark[0] * len(stripped):
                    spans.append((start, n + 1))
                    mark = ""
        elif line.lstrip().startswith(("```", "~~~")):
            m = _FENCE_OPEN.match(line)
            if m is None or (m.group(1)[0] == "`" and "`" in line[m.end() :]):
                return None
            start, mark = n, m.group(1)
        n += 1
    if mark:
        spans.append((start, len(lines)))
    return spans


def _reflow_around(lines: list[str], spans: list[tuple[int, int]]) -> str:
    out: list[str] = []
    cursor = 0
    for start, end in [*spans, (len(lines), len(lines))]:
        if start > cursor:
            out.extend(join_cjk_breaks("\n".join(lines[cursor:start])).split("\n"))
        out.extend(lines[start:end])
        cursor = end
    return "\n".join(out)
