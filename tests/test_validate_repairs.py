"""The validator's pitfall rule: a lesson page that shows a ❌ links a repair exercise on the page
itself, unless its front matter says why not (repairs_on / not_a_pitfall, lessons/README.md)."""

import shutil

from tutor.authoring.validate import PITFALL_MARK, validate
from tutor.course.loader import load_course


def _copy(tmp_path, course):
    root = tmp_path / "lessons"
    shutil.copytree(course.root, root)
    return root


def _page(root, page_id):
    chapter = "a1" if page_id.startswith("a1") else "ch" + page_id.split(".")[0]
    return root / chapter / "lessons" / f"{page_id}.md"


def _problems(root, *pages):
    """What one validation of the course at root finds on each page (a set, or one per page)."""
    found = validate(load_course(root, fresh=True))
    per_page = [{(p.field, p.message) for p in found if p.file == str(page)} for page in pages]
    return per_page[0] if len(pages) == 1 else per_page


def _as_copied(course, course_problems, page):
    """What the validator finds on a page of a copy not yet edited: the copy holds the course's
    files byte for byte, so it is what it found on the course's own page (validated once per
    process, conftest.course_problems)."""
    own = page.relative_to(page.parents[2])  # chapter/lessons/page.md
    return {(p.field, p.message) for p in course_problems if p.file == str(course.root / own)}


def _edit(page, old, new):
    text = page.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    page.write_text(text.replace(old, new), encoding="utf-8")


def _fields(problems):
    return {field for field, _ in problems}


def test_the_course_pages_with_a_pitfall_all_offer_a_repair(course, course_problems):
    problems = [p for p in course_problems if p.field in ("links", "repairs_on", "not_a_pitfall")]
    assert problems == []
    pages = [page for c in course.chapters for page in c.lessons if PITFALL_MARK in page.body]
    assert len(pages) >= 24


def test_a_pitfall_page_without_a_repair_link_is_reported(tmp_path, course, course_problems):
    root = _copy(tmp_path, course)
    page = _page(root, "7.2c")
    assert "links" not in _fields(_as_copied(course, course_problems, page))
    _edit(page, "[动手修复:用 config.update 全局打开 jax_debug_nans](exercise:7.2-fix6)\n", "")
    found = _problems(root, page)
    assert "links" in _fields(found), found
    assert any("pitfall" in message for _, message in found)


def test_a_link_to_a_main_exercise_does_not_count_as_a_repair(tmp_path, course):
    root = _copy(tmp_path, course)
    page = _page(root, "7.2c")
    _edit(page, "(exercise:7.2-fix6)", "(exercise:7.2)")
    assert "links" in _fields(_problems(root, page))


def test_the_front_matter_exempts_a_page_and_says_why(tmp_path, course, course_problems):
    root = _copy(tmp_path, course)
    guard, measured = _page(root, "7.1f"), _page(root, "7.6a")
    assert _as_copied(course, course_problems, guard) == set()
    assert _as_copied(course, course_problems, measured) == set()
    guard_text = guard.read_text(encoding="utf-8")
    reason_line = next(
        line for line in guard_text.splitlines(keepends=True) if line.startswith("not_a_pitfall")
    )
    _edit(guard, reason_line, "")
    _edit(measured, 'repairs_on = "7.6b"\n', "")
    on_guard, on_measured = _problems(root, guard, measured)
    assert "links" in _fields(on_guard)
    assert "links" in _fields(on_measured)


def test_an_exemption_must_hold(tmp_path, course):
    root = _copy(tmp_path, course)
    measured, guard = _page(root, "7.6a"), _page(root, "7.1f")
    _edit(measured, 'repairs_on = "7.6b"', 'repairs_on = "7.5d"')  # another topic's page
    assert "repairs_on" in _fields(_problems(root, measured))
    _edit(
        measured, 'repairs_on = "7.5d"', 'repairs_on = "7.6c"'
    )  # same topic, but no repair link there
    assert ("repairs_on", "page 7.6c links no repair exercise") in _problems(root, measured)
    reason_line = next(
        line
        for line in guard.read_text(encoding="utf-8").splitlines(keepends=True)
        if line.startswith("not_a_pitfall")
    )
    _edit(guard, reason_line, 'not_a_pitfall = "  "\n')
    assert "not_a_pitfall" in _fields(_problems(root, guard))


def test_a_stale_or_needless_exemption_is_reported(tmp_path, course):
    root = _copy(tmp_path, course)
    plain = next(
        page
        for c in course.chapters
        for page in c.lessons
        if PITFALL_MARK not in page.body and page.id.endswith(".9")
    )
    page = _page(root, plain.id)
    _edit(page, f'id = "{plain.id}"\n', f'id = "{plain.id}"\nnot_a_pitfall = "nothing here"\n')
    assert ("not_a_pitfall", f"the page has no {PITFALL_MARK}: remove the stale key") in _problems(
        root, page
    )
    linked = _page(root, "7.2c")
    _edit(linked, 'id = "7.2c"\n', 'id = "7.2c"\nrepairs_on = "7.2a"\n')
    assert ("repairs_on", "the page links a repair exercise itself: remove the key") in _problems(
        root, linked
    )
