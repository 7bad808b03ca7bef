"""A predict-then-run block must not give its answer away before the learner answers. What is on
the page then: the code shown before the answer (tutor.course.predictions.visible_code) and the
prose around the question, from the previous runnable block or heading to the block, and after
it up to the next heading or block, except the prose marked as revealed once answered. Nothing is
executed.

What counts as giving it away:
- a `shows` text (the output that proves the right answer), spaces ignored;
- a clause of the prose (between two of the marks of _CLAUSE_END) that holds every number and
  every word of a `shows` text in any order ("compiled 12 times" is told by "the compile counts
  are all 12");
- an `assert` left visible: an assert states the result (mark it `# reveal`);
- for a number question, a number within the tolerance of the answer (−4.6 and -4.6 alike);
- for a choice question, the right option's text when it is long enough to be telling (a one-
  or two-character option such as "1" occurs everywhere), and a number of the right option that
  no wrong option has, with the word after it in the option ("1 time"); without such a word, a
  number of two digits or more, or with decimals, is telling, and so is any such number given
  as a count ("1 time" and its Chinese counterpart). A count in words that says "only so many"
  counts too: "only counted once", "traced only once" say 1 time ("run it once" states no
  result); the Chinese patterns are `predict_giveaway.*` in text_rules.zh.toml.
  That holds for the text of a link next to the question as well (a repair named "a counter
  that counted only once" under a question whose answer is 1). Chinese and English pages are
  held to the same rules."""

# The Chinese examples of the rules above (comments: Chinese stays out of the source's strings):
# "compiled 12 times" is told by "the compile counts are all 12"; a count in words ("counted
# only once", "traced only once") says 1 ("run once more" states no result); so does a repair
# whose title is "the counter that counted only once". The Chinese forms: text_rules.zh.toml.

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import partial

from tutor.authoring.rule_words import rule_words
from tutor.course.markdown import Segment, headings
from tutor.course.predictions import (
    REVEAL_LINE,
    Prediction,
    has_reveal_marks,
    is_reveal_mark,
    visible_code,
)

_NUMBER = re.compile(r"(?<![\w.])[-−]?\d+(?:\.\d+)?(?:[eE][-+−]?\d+)?")
_ASSERT = re.compile(r"^\s*assert\b")
_WORD = re.compile(r"[A-Za-z_]+|[\u3400-\u9fff]+")
# where a clause ends: a newline, the ideographic full stop (。, written as an escape: a set of
# characters, not words) and the ASCII marks the course writes in place of Chinese ones
_CLAUSE_END = re.compile("[\u3002,;:!?\n]")
_LANGS = ("zh", "en")  # each pattern of both languages applies to every page, Chinese first
_COUNT_AFTER = re.compile(
    r"\s*(?:" + "|".join(rule_words(g).text("predict_giveaway.count_after") for g in _LANGS) + ")"
)
# "only" and a count in words, group 2 the count: replaced by the digits its table gives
_ONLY_COUNTS = [
    (
        rule_words(g).pattern("predict_giveaway.only_count"),
        rule_words(g).table("predict_giveaway.count_digits"),
    )
    for g in _LANGS
]
TELLING_OPTION_CHARS = 4  # an option this long (spaces aside) is specific enough to search for


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _value(number: str) -> float:
    return abs(float(number.replace("−", "-")))


def _numbers(text: str) -> list[float]:
    return [_value(found) for found in _NUMBER.findall(text)]


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


def _told_by_clause(shows: str, prose: str) -> bool:
    """Whether one clause of the prose holds every number and word of a `shows` text that has a
    number."""
    wanted = _numbers(shows)
    if not wanted:
        return False
    words = _WORD.findall(_NUMBER.sub(" ", shows))
    for clause in _CLAUSE_END.split(prose):
        found = _numbers(clause)
        if all(any(_same(f, w) for f in found) for w in wanted) and all(
            word in clause for word in words
        ):
            return True
    return False


def _counts_in_digits(text: str) -> str:
    """A count in words that says "only so many" as digits: "only counted once" → "only counted
    1 time" ("run it once" states no result), and so in Chinese."""
    for pattern, digits in _ONLY_COUNTS:
        text = pattern.sub(partial(_in_digits, digits), text)
    return text


def _in_digits(digits: dict[str, str], m: re.Match[str]) -> str:
    return m.group(1) + digits[m.group(2).lower()]


def _telling_numbers(prediction: Prediction) -> list[tuple[float, str, str]]:
    """(value, the word after it, as written) of each number of the right option that no wrong
    option has."""
    right = prediction.options[ord(prediction.answer) - ord("A")]
    others = [o for o in prediction.options if o != right]
    out = []
    for m in _NUMBER.finditer(right):
        value = _value(m.group(0))
        if any(_same(value, v) for o in others for v in _numbers(o)):
            continue
        unit = _WORD.match(right[m.end() :].lstrip())
        out.append((value, unit.group(0)[:1] if unit else "", m.group(0)))
    return out


def _tells_number(value: float, unit: str, text: str) -> bool:
    for m in _NUMBER.finditer(text):
        if not _same(_value(m.group(0)), value):
            continue
        if unit:
            if text[m.end() :].lstrip().startswith(unit):
                return True
        elif "." in m.group(0) or len(m.group(0).lstrip("-−")) >= 2:
            return True
        elif _COUNT_AFTER.match(text, m.end()):  # a bare number given as a count ("1 time")
            return True
    return False


def giveaways(
    code: str, prose_before: str, prediction: Prediction, prose_after: str = ""
) -> Iterator[str]:
    """What in the visible code or the prose around the question tells the answer, one sentence
    per finding (for the validator's report)."""
    places = (
        ("visible code", visible_code(code)),
        ("prose before the question", prose_before),
        ("prose after it", prose_after),
    )
    for place, text in places:
        flat = _squeezed(text)
        for s in prediction.shows:
            if _squeezed(s) and _squeezed(s) in flat:
                yield f"the {place} contains the `shows` text {s!r}"
            elif place != "visible code" and _told_by_clause(s, text):
                yield f"the {place} states the `shows` text {s!r} in other words"
        if prediction.options:
            right = prediction.options[ord(prediction.answer) - ord("A")]
            if len(_squeezed(right)) >= TELLING_OPTION_CHARS and _squeezed(right) in flat:
                yield f"the {place} contains the right option {right!r}"
            for value, unit, written in _telling_numbers(prediction):
                if _tells_number(value, unit, _counts_in_digits(text)):
                    yield f"the {place} contains {written}{unit and ' ' + unit}, the right option's"
        elif prediction.number is not None:
            target, tol = abs(prediction.number), max(prediction.tolerance, 1e-9)
            for found in _NUMBER.findall(text):
                if abs(_value(found) - target) <= tol:
                    yield f"the {place} contains {found}, the answer within its tolerance"
    for n, line in enumerate(code.split("\n"), 1):
        if _ASSERT.match(line) and not REVEAL_LINE.search(line):
            yield f"code line {n}: a visible assert states the result (end it with `# reveal`)"


def _cut_at_heading(prose: str, keep_after: bool) -> tuple[str, bool]:
    """The part of `prose` after its last heading (`keep_after`) or before its first one, and
    whether a heading was found."""
    lines = prose.split("\n")
    found = [h.line - 1 for h in headings(prose)]
    if not found:
        return prose, False
    if keep_after:
        return "\n".join(lines[found[-1] + 1 :]), True
    return "\n".join(lines[: found[0]]), True


def prose_around(segs: list[Segment], k: int) -> tuple[str, str]:
    """The prose shown before the learner answers the question of block `segs[k]`: before it
    (back to the previous runnable block or heading; other blocks, such as `include=` ones, are
    passed over) and after it (up to the next heading or block), its own revealed prose left
    out."""
    before: list[str] = []
    for seg in reversed(segs[:k]):
        if seg.block is not None:
            if seg.block.run:
                break
            continue
        text, cut = _cut_at_heading(seg.prose, keep_after=True)
        before.insert(0, text)
        if cut:
            break
    after: list[str] = []
    for seg in segs[k + 1 :]:
        if seg.block is not None:
            break
        text, cut = _cut_at_heading(seg.prose, keep_after=False)
        after.append(text)
        if cut:
            break
    return "\n".join(before), "\n".join(after)


def _mark_problems(segs: list[Segment]) -> Iterator[tuple[str, str]]:
    for seg in segs:
        if seg.block is not None:
            if headings(seg.block.revealed):
                yield (
                    f"block line {seg.block.line}",
                    "a heading cannot wait for an answer: close the reveal before it",
                )
            continue
        for n, line in enumerate(seg.prose.split("\n")):
            if is_reveal_mark(line):
                yield (
                    f"line {seg.line + n}",
                    "a reveal mark out of place: `<!-- reveal -->` … `<!-- /reveal -->` go "
                    "around prose that opens right after a ```predict question",
                )


def lesson_giveaways(lesson) -> Iterator[tuple[str, str]]:
    """(field, message) of every predict block of a page that tells its answer before the
    question is answered, of `# reveal` marks outside one, and of reveal marks of its prose
    that are out of place."""
    segs = lesson.segments
    for k, seg in enumerate(segs):
        if seg.block is None:
            continue
        prediction = lesson.predictions.get(seg.block.line)
        if prediction is not None:
            before, after = prose_around(segs, k)
            for found in giveaways(seg.block.code, before, prediction, after):
                yield f"predict {prediction.id}", found
        elif has_reveal_marks(seg.block.code):
            yield (
                f"block line {seg.block.line}",
                "`# reveal` marks belong in a block with a ```predict question",
            )
    yield from _mark_problems(segs)
