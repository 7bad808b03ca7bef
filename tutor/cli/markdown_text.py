"""Markdown (hints, explanations) as terminal lines for the command line, wrapped like Chinese
(tutor/linebreak.py) at the terminal's width: headings in bold, list items under their bullet
with the rest of the item indented, inline code kept whole where it fits, code blocks as they
are. Nothing is cut at the terminal's edge."""

from __future__ import annotations

from rich.cells import cell_len

from tutor.course.markdown import parser, reflow
from tutor.linebreak import line_starts


def _inline(token) -> tuple[str, list[tuple[int, int]]]:
    """The plain text of an inline token and the ranges of its inline code."""
    out: list[str] = []
    glued: list[tuple[int, int]] = []
    size = 0
    for child in token.children or []:
        if child.type == "softbreak":
            # the parser dropped the breaks that are no space (tutor/course/softbreaks.py)
            piece = " "
        elif child.type == "hardbreak":
            piece = "\n"
        elif child.type == "code_inline":
            glued.append((size, size + len(child.content)))
            piece = child.content
        elif child.type in ("text", "html_inline"):
            piece = child.content
        elif child.type == "image":
            piece = child.content or ""
        else:
            continue
        out.append(piece)
        size += len(piece)
    return "".join(out), glued


def _wrap(text: str, glued, width: int, first: str, rest: str) -> list[str]:
    room = max(8, width - cell_len(first))
    starts = line_starts(text, room, glued)
    bounds = zip([0, *starts], [*starts, len(text)], strict=True)
    lines = [text[a:b].rstrip("\n").rstrip() for a, b in bounds]
    return [(first if n == 0 else rest) + line for n, line in enumerate(lines)]


def markdown_lines(text: str, width: int) -> list[tuple[str, str | None]]:
    """(line, style) pairs: `text` laid out for a terminal `width` cells wide."""
    tokens = parser().parse(reflow(text))
    out: list[tuple[str, str | None]] = []
    lists: list[list[int | None]] = []  # per open list: [next number] or [None] for bullets
    pending: str | None = None  # the bullet of a list item whose first paragraph comes next
    heading = False

    def gap() -> None:
        if out and out[-1][0] and not lists:
            out.append(("", None))

    for tok in tokens:
        kind = tok.type
        indent = "   " * max(0, len(lists) - 1)
        if kind == "heading_open":
            gap()
            heading = True
        elif kind == "heading_close":
            heading = False
        elif kind in ("bullet_list_open", "ordered_list_open"):
            gap()
            start = int(tok.attrs.get("start", 1) or 1) if kind == "ordered_list_open" else None
            lists.append([start])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            number = lists[-1][0]
            pending = "• " if number is None else f"{number}. "
            if number is not None:
                lists[-1][0] = number + 1
        elif kind == "paragraph_open" and not lists:
            gap()
        elif kind == "inline":
            plain, glued = _inline(tok)
            if pending is not None:
                first, rest = indent + pending, indent + " " * cell_len(pending)
                pending = None
            elif lists:
                first = rest = indent + "   "
            else:
                first = rest = ""
            style = "bold" if heading else None
            out += [(line, style) for line in _wrap(plain, glued, width, first, rest)]
        elif kind in ("fence", "code_block"):
            gap()
            out += [("    " + line, "dim") for line in tok.content.rstrip("\n").split("\n")]
    return out
