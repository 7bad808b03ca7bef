"""What the later chapters take from chapter 0: the first use in chapters 6, 7 and a1 (pages,
exercise statements and hints, in map order) of jax.grad, jax.vmap, jaxpr, block_until_ready or
PRNG keys links the chapter-0 page that teaches it, on that text or on an earlier one of the
chapter; the validator refuses a chapter that uses one bare first."""

from __future__ import annotations

import shutil

from tutor.authoring.validate import validate
from tutor.course.loader import load_course


def _copy(tmp_path, course):
    shutil.copytree(course.root, tmp_path / "lessons")
    return tmp_path / "lessons"


def _links_problems(root):
    return [p for p in validate(load_course(root, fresh=True)) if p.field == "links"]


def _unlink(page, target):
    """Points every link to `target` on the page at the chapter-0 summary page instead."""
    text = page.read_text(encoding="utf-8")
    assert f"](lesson:{target})" in text, (page, target)
    page.write_text(text.replace(f"](lesson:{target})", "](lesson:0.9)"), encoding="utf-8")


def test_the_course_links_each_term_where_a_chapter_first_uses_it(course_problems):
    found = [p for p in course_problems if "first use of" in p.message]
    assert found == []


def test_a_chapter_that_uses_jax_vmap_before_linking_its_page_is_refused(tmp_path, course):
    root = _copy(tmp_path, course)
    _unlink(root / "ch6" / "lessons" / "6.0.md", "0.4")
    found = [p for p in _links_problems(root) if "first use of jax.vmap" in p.message]
    # reported once, on the chapter's first text that uses it (its opening page), nowhere else
    assert [p.file.endswith("ch6/lessons/6.0.md") for p in found] == [True], found
    assert "(lesson:0.4)" in found[0].message


def test_a_link_on_a_later_page_does_not_excuse_an_earlier_use(tmp_path, course):
    root = _copy(tmp_path, course)
    _unlink(root / "a1" / "lessons" / "a1.0.md", "0.2b")
    _unlink(root / "a1" / "lessons" / "a1.0.md", "0.2a")
    later = root / "a1" / "lessons" / "a1.9.md"
    later.write_text(later.read_text(encoding="utf-8") + "\n[0.2](lesson:0.2b)\n", "utf-8")
    found = [p for p in _links_problems(root) if "first use of jaxpr" in p.message]
    assert [p.file.endswith("a1/lessons/a1.0.md") for p in found] == [True], found


def test_an_exercise_statement_counts_where_the_exercise_sits_on_the_map(tmp_path, course):
    root = _copy(tmp_path, course)
    for page in sorted((root / "ch7" / "lessons").glob("*.md")):
        if "](lesson:0.1b)" in page.read_text(encoding="utf-8"):
            _unlink(page, "0.1b")
    for page in sorted((root / "ch7" / "lessons").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        page.write_text(text.replace("block_until_ready", "wait_for_it"), encoding="utf-8")
    statement = root / "ch7" / "exercises" / "7.1" / "statement.md"
    statement.write_text(
        statement.read_text(encoding="utf-8") + "\n计时前调用 `block_until_ready`。\n", "utf-8"
    )
    found = [p for p in _links_problems(root) if "first use of block_until_ready" in p.message]
    assert [p.file.endswith("ch7/exercises/7.1/statement.md") for p in found] == [True], found
    statement.write_text(
        statement.read_text(encoding="utf-8") + "见 [0.1](lesson:0.1b)。\n", "utf-8"
    )
    assert [p for p in _links_problems(root) if "block_until_ready" in p.message] == []
