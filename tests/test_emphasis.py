"""Emphasis marks that CommonMark does not take next to Chinese show as asterisks: the validator
refuses any learner-facing text whose visible text still has them (tutor/authoring/emphasis.py)."""

import shutil

import pytest

from tutor.authoring.emphasis import leftover_marks
from tutor.authoring.validate import validate
from tutor.cli.markdown_text import markdown_lines
from tutor.course.loader import load_course


@pytest.mark.parametrize(
    "markdown",
    [
        "都建在同一套**追踪(tracing)**机制上",  # a bracket inside, a Chinese character outside
        "Python 整数是**[弱类型](cheatsheet:6)**,返回",
        "用**`jax.jit`**包装",
        "是*[弱类型](cheatsheet:6)*,返回",
        "是_弱类型_,返回",  # `_` never takes between Chinese characters
        "表格里也算:\n\n| a | b |\n|---|---|\n| **(x)**的 | 1 |\n",
    ],
)
def test_marks_that_did_not_take_are_found(markdown):
    assert leftover_marks(markdown), markdown
    shown = " ".join(line for line, _ in markdown_lines(markdown, 200))
    assert "*" in shown or "_" in shown  # the reader would see them


@pytest.mark.parametrize(
    "markdown",
    [
        "都建在同一套**追踪**(tracing)机制上",
        "Python 整数是[**弱类型**](cheatsheet:6),返回",
        "用 `a ** 2` 求平方,`__init__` 是方法",  # inside code
        r"字面的 \*\* 号",  # escaped
        "分子乘 mask * 残差²,别名 jax.tree_* 与 jax.tree.*",
        "G_t 要用到 G_{t+1},m_{t−1} 是旧动量",  # subscripts
    ],
)
def test_taken_marks_code_escapes_and_plain_asterisks_pass(markdown):
    assert leftover_marks(markdown) == []


def test_the_validator_refuses_marks_left_in_hints_quizzes_and_pages(tmp_path, course):
    root = tmp_path / "lessons"
    shutil.copytree(course.root, root)
    exercise = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    text = exercise.read_text(encoding="utf-8")
    exercise.write_text(
        text.replace("hints = [\n", 'hints = [\n  "先看**计数(count)**怎样变",\n', 1),
        encoding="utf-8",
    )
    quiz = root / "a1" / "quiz.toml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace(
            "prompt = '''", "prompt = '''为什么**[弱类型](cheatsheet:6)**会这样?", 1
        ),
        encoding="utf-8",
    )
    page = root / "ch6" / "lessons" / "6.3.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n是*(局部)*的\n", encoding="utf-8")
    found = {
        (p.file, p.field.split("[")[0])
        for p in validate(load_course(root, fresh=True))
        if "emphasis" in p.message
    }
    assert found == {(str(exercise), "hints"), (str(quiz), "q1"), (str(page), "text")}, found
