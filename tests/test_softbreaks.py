"""A soft line break of the course's prose is no space next to Chinese (tutor/course/softbreaks.py):
the rule on two characters, the parser that applies it across links, inline code and emphasis,
and the joining of source lines when content is loaded."""

import pytest

from tutor.cli.markdown_text import markdown_lines
from tutor.course.markdown import join_cjk_breaks, parser, reflow
from tutor.course.softbreaks import joins


def shown(markdown: str) -> str:
    """The text of a one-paragraph Markdown as the command line lays it out (wide enough for one
    line), read by the course's parser."""
    lines = [line for line, _ in markdown_lines(markdown, 200) if line]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize(
    ("before", "after", "removed"),
    [
        ("数", "走", True),  # two Chinese characters
        ("、", "N", True),  # wide punctuation, then a Latin word
        ("。", "i", True),
        (",", "对", True),  # the ASCII comma the course uses as Chinese punctuation
        ("径", "(", True),
        ("里", "“", True),
        (")", "检", True),
        ("的", "N", False),  # Chinese and a Latin word: the space of the spacing rule
        ("X", "编", False),
        ("和", "✅", False),  # a symbol is set apart like a word
        ("用", "−", False),
        ("e", "t", False),  # Latin text keeps its space
        (",", "t", False),
        ("数", "", False),  # nothing known on one side
    ],
)
def test_the_rule_on_two_characters(before, after, removed):
    assert joins(before, after) is removed


@pytest.mark.parametrize(
    ("earlier", "before", "after", "removed"),
    [
        ("果", ";", "1", True),  # after Chinese the ASCII marks are Chinese punctuation
        ("序", ":", "x", True),
        ("确", ",", "j", True),
        ("么", "?", "N", True),
        ("a", ",", "b", False),  # after Latin text they keep their space
        ("", ",", "t", False),
        ("确", ".", "j", False),  # a full stop is never written so: 。
    ],
)
def test_the_ascii_marks_after_chinese_read_as_chinese_punctuation(earlier, before, after, removed):
    assert joins(before, after, earlier) is removed


@pytest.mark.parametrize(
    ("markdown", "expected"),
    [
        ("状态管理,\n以及 scan", "状态管理,以及 scan"),
        ("翻译、\nNaN 梯度", "翻译、NaN 梯度"),
        ("(float32)。\ninit 写成", "(float32)。init 写成"),
        ("为什么?\n怎样写", "为什么?怎样写"),
        ("执行路径\n(看看上面)", "执行路径(看看上面)"),
        ("[6.6a](lesson:6.6a) 里\n“动量公式”", "6.6a 里“动量公式”"),
        # the neighbour is looked for inside a link, inline code and emphasis
        ("见 [a1.2 节](lesson:a1.2)\n的 carry", "见 a1.2 节的 carry"),
        ("[6.8 节](lesson:6.8)\n练习 2", "6.8 节练习 2"),
        ("上下文里的\n`quiet_cpp_stderr`", "上下文里的 quiet_cpp_stderr"),
        ("`jax.jit`\n包装", "jax.jit 包装"),
        ("`lstm_numpy`、\n`rk4_numpy`", "lstm_numpy、rk4_numpy"),
        ("**单样本**\n损失", "单样本损失"),
        ("JAX\n**默认**不报错", "JAX 默认不报错"),
        ("返回的\nNumPy 数组", "返回的 NumPy 数组"),
        ("plain English\nwords", "plain English words"),
        ("下面是检查结果;\n100 到 119 列", "下面是检查结果;100 到 119 列"),
        ("编译好的程序:\n`lax.scan`", "编译好的程序:lax.scan"),
        ("**做练习**:\n100 列", "做练习:100 列"),
        ("[一节](lesson:6.1),\njit 会", "一节,jit 会"),
        ("(a, b,\nc)", "(a, b, c)"),
        ("> 引用第一行\n> 第二行", "引用第一行第二行"),
    ],
)
def test_the_parser_drops_the_breaks_that_are_no_space(markdown, expected):
    assert shown(markdown) == expected


def test_headings_and_hard_breaks_are_left_alone():
    tokens = parser().parse("行尾两个空格  \n换行\n")
    kinds = [child.type for child in tokens[1].children]
    assert kinds == ["text", "hardbreak", "text"]


def test_loaded_text_joins_plain_edges_and_leaves_markup_edges_to_the_parser():
    assert join_cjk_breaks("状态管理,\n以及") == "状态管理,以及"
    assert join_cjk_breaks("翻译、\nNaN") == "翻译、NaN"
    assert join_cjk_breaks("返回的\nNumPy") == "返回的\nNumPy"
    assert join_cjk_breaks("检查结果;\n100") == "检查结果;100"
    assert join_cjk_breaks("a,\nb") == "a,\nb"
    assert join_cjk_breaks("**做练习**:\n100") == "**做练习**:\n100"  # left to the parser
    # a link's closing parenthesis or a backtick may hide what the reader sees: not joined here
    assert join_cjk_breaks("[节](lesson:a1.2)\n的") == "[节](lesson:a1.2)\n的"
    assert join_cjk_breaks("`jit`\n包装") == "`jit`\n包装"
    text = "说明,\n接着写\n\n```python\n# 注释,\n# 注释二\n```\n"
    assert reflow(text) == "说明,接着写\n\n```python\n# 注释,\n# 注释二\n```\n"
