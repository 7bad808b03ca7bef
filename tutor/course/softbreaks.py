"""What a soft line break of the course's prose becomes: nothing, or a space.

A break is removed when the character before or after it is East Asian wide (Unicode
East_Asian_Width W or F: Chinese characters, full-width punctuation), so that "状态管理,⏎以及",
"译、⏎NaN" and "路径⏎(看看" read as one run. One exception keeps the house spacing rule
(tutor/authoring/spacing.py, rule 1): between a Chinese character and a Latin word (letters,
digits, inline code, a symbol such as ✅ or →) the break is the space that rule asks for
("返回的⏎NumPy 数组" -> "返回的 NumPy 数组"). Anything else becomes a space.

The neighbours are the characters a reader sees, looked for across inline nodes: the last
character of a link's text, of an emphasis, inline code (which reads as a Latin word). The
parser of the course (tutor.course.markdown.parser) applies the rule to every text it reads, in
the app and on the command line; `joins_lines` applies it to source lines whose edges are plain
characters, when content is loaded."""

from __future__ import annotations

import unicodedata

# inline code next to a break reads as a Latin word: this letter stands in for it
CODE_STAND_IN = "x"
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


def joins(before: str, after: str) -> bool:
    """Whether a soft break between these two visible characters is removed ('' is unknown:
    the break stays a space)."""
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
    return joins(before[-1], after[0])


def _visible_edge(children: list, i: int, step: int) -> str:
    """The visible character next to children[i] in the direction `step` (-1 before, +1 after),
    through the opening and closing marks of links and emphasis; '' when there is none or it is
    not known (another break, an image, inline HTML)."""
    j = i + step
    while 0 <= j < len(children):
        child = children[j]
        if child.type == "text":
            if child.content:
                return child.content[-1] if step < 0 else child.content[0]
        elif child.type == "code_inline":
            return CODE_STAND_IN
        elif not child.type.endswith(("_open", "_close")):
            return ""
        j += step
    return ""


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
            or not joins(_visible_edge(children, i, -1), _visible_edge(children, i, 1))
        ]
        if len(kept) != len(children):
            token.children = kept
