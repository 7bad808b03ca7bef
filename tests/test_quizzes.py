"""Quizzes test understanding and prove their answers: every question has `verify` code (run by
`jaxtutor dev blocks`), no letter holds more than half of a chapter's multiple-choice answers,
every chapter has objective questions (a1 at least four), and chapter 7 asks about what it
teaches beyond recall: Hessian-vector products, ahead-of-time compilation, weak-type recompiles."""

from __future__ import annotations

from collections import Counter


def test_every_question_has_code_that_proves_its_answer(course):
    missing = [
        f"{c}/{q.id}"
        for c, quiz in course.quizzes.items()
        for q in quiz.questions
        if not q.verify.strip()
    ]
    assert missing == []


def test_no_letter_holds_more_than_half_of_a_chapters_answers(course):
    for chapter_id, quiz in course.quizzes.items():
        letters = Counter(q.answer for q in quiz.questions if q.kind == "choice")
        total = sum(letters.values())
        assert total and max(letters.values()) * 2 <= total, (chapter_id, letters)
        assert len(letters) >= 3, (chapter_id, letters)


def test_each_chapter_has_objective_questions_a1_at_least_four(course):
    choice = {
        c: sum(q.kind == "choice" for q in quiz.questions) for c, quiz in course.quizzes.items()
    }
    assert choice["a1"] >= 4 and all(n >= 4 for n in choice.values()), choice


def test_chapter_7_asks_about_hvp_aot_and_weak_type_recompiles(course):
    texts = [q.prompt + " ".join(q.options) + q.verify for q in course.quiz("7").questions]
    assert any("jax.jvp(jax.grad(f)" in t and "linearize" in t for t in texts)
    assert any(".lower(" in t and ".compile()" in t for t in texts)
    assert any("jnp.float32(0.3)" in t and "traces" in t for t in texts)


def test_no_option_gives_itself_away(course):
    for quiz in course.quizzes.values():
        for q in quiz.questions:
            for option in q.options:
                assert "没有任何缺点" not in option, (q.id, option)


def test_a_question_with_more_options_than_answer_keys_is_refused(course):
    from tutor.authoring.validate import validate
    from tutor.course.quiz import OPTION_LETTERS

    q = next(q for q in course.quiz("6").questions if q.kind == "choice")
    q.options = [*q.options, *(f"extra {n}" for n in range(len(OPTION_LETTERS)))]
    try:
        refused = [str(p) for p in validate(course) if f"{q.id}.options" in str(p)]
    finally:
        q.options = q.options[: -len(OPTION_LETTERS)]
    assert refused and "2 to 4 options" in refused[0], refused
