"""The spacing rule for mixed Chinese/Latin learner-facing text (tutor/authoring/spacing.py):
enforced by the validator on lesson pages, statements, explanations, hints and quizzes, and here
on the check modules' messages."""

import ast
import re
import shutil
from pathlib import Path

import pytest

from tutor import paths
from tutor.authoring.spacing import CODE_STAND_IN, markdown_problems, problems
from tutor.authoring.validate import validate
from tutor.course.loader import load_course

_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")


@pytest.mark.parametrize(
    "text",
    [
        "jit 下mark 抛出 TypeError",  # Chinese touching a Latin word
        "state.step的 dtype",
        "初始状态是 弱类型 float32",  # a space between two Chinese characters
        "float32, 弱类型 int32",  # a space after a comma before Chinese
        "第2步的损失不同",  # digits touching Chinese
    ],
)
def test_the_rule_refuses_the_slips_seen_in_check_messages(text):
    assert problems(text), text


@pytest.mark.parametrize(
    "text",
    [
        "jit 下 mark 抛出 TypeError",
        "state.step 的 dtype",
        "初始状态是弱类型 float32,弱类型 int32",
        "第 2 步的损失不同。",
        "lax.cond(条件, 真分支, 假分支, v) 在程序里",  # a call written out with placeholders
        "入门 第 6 章 JAX 中的状态",  # a title's chapter label
        "用“值 != 0”猜掩码",
    ],
)
def test_the_rule_accepts_the_house_style(text):
    assert problems(text) == [], problems(text)


def test_inline_code_counts_as_a_latin_word_and_code_blocks_are_skipped():
    assert markdown_problems("用`jax.jit`包装") != []
    assert markdown_problems("用 `jax.jit` 包装") == []
    assert markdown_problems("说明:\n\n```python\nx = 1  # 注释x\n```\n") == []


def test_a_link_reads_as_its_text():
    assert markdown_problems("见 [6.8 节](lesson:6.8) 练习 2") != []  # shows "6.8 节 练习 2"
    assert markdown_problems("[练习 6.3](exercise:6.3)是同一个模式") != []
    assert markdown_problems("见 [6.8 节](lesson:6.8)练习 2,[练习 6.3](exercise:6.3) 是") == []


def test_bold_marks_are_read_through():
    assert markdown_problems("**加粗的一句。** 接着写") != []  # shows "一句。 接着写"
    assert markdown_problems("**结构、dtype**上一样") != []
    assert markdown_problems("**加粗的一句**。接着写,**结构、dtype** 上一样") == []


def test_the_validator_reports_a_statement_that_breaks_the_rule(tmp_path, course):
    root = tmp_path / "lessons"
    shutil.copytree(course.root, root)
    statement = root / "ch6" / "exercises" / "6.1" / "statement.md"
    text = statement.read_text(encoding="utf-8")
    statement.write_text(text + "\n计数从0开始。\n", encoding="utf-8")
    found = [
        p
        for p in validate(load_course(root, fresh=True))
        if p.file == str(statement) and "spacing" in p.message
    ]
    assert found, "the validator did not see '计数从0开始'"


def _message_constants(source: str):
    """Every string constant with Chinese in a module (f-string pieces one by one), with its
    line."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if _HAN.search(node.value):
                yield node.lineno, node.value


def test_check_messages_follow_the_rule():
    bad = {}
    for module in sorted(Path(paths.checks_dir()).glob("*.py")):
        for line, text in _message_constants(module.read_text(encoding="utf-8")):
            found = problems(text)
            if found:
                bad.setdefault(module.name, []).append((line, found))
    assert bad == {}, bad


BREAK = "\0"  # where a soft line break is left in the text a view shows
_NARROW_CHINESE_PUNCT = set(",:;()“”")


def _shown_texts(course):
    """(where, Markdown) of every prose text a view shows, read as the views read it."""
    from tutor.app.pagesplit import split_page

    if course.welcome_path:
        for part in split_page(course.welcome_path.read_text(encoding="utf-8")):
            if isinstance(part, str):
                yield "welcome", part
    for ch in course.chapters:
        yield f"cheatsheet {ch.id}", ch.cheatsheet
        for lesson in ch.lessons:
            for seg in lesson.segments:
                if seg.block is None:
                    yield f"lesson {lesson.id}:{seg.line}", seg.prose
                elif seg.block.revealed:  # shown under a predict block once answered
                    yield f"lesson {lesson.id}:{seg.line} revealed", seg.block.revealed
        for ex in [*ch.exercises, *ch.repairs]:
            yield f"statement {ex.id}", ex.statement
            yield f"explanation {ex.id}", ex.explanation
            for n, hint in enumerate(ex.hints):
                yield f"hint {ex.id}/{n + 1}", hint
        if ch.quiz is not None:
            for q in ch.quiz.questions:
                for field in ("prompt", "explanation", "model_answer"):
                    yield f"quiz {ch.id} {q.id}.{field}", getattr(q, field)


def _breaks_next_to_chinese(markdown: str) -> list[str]:
    """Excerpts of the paragraphs where a line break left a space next to a wide character when
    the other side is wide too, or is the punctuation Chinese text uses, or next to wide
    punctuation whatever the other side."""
    from tutor.course.markdown import parser
    from tutor.course.softbreaks import kind

    found = []
    for token in parser().parse(markdown):
        if token.type != "inline":
            continue
        text = "".join(
            BREAK
            if c.type == "softbreak"
            else c.content
            if c.type == "text"
            else CODE_STAND_IN  # inline code reads as a Latin word
            if c.type == "code_inline"
            else ""
            for c in token.children or []
        )
        for i, ch in enumerate(text):
            if ch != BREAK or i == 0 or i == len(text) - 1:
                continue
            pair = {kind(text[i - 1]), kind(text[i + 1])}
            narrow = {text[i - 1], text[i + 1]} & _NARROW_CHINESE_PUNCT
            if "punct" in pair or pair == {"cjk"} or ("cjk" in pair and narrow):
                found.append(text[max(0, i - 8) : i + 8].replace(BREAK, "⏎"))
    return found


def test_no_line_break_of_the_course_leaves_a_space_in_chinese_prose(course):
    bad = {
        where: found
        for where, markdown in _shown_texts(course)
        if (found := _breaks_next_to_chinese(markdown))
    }
    assert bad == {}, bad
