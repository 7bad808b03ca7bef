"""What a soft line break of the course's prose becomes: nothing, or a space.

A break is removed when the character before or after it is East Asian wide (Unicode
East_Asian_Width W or F: Chinese characters, full-width punctuation), so that a break after a
full-width comma or enumeration comma, or before a full-width parenthesis, reads as one run
(examples 1). One exception keeps the house spacing rule (tutor/authoring/spacing.py, rule 1):
between a Chinese character and a Latin word (letters, digits, inline code, a symbol such as ✅
or →) the break is the space that rule asks for (example 2). The marks the course writes for
Chinese ones (, ; : ! ? — …) count as wide punctuation right after a Chinese character, as the
house style writes them with no space after (examples 3); after Latin text they keep their
space ("a,⏎b"). Anything else becomes a space.

The neighbours are the characters a reader sees, looked for across inline nodes: the last
character of a link's text, of an emphasis, inline code (which reads as a Latin word). The
parser of the course (tutor.course.markdown.parser) applies the rule to every text it reads, in
the app and on the command line; `joins_lines` applies it to source lines whose edges are plain
characters, when content is loaded."""

# The examples (comments: Chinese stays out of the source's strings; ⏎ is the break):
# 1. a line break after full-width punctuation, or before an opening bracket, reads as one run
# 2. a break between a Chinese and a Latin word becomes one space
# 3. after a full-width semicolon, a number follows with no space, as it would within a line

from __future__ import annotations

import unicodedata

from tutor.linebreak import CJK_CONTEXT_PUNCT

# inline code next to a break reads as a Latin word: this letter stands in for it
CODE_STAND_IN = "x"
# after a Chinese character, a mark the course writes for a Chinese one (tutor/linebreak.py's
# CJK_CONTEXT_PUNCT: , ; : ! ? — …) reads as the wide mark WIDE_MARK does
WIDE_MARK = "\uff0c"
# source characters that may be Markdown syntax at the end or the start of a line (a link's
# closing parenthesis, an emphasis mark, a backtick): what the reader sees there is only known
# after a parse, so a line edge with one of these is left to the parser
_UNSURE_AT_END = frozenset("`*_)]>\\|~")
_UNSURE_AT_START = frozenset("`*_[<!\\&|~")


def kind(ch: str) -> str:
    """'cjk' (a wide letter or digit), 'punct' (wide punctuation), 'word' (a Latin letter or
    digit, or a symbol), 'other' (narrow punctuation, “ ” — …), '' for no character."""
    if not ch:
        return ""
    category = unicodedata.category(ch)
    if category[0] == "S":  # ✅ ❌ → ∂ − ±: set apart by spaces, like a word
        return "word"
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return "cjk" if category[0] in "LN" else "punct"
    if category[0] in "LN":
        return "word"
    return "other"


def joins(before: str, after: str, earlier: str = "") -> bool:
    """Whether a soft break between these two visible characters is removed ('' is unknown:
    the break stays a space); `earlier` is the visible character before `before`."""
    if before in CJK_CONTEXT_PUNCT and kind(earlier) in ("cjk", "punct"):
        before = WIDE_MARK
    kinds = {kind(before), kind(after)}
    if "" in kinds or not kinds & {"cjk", "punct"}:
        return False
    return not ("cjk" in kinds and "word" in kinds)


def joins_lines(line: str, next_line: str) -> bool:
    """Whether the break between two source lines is removed, judged on their edge characters
    (spaces and tabs around the break aside); False when an edge may be Markdown syntax."""
    before, after = line.rstrip(" \t"), next_line.lstrip(" \t")
    if not (before and after) or before[-1] in _UNSURE_AT_END or after[0] in _UNSURE_AT_START:
        return False
    earlier = before[-2:-1]
    if earlier and earlier in _UNSURE_AT_END:
        return False  # bold words, then a full-width colon: what the reader sees is the parser's
    return joins(before[-1], after[0], earlier)


def _visible_edge(children: list, i: int, step: int, n: int = 1) -> str:
    """The n visible characters next to children[i] in the direction `step` (-1 before, +1
    after; fewer where the text ends), through the opening and closing marks of links and
    emphasis; none when there is none or it is not known (another break, an image, inline
    HTML)."""
    seen = ""
    j = i + step
    while 0 <= j < len(children) and len(seen) < n:
        child = children[j]
        if child.type == "text":
            seen = child.content + seen if step < 0 else seen + child.content
        elif child.type == "code_inline":
            seen = CODE_STAND_IN + seen if step < 0 else seen + CODE_STAND_IN
        elif not child.type.endswith(("_open", "_close")):
            break
        j += step
    return seen[-n:] if step < 0 else seen[:n]


def _joined(before: str, after: str) -> bool:
    return bool(before) and joins(before[-1], after, before[:-1])


def drop_joined_breaks(state) -> None:
    """markdown-it core rule: removes the soft breaks that `joins` says are no space."""
    for token in state.tokens:
        children = token.children
        if token.type != "inline" or not children:
            continue
        kept = [
            child
            for i, child in enumerate(children)
            if child.type != "softbreak"
            or not _joined(_visible_edge(children, i, -1, 2), _visible_edge(children, i, 1))
        ]
        if len(kept) != len(children):
            token.children = kept
