"""The validator refuses a predict-then-run block that tells its answer before it is answered, in
its visible code or in the prose before or after the question: a visible assert, a `shows` text
(or its numbers and words in one clause), the number asked for, the right option's words or
numbers. Marked lines (`# reveal`) and comments (`# reveal:`) are hidden until the answer and
shown without the marks; marked prose (`<!-- reveal -->` … `<!-- /reveal -->`) moves into the
block and is not the page's."""

from __future__ import annotations

import shutil

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


def test_the_course_hides_every_answer(course, course_problems):
    problems = [p for p in course_problems if p.field.startswith("predict ")]
    assert not problems, "\n".join(map(str, problems))
    for lesson_id in ("6.1", "6.5", "7.1a", "7.2a", "a1.1", "a1.5"):
        assert course.lesson(lesson_id).predictions, lesson_id


def test_numbers_are_compared_as_numbers_in_the_prose_after_the_question():
    assert list(giveaways("print(g)\n", "", NUMBER, "答案是 ∂L/∂b = −4.6。"))
    assert list(giveaways("print(g)\n", "", NUMBER, "dL/db 约为 -4.60"))
    traced = Prediction(
        id="x/4",
        question="追踪了几次?",
        shows=("追踪次数: 1",),
        options=("1 次", "2 次:先 int 后数组", "3 次"),
        answer="A",
    )
    assert list(giveaways("print(n)\n", "", traced, "签名相同,所以只追踪 1 次。"))
    assert not list(giveaways("print(n)\n", "", traced, "第 1 步先看签名,比 3 小。"))
    compiles = Prediction(
        id="x/5",
        question="两轮各编译几次?",
        shows=("编译 12 次", "编译 0 次"),
        options=("1 次和 0 次", "12 次和 0 次", "12 次和 12 次"),
        answer="B",
    )
    # the options share their numbers: the shows text told in other words is what gives it away
    assert list(giveaways("print(c)\n", "", compiles, "两次看到的编译次数都是 12:缓存键没命中"))
    assert not list(giveaways("print(c)\n", "先喂 12 种大小的 batch,再喂 12 次。", compiles))
    gradient = Prediction(
        id="x/6",
        question="梯度?",
        shows=("[-1.00001 -1.00001]",),
        options=("约 −0.99999", "约 −1.00001", "正好 −1"),
        answer="B",
    )
    assert list(giveaways("print(g)\n", "", gradient, "1/(−1 + 10⁻⁵) ≈ −1.00001,绝对值大于 1"))


A1_5 = "a1/lessons/a1.5.md"


def _problems_of(root, page):
    return [p for p in validate(load_course(root, fresh=True)) if p.file == str(root / page)]


def test_prose_marked_as_revealed_is_cut_out_of_the_page_and_kept_by_the_block(course):
    lesson = course.lesson("a1.5")
    blocks = [s.block for s in lesson.segments if s.block is not None and s.block.predict]
    assert "1.0749918" in blocks[0].revealed and "−1.00001" in blocks[1].revealed
    prose = "\n".join(s.prose for s in lesson.segments if s.block is None)
    assert "1.0749918" not in prose and "−1.00001" not in prose and "reveal" not in prose
    assert "cond 的梯度只走实际执行的分支" in prose  # what follows the marks stays on the page


def test_the_validator_refuses_unmarked_explanations_and_misplaced_marks(tmp_path, course):
    root = tmp_path / "lessons"
    shutil.copytree(course.root, root)
    page = root / A1_5
    marked = page.read_text(encoding="utf-8")
    unmarked = marked.replace("<!-- reveal -->\n", "", 1).replace("<!-- /reveal -->\n", "", 1)
    page.write_text(unmarked, encoding="utf-8")
    found = [p.message for p in _problems_of(root, A1_5)]
    assert any("prose after it contains 1.0749918" in m for m in found), found
    page.write_text(marked.replace("<!-- /reveal -->\n", "", 1), encoding="utf-8")  # unclosed
    found = [p.message for p in _problems_of(root, A1_5)]
    assert any("reveal mark out of place" in m for m in found), found
    page.write_text(
        marked.replace("<!-- /reveal -->\n", "\n## 小结\n\n<!-- /reveal -->\n", 1),
        encoding="utf-8",
    )
    found = [p.message for p in _problems_of(root, A1_5)]
    assert any("heading cannot wait" in m for m in found), found
    page.write_text(marked + "\n<!-- reveal -->\n别处的说明\n<!-- /reveal -->\n", encoding="utf-8")
    found = [p.message for p in _problems_of(root, A1_5)]
    assert sum("reveal mark out of place" in m for m in found) == 2, found
    page.write_text(marked, encoding="utf-8")
    assert _problems_of(root, A1_5) == []


def test_a_count_in_words_next_to_the_question_gives_it_away():
    """Issue 35: under 6.1's question (hits after 4 calls: 1) sat the repair link
    "只数了一次的计数器", and 6.5 said "只追踪一次" right before its block. A count in words that
    says "only so many" reads as the number; a count that states no result ("再执行一次",
    "跑一遍", "第一次") does not."""
    repair = "[动手修复:只数了一次的计数器](exercise:6.1-fix1)"
    assert list(giveaways("print(hits)\n", "", CHOICE, repair))
    english = Prediction(
        id="x/6", question="hits?", shows=("hits = 1",), options=("0", "1", "4"), answer="B"
    )
    assert list(giveaways("print(hits)\n", "", english, "[a counter that counted only once](x)"))
    assert list(giveaways("hits += 1  # only ever runs once\n", "", english))
    traced = Prediction(
        id="x/7", question="?", shows=("追踪 1 次",), options=("1 次", "2 次", "3 次"), answer="A"
    )
    assert list(giveaways("print(n)\n", "它能直接 jit,而且只追踪一次:", traced))
    for calm in ("触发重新追踪,它才会再执行一次。", "在本机上实际跑一遍:", "第一次调用时追踪。"):
        assert not list(giveaways("print(hits)\n", calm, CHOICE)), calm
