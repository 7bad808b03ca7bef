"""The validator refuses a predict-then-run block that tells its answer before the question:
a visible assert, a `shows` text, the number asked for, the right option's words. Marked lines
(`# reveal`) and comments (`# reveal:`) are hidden until the answer and shown without the marks."""

from __future__ import annotations

from tutor.authoring.predict_giveaway import giveaways
from tutor.authoring.validate import validate
from tutor.course.loader import load_course
from tutor.course.predictions import Prediction, revealed_code, visible_code

CHOICE = Prediction(
    id="x/1", question="hits?", shows=("调用 4 次后 hits = 1",), options=("0", "1", "4"), answer="B"
)
NUMBER = Prediction(
    id="x/2", question="∂L/∂b?", shows=("dL/db ≈ -4.60",), number=-4.6, tolerance=0.01
)


def test_marked_lines_and_comments_are_hidden_then_shown_without_marks():
    code = "x = f()   # reveal: 只追踪一次\nprint(x)\nassert x == 1   # 只有一次  # reveal\n"
    assert visible_code(code) == "x = f()\nprint(x)\n"
    assert revealed_code(code) == "x = f()  # 只追踪一次\nprint(x)\nassert x == 1   # 只有一次\n"


def test_an_assert_or_the_shows_text_or_the_number_gives_the_answer_away():
    assert list(giveaways("print('hits =', hits)\nassert hits == 1\n", "", CHOICE))
    assert not list(giveaways("print('hits =', hits)\nassert hits == 1  # reveal\n", "", CHOICE))
    assert list(giveaways("print(1)\n", "先猜:调用 4 次后 hits = 1 吗?", CHOICE))
    assert list(giveaways("ok = abs(g + 4.6) < 1e-6\n", "", NUMBER))
    assert list(giveaways("print(g)\n", "答案约为 −4.601。", NUMBER))
    assert not list(giveaways("print(g)\n", "w = [1.5, −0.5],b = 0.3", NUMBER))
    telling = Prediction(
        id="x/3", question="?", shows=("nan",), options=("有限", "整组梯度都是 NaN"), answer="B"
    )
    assert list(giveaways("g = grad(f)(w)  # 整组梯度都是 NaN\n", "", telling))


def test_the_course_hides_every_answer():
    course = load_course(fresh=True)
    problems = [p for p in validate(course) if p.field.startswith("predict ")]
    assert not problems, "\n".join(map(str, problems))
    for lesson_id in ("6.1", "6.5", "7.1a", "7.2a", "a1.1", "a1.5"):
        assert course.lesson(lesson_id).predictions, lesson_id
