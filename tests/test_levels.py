"""Levels mean what they say: every page is core or optional, a ⚪ box links no main exercise,
the chapter's opening page names exactly the pages with something to skip, and what the
exercises and quizzes rely on (scan's reverse=True) is in core text."""

from __future__ import annotations

import shutil

from tutor.authoring.levels import optional_boxes
from tutor.authoring.validate import validate
from tutor.course.loader import load_course


def _copy(tmp_path, course):
    shutil.copytree(course.root, tmp_path / "lessons")
    return tmp_path / "lessons"


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _level_problems(root):
    return [str(p) for p in validate(load_course(root, fresh=True)) if p.field in ("level",)]


def test_the_course_keeps_its_levels_honest(course, course_problems):
    assert all(lesson.level in ("core", "optional") for lesson in course.lessons.values())
    assert [p for p in course_problems if p.field in ("level", "needs", "links")] == []


def test_a_page_without_a_level_is_refused(tmp_path, course):
    root = _copy(tmp_path, course)
    _edit(root / "ch6" / "lessons" / "6.3.md", 'level = "core"', 'level = ""')
    assert any("6.3.md" in p and "core" in p for p in _level_problems(root))


def test_a_skippable_box_may_not_carry_a_main_exercise(tmp_path, course):
    root = _copy(tmp_path, course)
    # the box exercise 6.6 builds on, marked ⚪ as it was before
    _edit(
        root / "ch6" / "lessons" / "6.4.md",
        "## 🔍 🟢 必读:自定义状态容器",
        "## 🔍 ⚪ 选读:自定义状态容器",
    )
    found = _level_problems(root)
    assert any("6.4.md" in p and "links exercise 6.6" in p for p in found), found
    assert any("6.0.md" in p and "missing: 6.4" in p for p in found), found  # 6.0 must name it


def test_the_opening_page_names_exactly_what_can_be_skipped(tmp_path, course):
    root = _copy(tmp_path, course)
    _edit(root / "ch6" / "lessons" / "6.0.md", "[6.8](lesson:6.8)", "6.8")
    assert any("missing: 6.8" in p for p in _level_problems(root))
    _edit(root / "ch6" / "lessons" / "6.0.md", "[6.6a](lesson:6.6a)", "[6.5](lesson:6.5)")
    assert any("not skippable: 6.5" in p for p in _level_problems(root))


def test_scan_reverse_is_taught_in_core_text_before_exercise_a1_1(course):
    page = course.lessons["a1.2a"]
    lines = page.path.read_text(encoding="utf-8").split("\n")
    taught = [n for n, line in enumerate(lines, 1) if line.startswith("- `reverse=True`")]
    assert taught and page.level == "core"
    assert not any(a <= taught[0] <= b for a, b in optional_boxes(page))
    assert any("reverse=rev" in b.code and b.run for b in page.code_blocks)
    assert "a1.2a" in course.exercise("a1.1").needs
