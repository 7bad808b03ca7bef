"""The validator's quiz rules (tutor/authoring/quiz_rules.py) refuse the quizzes issue 35 found:
chapter 6's quiz as it was (tests/fixtures/quizzes/ch6-before-issue-35.toml: right letters
D C A B D C A B, three verify blocks that only print, no question saying what it asks, six of
eight recall questions), and each rule on a minimal example. The course's quizzes pass them, and
the loader exposes what each question asks."""

from __future__ import annotations

import dataclasses
import shutil
import tomllib
from pathlib import Path

import pytest

from tutor.authoring.quiz_rules import (
    asks_problems,
    letter_problems,
    quiz_problems,
    verify_problems,
)
from tutor.course.errors import ContentError
from tutor.course.loader import load_course
from tutor.course.quiz import ASKS, Question

BEFORE = Path(__file__).parent / "fixtures" / "quizzes" / "ch6-before-issue-35.toml"
FIXTURE = Path(__file__).parent / "fixtures" / "course" / "lessons"


def _questions(path: Path) -> list[Question]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    fields = {f.name for f in dataclasses.fields(Question)}
    return [Question(**{k: v for k, v in q.items() if k in fields}) for q in data["questions"]]


def _choice(letters: str) -> list[Question]:
    return [
        Question(
            id=f"q{n}",
            kind="choice",
            prompt="?",
            options=["a", "b", "c", "d"],
            answer=letter,
            verify="assert True",
            asks="predict",
        )
        for n, letter in enumerate(letters, 1)
    ]


def test_the_old_chapter_6_quiz_is_refused_for_its_letters():
    problems = letter_problems(_questions(BEFORE), "quiz.toml")
    assert [p.message for p in problems] == [
        "the right answers D C A B D C A B repeat every 4: a learner can guess the pattern"
    ]


def test_the_old_chapter_6_quiz_is_refused_for_verify_code_that_only_prints():
    problems = verify_problems(_questions(BEFORE), "quiz.toml")
    assert [p.field for p in problems] == ["q2.verify", "q3.verify", "q4.verify"]


def test_the_old_chapter_6_quiz_is_refused_for_not_saying_what_it_asks():
    problems = asks_problems(_questions(BEFORE), "quiz.toml")
    assert [p.field for p in problems][:8] == [f"q{n}.asks" for n in range(1, 9)]


def test_the_old_chapter_6_quiz_tagged_as_read_is_refused_for_asking_recall():
    # the reading: q1 and q3 ask about new code, the other six are passed by memory
    read = {"q1": "predict", "q3": "predict"}
    tagged = [dataclasses.replace(q, asks=read.get(q.id, "recall")) for q in _questions(BEFORE)]
    problems = asks_problems(tagged, "quiz.toml")
    assert [p.message for p in problems] == [
        "2 of 8 questions ask to predict or apply; "
        "at least half must (rewrite recall questions on new code or new inputs)"
    ]
    half = {**read, "q4": "apply", "q5": "apply"}
    tagged = [dataclasses.replace(q, asks=half.get(q.id, "recall")) for q in _questions(BEFORE)]
    assert asks_problems(tagged, "quiz.toml") == []


@pytest.mark.parametrize(
    ("letters", "why"),
    [
        ("ABABABAB", "only A B"),
        ("AAAAB", "only A B"),
        ("ABCABC", "repeat every 3"),
        ("ABCDABCDA", "repeat every 4"),
        ("CCCCABD", "C is right in 4 of 7"),
    ],
)
def test_letters_in_one_or_two_places_or_a_cycle_are_refused(letters, why):
    messages = " | ".join(p.message for p in letter_problems(_choice(letters), "q"))
    assert why in messages


@pytest.mark.parametrize("letters", ["BACCBDDACA", "CADBACBDA", "ABCDBADC", "DBACBDCA"])
def test_spread_letters_pass(letters):
    assert letter_problems(_choice(letters), "q") == []


def test_verify_without_assert_or_missing_is_refused_and_an_assert_passes():
    printing = dataclasses.replace(_choice("A")[0], verify="print(1 + 1)  # assert in a comment")
    empty = dataclasses.replace(_choice("A")[0], id="q2", verify="")
    asserting = dataclasses.replace(_choice("A")[0], id="q3", verify="x = 2\nassert x == 2")
    problems = verify_problems([printing, empty, asserting], "q")
    assert [p.field for p in problems] == ["q1.verify", "q2.verify"]


def test_every_course_quiz_passes_the_rules(course):
    for quiz in course.quizzes.values():
        assert quiz_problems(quiz.questions, str(quiz.path)) == [], quiz.chapter_id


def test_the_loader_exposes_what_each_question_asks(course):
    for quiz in course.quizzes.values():
        asks = [q.asks for q in quiz.questions]
        assert set(asks) <= set(ASKS) and "" not in asks, (quiz.chapter_id, asks)
    assert course.quiz("6").questions[0].asks in ("predict", "apply")


def _fixture_with_asks(tmp_path: Path, value: str) -> Path:
    lessons = shutil.copytree(FIXTURE, tmp_path / "lessons")
    quiz = lessons / "ch6" / "quiz.toml"
    text = quiz.read_text(encoding="utf-8")
    first = 'id = "q1"\nkind = "choice"\n'
    assert first in text
    quiz.write_text(text.replace(first, first + f'asks = "{value}"\n'), encoding="utf-8")
    return lessons


def test_the_loader_reads_asks_and_refuses_an_unknown_kind(tmp_path):
    lessons = _fixture_with_asks(tmp_path, "apply")
    questions = load_course(lessons, fresh=True).quiz("6").questions
    assert [q.asks for q in questions] == ["apply", "", ""]
    assert load_course(lessons, lang="en", fresh=True).quiz("6").questions[0].asks == "apply"
    lessons = _fixture_with_asks(tmp_path / "other", "memorise")
    with pytest.raises(ContentError) as e:
        load_course(lessons, fresh=True)
    assert e.value.field == "questions[0].asks"


def test_an_english_overlay_may_not_say_what_a_question_asks(tmp_path):
    lessons = _fixture_with_asks(tmp_path, "apply")
    overlay = lessons / "ch6" / "quiz.en.toml"
    text = overlay.read_text(encoding="utf-8")
    overlay.write_text(text.replace("[[questions]]\n", '[[questions]]\nasks = "apply"\n', 1))
    with pytest.raises(ContentError) as e:
        load_course(lessons, lang="en", fresh=True)
    assert e.value.field == "questions[0].asks" and "holds no text" in e.value.message
