"""The session's answers to questions: quiz answers (multiple choice, and the learner's own mark
on an open question) and predictions before a lesson example runs. The first answer to a question
counts; later answers are practice. Mixed into `Session` (tutor/application/session.py), whose
course and store it uses."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.application.outcomes import PredictionAnswer, QuizAnswer
    from tutor.course.loader import Course, Question
    from tutor.storage.store import Store


class Answers:
    course: Course
    _store: Store

    def answer_choice(self, chapter_id: str, question_id: str, letter: str) -> QuizAnswer:
        """A multiple-choice answer; only the first one per question counts."""
        question = self._question(chapter_id, question_id)
        correct = letter == question.answer
        return self._answer(chapter_id, question_id, letter, correct)

    def mark_open(self, chapter_id: str, question_id: str, right: bool) -> QuizAnswer:
        """The learner's own mark on an open question; only the first one counts."""
        self._question(chapter_id, question_id)
        return self._answer(chapter_id, question_id, "self", right)

    def quiz_answers(self, chapter_id: str) -> dict[str, tuple[str, bool | None]]:
        """The first (counted) answer to each answered question of the chapter's quiz."""
        return self._store.quiz_answers(chapter_id)

    def quiz_score(self, chapter_id: str) -> tuple[int, int]:
        """(correct, answered) of the chapter's quiz, first answers."""
        return self._store.quiz_score(chapter_id)

    def predict(self, lesson_id: str, block_line: int, given: str) -> PredictionAnswer:
        """The learner's prediction for a lesson block, before it runs; only the first counts."""
        from tutor.application.outcomes import PredictionAnswer

        lesson = self.course.lesson(lesson_id)
        prediction = lesson.predictions[block_line]
        correct = prediction.is_right(given)
        counted = self._store.record_prediction(
            prediction.id, lesson.chapter_id, given.strip(), correct
        )
        return PredictionAnswer(prediction=prediction, correct=correct, counted=counted)

    def _question(self, chapter_id: str, question_id: str) -> Question:
        quiz = self.course.quiz(chapter_id)
        for q in quiz.questions:
            if q.id == question_id:
                return q
        raise KeyError(f"quiz {chapter_id} has no question {question_id!r}")

    def _answer(self, chapter_id: str, question_id: str, answer: str, correct: bool) -> QuizAnswer:
        from tutor.application.outcomes import QuizAnswer

        counted = self._store.record_quiz_answer(chapter_id, question_id, answer, correct)
        first_answer, first_correct = self._store.quiz_answers(chapter_id)[question_id]
        return QuizAnswer(
            correct=correct,
            counted=counted,
            first_answer=first_answer,
            first_correct=first_correct,
            score=self._store.quiz_score(chapter_id),
        )
