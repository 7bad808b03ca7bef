"""The panel a quiz ends on: the graded questions (choice: the app knows the answer) and the
self-marked ones (open: the learner compared with the model answer) counted apart, the questions
not answered yet, and the next item of the course order (`n` goes there)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from tutor.application import progress
from tutor.words.catalog import t


def graded(question) -> bool:
    """Does the app judge the answer (True), or does the learner mark it (False)?"""
    return question.kind == "choice"


@dataclass
class Part:
    """One kind of question: (number, right or wrong) of each answered one, in quiz order."""

    marks: list[tuple[int, bool]] = field(default_factory=list)
    total: int = 0

    @property
    def right(self) -> int:
        return sum(ok for _, ok in self.marks)


@dataclass
class Summary:
    graded: Part
    self_marked: Part
    unanswered: list[int]  # question numbers (1-based)


def summarize(questions, answers: dict[str, tuple[str, bool | None]]) -> Summary:
    """The first answers of `answers` (session.quiz_answers) sorted by how they were judged."""
    parts = {True: Part(), False: Part()}
    unanswered = []
    for n, q in enumerate(questions, start=1):
        part = parts[graded(q)]
        part.total += 1
        if q.id in answers:
            part.marks.append((n, bool(answers[q.id][1])))
        else:
            unanswered.append(n)
    return Summary(parts[True], parts[False], unanswered)


def _part(text: Text, part: Part, words: str) -> None:
    if not part.total:
        return
    text.append(t(words, right=part.right, answered=len(part.marks), total=part.total))
    if part.marks:
        text.append("\n")
    for n, ok in part.marks:
        style = progress.style("passed" if ok else "failed")
        text.append(f"  {n} {'✓' if ok else '✗'}", style=style)
    text.append("\n\n")


def summary_text(summary: Summary, next_item) -> Text:
    """What the panel shows; `next_item` is the course's next Item, None at the end."""
    text = Text()
    text.append(t("app.quiz.summary_title") + "\n\n", style="bold")
    _part(text, summary.graded, "app.quiz.summary_graded")
    _part(text, summary.self_marked, "app.quiz.summary_self")
    if summary.unanswered:
        numbers = t("app.quiz.summary_sep").join(str(n) for n in summary.unanswered)
        text.append(t("app.quiz.summary_unanswered", numbers=numbers) + "\n\n", style="yellow")
    if next_item is None:
        text.append(t("app.course.last"), style="bold")
    else:
        kind = t(f"app.kind.{next_item.kind}")
        place = f"{kind} {next_item.id} · {next_item.title}"
        text.append(t("app.quiz.summary_next", place=place), style="bold cyan")
    return text
