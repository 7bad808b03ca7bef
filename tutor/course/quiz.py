"""A chapter's quiz: its questions, multiple choice or open, with their explanations."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


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
