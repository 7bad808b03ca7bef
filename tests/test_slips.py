"""The validator refuses each slip of issue 35 as it stood in the text (tutor/authoring/slips.py,
text_rules.py): the course is copied, one slip put back, and the rule must name it, in the
language it was written in."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.authoring.slips import slip_problems
from tutor.authoring.text_rules import check_text
from tutor.course.loader import load_course

LESSONS = Path(__file__).resolve().parents[1] / "lessons"

# (file, the text today, the slip it replaced, words the problem must hold)
SLIPS = [
    (
        "ch6/lessons/6.5.md",
        "(见 [6.8 节](lesson:6.8)开头“初始状态的 dtype”那一条)",
        "(见 [6.8 节](lesson:6.8)练习 2)",
        "'练习 2' names no exercise",
    ),
    (
        "ch6/lessons/6.5.en.md",
        "(see the first point of [section 6.8](lesson:6.8), on the initial state's dtype)",
        "(see [section 6.8](lesson:6.8), exercise 2)",
        "'exercise 2' names no exercise",
    ),
    (
        "a1/exercises/a1.6/explanation.md",
        "([a1.7 节](lesson:a1.7)的陈旧值问题)",
        "(1.7 节的陈旧值问题)",
        "'1.7 节' names no page",
    ),
    ("ch7/lessons/7.9.md", "(quiz:7):11 道选择题", "(quiz:7):8 道选择题", "quiz 7 has 11"),
    (
        "a1/lessons/a1.9.md",
        "(quiz:a1):8 道题,选择题由程序判分;",
        "(quiz:a1):8 道思考题,",
        "'8 道思考题': quiz a1 has",
    ),
    ("ch7/lessons/7.1d.md", "每个桶提前编译 🟢 必读\n", "每个桶提前编译\n", "no level mark"),
    ("ch7/lessons/7.8c.en.md", "## Checklist 🟢 Required\n", "## Checklist\n", "no level mark"),
    (
        "ch6/lessons/6.9.md",
        "- 修复练习:每个陷阱旁边的那一道,也都在地图上;跳过的随时可以回去做。\n",
        "",
        "chapter 6 has 13 repair exercises",
    ),
    (
        "ch6/lessons/6.0.md",
        "带 🔍 的框把一个要点讲得更深。",
        "带 🔍 的框是补充内容。",
        "the legend says '带 🔍 的框是补充内容'",
    ),
    (
        "ch6/lessons/6.0.en.md",
        "Boxes marked 🔍 go deeper into one point.",
        "Boxes marked 🔍 hold supplementary material.",
        "the legend says 'Boxes marked 🔍 hold supplementary material'",
    ),
    (
        "a1/lessons/a1.0.md",
        "(反向扫描、展开、步数和\npytree 输入;`associative_scan`)",
        "(展开与步数、\n`associative_scan`)",
        "describes a1.2b without naming its box",
    ),
    (
        "a1/lessons/a1.0.en.md",
        "(reverse scans, unrolling, step counts and pytree\ninputs; `associative_scan`)",
        "(unrolling and step counts,\n`associative_scan`)",
        "describes a1.2b without naming its box",
    ),
    ("a1/lessons/a1.7.md", "# 对拍探针:", "# CPU bug 探针:", "'CPU bug' claims a bug"),
    ("a1/lessons/a1.7.en.md", "# cross-check probe:", "# CPU bug probe:", "'CPU bug' claims"),
    (
        "ch7/exercises/7.4/statement.md",
        "。\n   `adam` 的用法和 [6.6b](lesson:6.6b) 的优化器接口一样:`opt.init(params)`、\n"
        "   `opt.update(grads, state, params)`、`apply_updates(params, updates)`;"
        "[专题 5](lesson:7.5) 会拆开讲它。\n",
        ":\n",
        "exercise 7.4 uses `adam`, which chapter 7 first shows on page 7.5",
    ),
    (
        "ch7/exercises/7.4/statement.en.md",
        "`adam(1e-2)`. `adam` is used like the optimizer interface of [6.6b](lesson:6.6b):\n"
        "   `opt.init(params)`, `opt.update(grads, state, params)`, "
        "`apply_updates(params, updates)`;\n"
        "   [topic 5](lesson:7.5) takes it apart. Train with",
        "`adam(1e-2)`: train with",
        "exercise 7.4 uses `adam`, which chapter 7 first shows on page 7.5",
    ),
]


@pytest.fixture(scope="module")
def problems_with_slips(tmp_path_factory):
    root = tmp_path_factory.mktemp("course") / "lessons"
    shutil.copytree(LESSONS, root)
    for name, today, slip, _ in SLIPS:
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert today in text, (name, today)
        path.write_text(text.replace(today, slip, 1), encoding="utf-8")
    found = []
    for lang in ("zh", "en"):
        found += [str(p) for p in slip_problems(load_course(root, lang=lang, fresh=True))]
    return found


@pytest.mark.parametrize("slip", SLIPS, ids=lambda s: f"{s[0]}:{s[3][:20]}")
def test_each_slip_of_today_is_refused(problems_with_slips, slip):
    name, _, _, words = slip
    assert any(name in p and words in p for p in problems_with_slips), problems_with_slips


def test_the_course_as_it_is_has_none(course):
    assert slip_problems(course) == []
    assert slip_problems(load_course(LESSONS, lang="en")) == []


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("但三个乘积加起来超过了 1。有资料给出约 0.313,那个数不对。", "zh"),
        ("∂L/∂b = −4.6。有时能看到 [−0.392, −1.568] / −1.96 这组数,它是算错的。", "zh"),
        ("more than 1. Some texts give about 0.313; that number is wrong.", "en"),
        ("You may come across the numbers [−0.392, −1.568] / −1.96.", "en"),
    ],
)
def test_a_correction_of_numbers_the_learner_never_saw_is_refused(text, lang):
    problems: list = []
    check_text(text, "page.md", "text", problems, lang=lang)
    assert any("mentions a source" in str(p) for p in problems), problems
