"""A predict-then-run block must not give its answer away before the learner answers: the code
shown before the answer (tutor.course.predictions.visible_code) and the prose right before the
block may not contain what the question asks for. Nothing is executed.

What counts as giving it away:
- a `shows` text (the output that proves the right answer), spaces ignored;
- an `assert` left visible: an assert states the result (mark it `# reveal`);
- for a number question, a number within the tolerance of the answer;
- for a choice question, the right option's text when it is long enough to be telling (a one-
  or two-character option such as "1" occurs everywhere)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutor.course.predictions import REVEAL_LINE, Prediction, has_reveal_marks, visible_code

_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")
_ASSERT = re.compile(r"^\s*assert\b")
TELLING_OPTION_CHARS = 4  # an option this long (spaces aside) is specific enough to search for


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def giveaways(code: str, prose_before: str, prediction: Prediction) -> Iterator[str]:
    """What in the visible code or the prose before the question tells the answer, one sentence
    per finding (for the validator's report)."""
    shown = visible_code(code)
    for where, text in (("visible code", shown), ("prose before the question", prose_before)):
        flat = _squeezed(text)
        for s in prediction.shows:
            if _squeezed(s) and _squeezed(s) in flat:
                yield f"the {where} contains the `shows` text {s!r}"
        if prediction.options:
            right = prediction.options[ord(prediction.answer) - ord("A")]
            if len(_squeezed(right)) >= TELLING_OPTION_CHARS and _squeezed(right) in flat:
                yield f"the {where} contains the right option {right!r}"
        elif prediction.number is not None:
            target, tol = abs(prediction.number), max(prediction.tolerance, 1e-9)
            for found in _NUMBER.findall(text):
                if abs(float(found) - target) <= tol:
                    yield f"the {where} contains {found}, the answer within its tolerance"
    for n, line in enumerate(code.split("\n"), 1):
        if _ASSERT.match(line) and not REVEAL_LINE.search(line):
            yield f"code line {n}: a visible assert states the result (end it with `# reveal`)"


def lesson_giveaways(lesson) -> Iterator[tuple[str, str]]:
    """(field, message) of every predict block of a page that tells its answer before the
    question (the prose right before the block counts), and of `# reveal` marks outside one."""
    prose = ""
    for seg in lesson.segments:
        if seg.block is None:
            prose = seg.prose
            continue
        prediction = lesson.predictions.get(seg.block.line)
        if prediction is not None:
            for found in giveaways(seg.block.code, prose, prediction):
                yield f"predict {prediction.id}", found
        elif has_reveal_marks(seg.block.code):
            yield (
                f"block line {seg.block.line}",
                "`# reveal` marks belong in a block with a ```predict question",
            )
        prose = ""
