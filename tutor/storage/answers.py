"""What the store keeps of a chapter's questions: quiz answers and predictions, the first answer
to each being the one that counts."""

from __future__ import annotations

import time

from tutor.storage.database import Database, guarded


class AnswerRecords(Database):
    @guarded
    def record_quiz_answer(
        self, chapter_id: str, question_id: str, answer: str, correct: bool | None
    ) -> bool:
        """Keep the first answer to a question (later ones are practice and change nothing).
        Returns True when this answer was the first, the one that counts."""
        cur = self.db.execute(
            "INSERT OR IGNORE INTO quiz_answer(chapter, question, answer, correct, at) "
            "VALUES (?,?,?,?,?)",
            (
                chapter_id,
                question_id,
                answer,
                None if correct is None else int(correct),
                time.time(),
            ),
        )
        return cur.rowcount == 1

    @guarded
    def quiz_answers(self, chapter_id: str) -> dict[str, tuple[str, bool | None]]:
        rows = self.db.execute(
            "SELECT question, answer, correct FROM quiz_answer WHERE chapter = ?", (chapter_id,)
        ).fetchall()
        return {q: (a, None if c is None else bool(c)) for q, a, c in rows}

    @guarded
    def quiz_score(self, chapter_id: str) -> tuple[int, int]:
        """(correct, answered) for a chapter's quiz."""
        answers = self.quiz_answers(chapter_id)
        return sum(1 for _, c in answers.values() if c), len(answers)

    @guarded
    def record_prediction(
        self, prediction_id: str, chapter_id: str, answer: str, correct: bool
    ) -> bool:
        """Keep the first prediction for a block; True when this one was it (the one that
        counts)."""
        cur = self.db.execute(
            "INSERT OR IGNORE INTO prediction(id, chapter, answer, correct, at) VALUES (?,?,?,?,?)",
            (prediction_id, chapter_id, answer, int(correct), time.time()),
        )
        return cur.rowcount == 1

    @guarded
    def predictions(self, chapter_id: str) -> dict[str, tuple[str, bool]]:
        rows = self.db.execute(
            "SELECT id, answer, correct FROM prediction WHERE chapter = ?", (chapter_id,)
        ).fetchall()
        return {i: (a, bool(c)) for i, a, c in rows}
