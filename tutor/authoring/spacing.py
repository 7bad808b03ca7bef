"""The spacing rule for learner-facing text that mixes Chinese with Latin letters, digits and code
(lesson pages, statements, explanations, hints, quizzes, check messages):

1. a Chinese character and a Latin letter, a digit or inline code that touch are set apart by
   one space (example 1 below);
2. two Chinese characters are never set apart by a space (example 2), except around a chapter
   label in a title (example 3; the label's pattern is `spacing.chapter_label` in
   text_rules.zh.toml);
3. Chinese punctuation (the full-width marks of _PUNCT and the ASCII , : ; that the course uses
   in their place) takes no space between itself and a Chinese character (example 4). Inside
   ASCII brackets, where a call is written out with Chinese placeholders (example 5), commas
   keep their space.

`problems(text)` returns an excerpt of every place that breaks the rule in a plain text;
`markdown_problems(text)` does the same for Markdown, skipping code blocks, treating inline
code as a Latin word and links as their text, and reading through bold marks."""

# Examples (comments: Chinese stays out of the source's strings):
# 1. one space between Chinese and Latin words, numbers or code spans
# 2. none between two Chinese words
# 3. none where a source title would put one by habit
# 4. none after full-width punctuation ("float32," then the Chinese word)
# 5. inside code-like text, the code's own spacing

from __future__ import annotations

import re

from tutor.authoring.rule_words import rule_words
from tutor.course.markdown import segments

_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK = f"[{_HAN}]"
_LATIN = "[A-Za-z0-9]"
_PUNCT = "[,:;\u3002\u3001\uff0c\uff1a\uff1b\uff01\uff1f\u300d\u201d]"
_TOUCH = re.compile(f"{_CJK}(?={_LATIN})|(?<={_LATIN}){_CJK}")
_CJK_SPACE_CJK = re.compile(f"(?<={_CJK}) +(?={_CJK})")
_PUNCT_SPACE_CJK = re.compile(f"(?<={_PUNCT}) +(?={_CJK})")
_CJK_SPACE_PUNCT = re.compile(f"(?<={_CJK}) +(?={_PUNCT})")
_CHAPTER_LABEL = rule_words("zh").text("spacing.chapter_label")
_CHAPTER_LABEL_AFTER = re.compile(_CHAPTER_LABEL + "$")
_CHAPTER_LABEL_BEFORE = re.compile("^" + _CHAPTER_LABEL)
_INLINE_CODE = re.compile(r"`+[^`\n]*`+")
_BRACKETED = re.compile(r"\([^()\n]*\)|\[[^\[\]\n]*\]|\{[^{}\n]*\}")
CODE_STAND_IN = "C"  # inline code reads as a Latin word next to Chinese
_BOLD = re.compile(r"\*\*|__")
_LINK = re.compile(r"\[([^\[\]\n]*)\]\([^()\s]*\)")

_WHY = {
    "touch": "put a space between Chinese and Latin/digits/code",
    "space": "no space between two Chinese characters",
    "punct": "no space next to Chinese punctuation",
}


def _excerpt(text: str, start: int, end: int) -> str:
    return text[max(0, start - 8) : end + 8].replace("\n", "⏎")


def _outside_brackets(text: str) -> str:
    """The text with every ASCII-bracketed group blanked out (same length, innermost first)."""
    while True:
        blanked = _BRACKETED.sub(lambda m: "\0" * len(m.group(0)), text)
        if blanked == text:
            return text
        text = blanked


def problems(text: str) -> list[str]:
    """'<why>: …excerpt…' for every break of the spacing rule in a plain text."""
    found = []
    for m in _TOUCH.finditer(text):
        found.append(f"{_WHY['touch']}: {_excerpt(text, m.start(), m.end())!r}")
    for m in _CJK_SPACE_CJK.finditer(text):
        if _CHAPTER_LABEL_AFTER.search(text[: m.start()]) or _CHAPTER_LABEL_BEFORE.match(
            text[m.end() :]
        ):
            continue
        found.append(f"{_WHY['space']}: {_excerpt(text, m.start(), m.end())!r}")
    bare = _outside_brackets(text)
    for pattern in (_PUNCT_SPACE_CJK, _CJK_SPACE_PUNCT):
        for m in pattern.finditer(bare):
            found.append(f"{_WHY['punct']}: {_excerpt(text, m.start(), m.end())!r}")
    return found


def markdown_problems(markdown: str) -> list[str]:
    """The spacing problems of a Markdown text's prose (code blocks skipped, inline code read
    as a Latin word)."""
    found = []
    for seg in segments(markdown):
        if seg.block is None:
            # read as shown: a link as its text (not its target),
            # through bold marks (stop, closing marks, space: shown as stop + space)
            shown = _LINK.sub(r"\1", _INLINE_CODE.sub(CODE_STAND_IN, seg.prose))
            found += problems(_BOLD.sub("", shown))
    return found
