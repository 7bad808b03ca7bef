"""Line breaking for Chinese text mixed with Latin words, measured in terminal cells, for the app
and the command line: a line may break between any two Chinese characters or at a space, never
inside a Latin word (unless the word is longer than the line), never before a closing mark
(a full stop, a comma, a closing bracket or quote, …: NO_LINE_START) and never after an opening
one (NO_LINE_END)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rich.cells import cell_len

# Sets of single characters (typography, not words), written as escapes so that the source holds
# no Chinese string (tests/test_check_messages.py); each comment shows the characters.
# no line starts with: 。,、;:?!)」』】》〉”’…%.,;:!?)]}·—
NO_LINE_START = set(
    "\u3002,\u3001;:?!)\u300d\u300f\u3011\u300b\u3009\u201d\u2019\u2026%.,;:!?)]}\u00b7\u2014"
)
# no line ends with: (「『【《〈“‘([{
NO_LINE_END = set("(\u300c\u300e\u3010\u300a\u3008\u201c\u2018([{")
# the marks the course writes for Chinese ones: ,;:!?—…
CJK_CONTEXT_PUNCT = set(",;:!?\u2014\u2026")
# where a clause ends: a snippet may start after one: 。!?;:,、!?;:,
CLAUSE_ENDS = set("\u3002!?;:,\u3001!?;:,")
FULL_ENOUGH = 0.6  # a line shorter than this share of the width looks broken off
# a number and the unit or measure word after it (0.01 s, line 13, 2 min 37 s, 512 MB) stay on
# one line: no break after the digit nor at the one space between them. The Chinese units and
# measure words are one character each, a character class:
# (one-character units of time, rows and columns, counts, steps, times, dimensions, items,
# questions, sections, pages, layers, batches, rounds, characters, milli-)
UNITS = (
    "\u79d2\u5206\u65f6\u5929\u5468\u6708\u5e74\u884c\u5217\u6b21\u4e2a\u6b65\u500d\u4f4d"
    "\u7ef4\u9879\u5904\u9898\u8282\u7ae0\u9875\u6761\u5c42\u6279\u8f6e\u5143\u5b57\u6beb"
)
NUMBER_UNIT = re.compile(rf"\d ?(?=[{UNITS}]|(?:ms|s|[KMGT]i?B)(?![A-Za-z0-9_]))")


def may_start(prev: str, ch: str, prev_wide: bool, wide: bool) -> bool:
    """May a line start at `ch`, after `prev` (`prev_wide`, `wide`: two cells each)? Not before a
    closing mark (a Latin one may start a line after a space: `.compile()`) nor after an opening
    one; at a space, next to a wide (CJK) character, or after a Latin ,;:!? or a dash (Chinese
    text writes them for its own marks) unless a digit follows (1,000). A number's unit and
    inline code are the callers' to hold together."""
    return (
        (ch not in NO_LINE_START or (prev == " " and ch.isascii()))
        and prev not in NO_LINE_END
        and (prev == " " or prev_wide or wide or (prev in CJK_CONTEXT_PUNCT and not ch.isdigit()))
    )


def line_starts(text: str, width: int, glued: Iterable[tuple[int, int]] = ()) -> list[int]:
    """Offsets (after the first line) where each wrapped line starts; a "\\n" starts a line too.
    A `glued` range (start, end), inline code, moves to the next line whole, unless that would
    leave the line less than FULL_ENOUGH filled: then it may break at a space inside it."""
    width = max(1, width)
    cells = [cell_len(ch) for ch in text]  # once per character: the loop below is hot
    inside = bytearray(len(text) + 1)
    held = bytearray(len(text) + 1)  # no line starts here
    if any(ch.isdigit() for ch in text):
        for m in NUMBER_UNIT.finditer(text):
            held[m.start() + 1 : m.end() + 1] = b"\1" * (m.end() - m.start())
    for start, end in glued:
        end = min(end, len(text))
        if end > start + 1:
            inside[start + 1 : end] = b"\1" * (end - start - 1)
    starts: list[int] = []
    line_start, used = 0, 0
    last_ok, ok_used, last_inner = None, 0, None  # break points seen on this line
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
            line_start, used, last_ok, last_inner = i + 1, 0, None, None
            continue
        if i > line_start and not held[i]:
            prev = text[i - 1]
            if may_start(prev, ch, cells[i - 1] == 2, cells[i] == 2):
                if not inside[i]:
                    last_ok, ok_used = i, used - (prev == " ")  # the space is not shown
                elif prev == " ":
                    last_inner = i
        w = cells[i]
        if used + w > width and i > line_start and ch != " ":
            if last_ok is None or last_ok <= line_start:  # no break point on this line
                forced, cut = True, i
            else:
                forced, cut = False, last_ok
            if last_inner is not None and last_inner > line_start:
                if forced or (ok_used < FULL_ENOUGH * width and last_inner > cut):
                    cut = last_inner  # inline code breaks at a space rather than leave a gap
            if cut == i:  # carry characters along rather than start a line with 。 or )
                while text[cut] in NO_LINE_START and cut - 1 > line_start:
                    cut -= 1
            starts.append(cut)
            line_start, last_ok, last_inner = cut, None, None
            used = sum(cells[cut:i])
        used += w
    return starts


def wrapped_lines(text: str, width: int) -> list[str]:
    """`text` broken into lines of at most `width` cells (trailing spaces dropped)."""
    if "\n" not in text and cell_len(text) <= width:  # the usual title: no break to look for
        return [text.rstrip()]
    starts = line_starts(text, width)
    bounds = zip([0, *starts], [*starts, len(text)], strict=True)
    return [text[a:b].rstrip("\n").rstrip() for a, b in bounds]
