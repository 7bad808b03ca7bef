"""Predict-then-run blocks: a ```predict fence right after a runnable block of a lesson asks the
learner for the outcome before the block runs (format: lessons/README.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tutor.course.markdown import Segment, join_cjk_breaks


class PredictionError(ValueError):
    pass


@dataclass(frozen=True)
class Prediction:
    """Asked before a runnable block runs: choose an outcome (`options`, `answer` a letter) or type
    a number (`number`). `shows` are texts the block's real output contains, which proves the
    right answer on this machine (`jaxtutor dev blocks` checks them)."""

    id: str  # "<page id>/<n>": the n-th prediction of the page, from 1
    question: str
    shows: tuple[str, ...]
    options: tuple[str, ...] = ()
    answer: str = ""  # a letter, for options
    number: float | None = None  # the right number, when the learner types one
    tolerance: float = 0.0

    def is_right(self, given: str) -> bool:
        if self.options:
            return given.strip().upper() == self.answer
        if self.number is None:
            return False
        try:
            return abs(float(given) - self.number) <= self.tolerance
        except ValueError:
            return False


def parse_prediction(source: str, pred_id: str) -> Prediction:
    """A `predict` fence's TOML as a Prediction; PredictionError says what is wrong."""
    import tomllib  # only pages with predictions need it

    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as e:
        raise PredictionError(str(e)) from None
    question, shows = data.get("question"), data.get("shows")
    if not isinstance(question, str) or not question.strip():
        raise PredictionError("needs a question")
    if isinstance(shows, str):
        shows = [shows]
    if not (isinstance(shows, list) and shows and all(isinstance(x, str) and x for x in shows)):
        raise PredictionError("needs `shows`: text the real output contains")
    options, answer, number = data.get("options", []), data.get("answer", ""), data.get("number")
    if options:
        if not (
            isinstance(options, list)
            and 2 <= len(options) <= 4
            and all(isinstance(o, str) for o in options)
        ):
            raise PredictionError("options: 2 to 4 strings")
        if not (
            isinstance(answer, str)
            and len(answer) == 1
            and 0 <= ord(answer) - ord("A") < len(options)
        ):
            raise PredictionError("answer: the letter of one of the options")
        right_number: float | None = None
    elif isinstance(number, (int, float)) and not isinstance(number, bool):
        right_number = float(number)
    else:
        raise PredictionError("needs options and an answer, or a number")
    return Prediction(
        id=pred_id,
        question=join_cjk_breaks(question),
        shows=tuple(shows),
        options=tuple(options),
        answer=answer if options else "",
        number=right_number,
        tolerance=float(data.get("tolerance", 0.0)),
    )


# ---------------------------------------------------------------- shown before the answer

# A line of a predict block's code that states the result (an assert, a comment that gives the
# answer away) is marked by the author; until the learner has answered, the reader shows the code
# without it. `# reveal` at the end of a line hides the whole line; a comment that starts with
# `# reveal:` hides only that comment (the code before it stays). The markers never show.
REVEAL_LINE = re.compile(r"\s*#\s*reveal\s*$")
REVEAL_COMMENT = re.compile(r"\s*#\s*reveal:\s*(.*)$")


def visible_code(code: str) -> str:
    """A predict block's code as shown before the answer: marked lines left out, marked comments
    cut off."""
    out = []
    for line in code.split("\n"):
        if REVEAL_LINE.search(line):
            continue
        out.append(REVEAL_COMMENT.sub("", line))
    return "\n".join(out)


def revealed_code(code: str) -> str:
    """A predict block's code as shown after the answer: every line, without the markers."""
    out = []
    for line in code.split("\n"):
        line = REVEAL_LINE.sub("", line)
        found = REVEAL_COMMENT.search(line)
        if found:
            line = line[: found.start()] + "  # " + found.group(1)
        out.append(line)
    return "\n".join(out)


def has_reveal_marks(code: str) -> bool:
    return any(REVEAL_LINE.search(x) or REVEAL_COMMENT.search(x) for x in code.split("\n"))


# The prose that explains a predict block's result is marked by the author too: it opens the prose
# right after the block, between a line `<!-- reveal -->` and a line `<!-- /reveal -->` (HTML
# comments: any Markdown viewer hides the marks). The reader shows it once the learner has
# answered; the marks never show.
REVEAL_OPEN = "<!-- reveal -->"
REVEAL_CLOSE = "<!-- /reveal -->"


def split_revealed(segs: list[Segment]) -> list[Segment]:
    """The segments of a page with the marked prose right after each predict block moved into the
    block (`CodeBlock.revealed`), without its marks. A mark anywhere else, or one left unclosed,
    stays in the prose (the validator reports it)."""
    out: list[Segment] = []
    for seg in segs:
        previous = out[-1].block if out else None
        if seg.block is not None or previous is None or not previous.predict:
            out.append(seg)
            continue
        found = _revealed(seg.prose)
        if found is None:
            out.append(seg)
            continue
        revealed, rest_start = found
        out[-1] = replace(out[-1], block=replace(previous, revealed=join_cjk_breaks(revealed)))
        rest = "\n".join(seg.prose.split("\n")[rest_start:])
        if rest.strip():
            out.append(Segment(line=seg.line + rest_start, prose=rest))
    return out


def _revealed(prose: str) -> tuple[str, int] | None:
    """The text between the reveal marks that open `prose`, and the line after the closing one
    (0-based); None when the prose does not open with a closed reveal of some text."""
    lines = prose.split("\n")
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None or lines[first].strip() != REVEAL_OPEN:
        return None
    close = next(
        (i for i in range(first + 1, len(lines)) if lines[i].strip() == REVEAL_CLOSE), None
    )
    if close is None or not "".join(lines[first + 1 : close]).strip():
        return None
    return "\n".join(lines[first + 1 : close]), close + 1


def is_reveal_mark(line: str) -> bool:
    return line.strip() in (REVEAL_OPEN, REVEAL_CLOSE)
