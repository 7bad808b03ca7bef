"""A chapter's quiz: its questions, multiple choice or open, with their explanations."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

# what a question asks of the learner (lessons/README.md, "quiz.toml"): to predict what new code
# does, to apply a rule to inputs no page shows, to recall a fact, or to explain a reason
ASKS = ("predict", "apply", "recall", "explain")
UNDERSTANDING = frozenset({"predict", "apply"})  # the kinds that test more than memory
# a choice question has 2 to 4 options, A to D, as a predict block does: the quiz screen has a
# key for each (a–d), and its footer and the help name the same keys
OPTION_LETTERS = "ABCD"


@dataclass
class Question:
    """One quiz question: a choice among options, or an open question with a model answer."""

    id: str
    kind: str  # "choice" or "open"
    prompt: str
    options: list[str] = field(default_factory=list)
    answer: str = ""  # choice: a letter (A, B, ...)
    explanation: str = ""
    model_answer: str = ""  # open questions
    verify: str = ""  # optional code that backs the answer (runs in a worker)
    asks: str = ""  # what it asks of the learner: one of ASKS ("" when the file does not say)

    @property
    def answer_index(self) -> int:
        return ord(self.answer) - ord("A")


@dataclass
class Quiz:
    """The end-of-chapter quiz."""

    chapter_id: str
    title: str
    path: Path
    questions: list[Question]
