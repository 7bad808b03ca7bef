"""Emphasis marks that did not take. CommonMark opens and closes `**…**` by the characters around
the marks, and next to Chinese those rules fail where a bracket or a parenthesis touches the mark
on the inside while a Chinese character touches it on the outside (the examples below): the
reader then sees the asterisks. The page is read as the app
reads it, and what is left in its visible text (inline code and backslash escapes aside) is
refused:
- `**` or `__`;
- a single `*` or `_` that could open, followed in the same paragraph by one that could close:
  a pair meant as emphasis. A `*` with a space on both sides (a × b) and a `_` right after a
  Latin letter or digit (`segment_sum`, `G_{t+1}`) are no such marks.
lessons/README.md says how to write emphasis that takes."""

# Emphasis that does not take (comments: Chinese stays out of the source's strings):
# bold glued to Chinese on both sides, a bold term with its English in brackets, a bold link

from __future__ import annotations

import functools
import re

from tutor.course.markdown import parsed_tokens, parser_keeping_escapes

_DOUBLE = re.compile(r"\*\*|__")
_NEUTRAL = "\x01"  # an escaped character or inline code: visible, never a mark


def _visible(children) -> str:
    parts = []
    for child in children:
        if child.type == "text":
            parts.append(child.content)
        elif child.type in ("text_special", "code_inline", "image"):
            parts.append(_NEUTRAL)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
    return "".join(parts)


def _tokens(markdown: str):
    """The text's tokens with each escaped character (`\\*`) or entity (`&ast;`) a piece of its
    own. A text with neither backslash nor `&` has no such piece, and then the course's own
    parse (kept per text, shared with the text's blocks and headings) is the same token for
    token: the text is not parsed a second time."""
    if "\\" not in markdown and "&" not in markdown:
        return parsed_tokens(markdown)
    return parser_keeping_escapes().parse(markdown)


def _single_marks(text: str) -> list[tuple[int, bool, bool]]:
    """(offset, could open, could close) of every lone `*` or `_` that may be meant as a mark."""
    out = []
    for m in re.finditer(r"(?<![*_])[*_](?![*_])", text):
        i = m.start()
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if text[i] == "*" and before.isspace() and after.isspace():
            continue  # a times sign
        if text[i] == "_" and before.isascii() and before.isalnum():
            continue  # part of a name or a subscript
        out.append((i, not after.isspace(), not before.isspace()))
    return out


def _excerpt(text: str, start: int, end: int) -> str:
    return text[max(0, start - 10) : end + 10].replace(_NEUTRAL, "…").replace("\n", "⏎")


def leftover_marks(markdown: str) -> list[str]:
    """An excerpt of every paragraph, heading or table cell whose visible text still shows an
    emphasis mark."""
    return list(_leftover_marks(markdown))


@functools.lru_cache(maxsize=4096)
def _leftover_marks(markdown: str) -> tuple[str, ...]:
    """leftover_marks, kept per text: a process that validates the course more than once (the
    tool gate validates changed copies of it, `jaxtutor dev` after each edit) parses each
    unchanged text once; parsing is most of a validation's time. A text without `*` or `_` has
    no mark to leave (what is visible comes from the source; an entity is neutral): not parsed."""
    if "*" not in markdown and "_" not in markdown:
        return ()
    found = []
    for token in _tokens(markdown):
        if token.type != "inline" or not token.children:
            continue
        text = _visible(token.children)
        double = _DOUBLE.search(text)
        if double:
            found.append(f"{double.group(0)} shows as it is: {_excerpt(text, *double.span())!r}")
            continue
        marks = _single_marks(text)
        for n, (start, opens, _) in enumerate(marks):
            closer = next(
                (i for i, _, closes in marks[n + 1 :] if closes and text[i] == text[start]), None
            )
            if opens and closer is not None and closer > start + 1:
                found.append(
                    f"{text[start]}…{text[start]} shows as it is: "
                    f"{_excerpt(text, start, closer + 1)!r}"
                )
                break
    return tuple(found)
