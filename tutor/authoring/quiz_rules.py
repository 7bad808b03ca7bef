"""What a quiz must be to test understanding rather than memory (lessons/README.md, "quiz.toml"):

- every question says what it asks (`asks`), and at least half of them ask to predict what new
  code does or to apply a rule to inputs no page shows (`predict`, `apply`);
- every `verify` asserts the answer (an `assert` statement), so that `jaxtutor dev blocks` fails
  when JAX stops behaving as the answer says — printing alone proves nothing;
- the right letters of the multiple-choice questions are spread: at least three different
  letters, none right in more than half of them, and no short cycle a learner could pick up
  (the letters do not repeat with a period of 2, 3 or 4 over at least two full periods, as
  `D C A B D C A B` does).

Each rule takes the questions as loaded (tutor.course.quiz.Question), so a test can run it on any
file's questions."""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Sequence

from tutor.authoring.problems import Problem
from tutor.course.python_source import parsed_source
from tutor.course.quiz import ASKS, UNDERSTANDING, Question

MIN_LETTERS = 3  # different right letters in a quiz with at least this many choice questions
PERIODS = (2, 3, 4)  # a repeating cycle of right letters of one of these lengths is refused


def asks_problems(questions: Sequence[Question], where: str) -> list[Problem]:
    """Every question says what it asks; at least half ask to predict or to apply."""
    out = [
        Problem(where, f"{q.id}.asks", f"say what the question asks: one of {', '.join(ASKS)}")
        for q in questions
        if q.asks not in ASKS
    ]
    understanding = sum(q.asks in UNDERSTANDING for q in questions)
    if questions and understanding * 2 < len(questions):
        out.append(
            Problem(
                where,
                "questions",
                f"{understanding} of {len(questions)} questions ask to predict or apply; "
                "at least half must (rewrite recall questions on new code or new inputs)",
            )
        )
    return out


def _asserts(code: str) -> bool:
    try:
        tree = parsed_source(code)
    except SyntaxError:
        return True  # the validator reports the syntax error on its own
    return any(isinstance(node, ast.Assert) for node in ast.walk(tree))


def verify_problems(questions: Sequence[Question], where: str) -> list[Problem]:
    """Every question has verification code and that code asserts its answer."""
    return [
        Problem(where, f"{q.id}.verify", "must assert the answer (an `assert`), not only print it")
        for q in questions
        if not _asserts(q.verify) or not q.verify.strip()
    ]


def _period(letters: str) -> int | None:
    for p in PERIODS:
        if len(letters) >= 2 * p and all(
            letters[i] == letters[i + p] for i in range(len(letters) - p)
        ):
            return p
    return None


def letter_problems(questions: Sequence[Question], where: str) -> list[Problem]:
    """The right letters of the choice questions are spread and follow no short cycle."""
    letters = "".join(q.answer for q in questions if q.kind == "choice")
    if len(letters) < MIN_LETTERS:
        return []
    out = []
    counts = Counter(letters)
    if len(counts) < MIN_LETTERS:
        out.append(
            Problem(
                where,
                "answer",
                f"the right answers use only {' '.join(sorted(counts))}: "
                f"spread them over at least {MIN_LETTERS} letters",
            )
        )
    letter, most = counts.most_common(1)[0]
    if most * 2 > len(letters):
        out.append(
            Problem(where, "answer", f"{letter} is right in {most} of {len(letters)} questions")
        )
    period = _period(letters)
    if period:
        out.append(
            Problem(
                where,
                "answer",
                f"the right answers {' '.join(letters)} repeat every {period}: "
                "a learner can guess the pattern",
            )
        )
    return out


def quiz_problems(questions: Sequence[Question], where: str) -> list[Problem]:
    return [
        *asks_problems(questions, where),
        *verify_problems(questions, where),
        *letter_problems(questions, where),
    ]
