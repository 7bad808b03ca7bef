"""The course as a path: each exercise sits on the map right after the last lesson page it needs
(`needs` in exercise.toml), the main exercises' numbers go up along each chapter's map, and the
validator refuses a map that breaks this or a need on an optional page."""

from __future__ import annotations

import json
import re
import shutil

from tutor.authoring.course_map import exercise_number
from tutor.authoring.validate import validate
from tutor.course.lesson import topic_of
from tutor.course.loader import load_course


def test_list_json_shows_each_main_exercise_after_its_needs_in_ascending_order(capsys):
    from tutor.cli import main

    assert main(["list", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    for chapter in doc["chapters"]:
        order = [(i["kind"], i["id"]) for i in chapter["map"]]
        mains = [i for k, i in order if k == "exercise"]
        assert mains == sorted(mains, key=exercise_number), (chapter["id"], mains)
        assert mains == [e["id"] for e in chapter["exercises"]]
        for ex in chapter["exercises"] + chapter["repairs"]:
            kind = "exercise" if ex in chapter["exercises"] else "repair"
            at = order.index((kind, ex["id"]))
            assert ex["needs"] and all(order.index(("lesson", n)) < at for n in ex["needs"])
            page = order[at - 1 - _exercises_right_before(order, at)]
            if kind == "exercise":
                assert page == ("lesson", ex["after"])
            else:  # with its topic's other repairs, after the last page they repair
                assert topic_of(page[1]) == topic_of(ex["after"]), (ex["id"], page)


def _exercises_right_before(order, at):
    n = 0
    while order[at - 1 - n][0] != "lesson":
        n += 1
    return n


def test_no_page_an_exercise_needs_is_optional(course):
    for ex in course.exercises.values():
        for need in ex.needs:
            assert course.lessons[need].level != "optional", (ex.id, need)


def _copy(tmp_path, course):
    shutil.copytree(course.root, tmp_path / "lessons")
    return tmp_path / "lessons"


def _set_needs(root, chapter, ex_id, needs):
    toml = root / chapter / "exercises" / ex_id / "exercise.toml"
    value = "[" + ", ".join(f'"{n}"' for n in needs) + "]"
    toml.write_text(re.sub(r"(?m)^needs = .*$", f"needs = {value}", toml.read_text()))


def _problems(root, field):
    return [p for p in validate(load_course(root, fresh=True)) if p.field == field]


def test_the_validator_refuses_numbers_that_do_not_go_up_along_the_map(tmp_path, course):
    root = _copy(tmp_path, course)
    # what chapter 6 looked like before: the first three exercises after the practice page 6.8
    for ex_id in ("6.1", "6.2", "6.3"):
        _set_needs(root, "ch6", ex_id, ["6.8"])
    found = _problems(root, "exercises")
    assert len(found) == 1 and "6.4, 6.5, 6.6, 6.7, 6.1, 6.2, 6.3" in found[0].message


def test_the_validator_refuses_a_need_on_an_optional_page_or_on_no_page(tmp_path, course):
    root = _copy(tmp_path, course)
    page = root / "ch6" / "lessons" / "6.6b.md"
    page.write_text(page.read_text().replace('level = "core"', 'level = "optional"', 1))
    _set_needs(root, "ch6", "6.1", ["6.3", "6.5", "6.77"])
    found = [str(p) for p in _problems(root, "needs")]
    assert any("6.6b is optional" in p and "exercise 6.5" in p for p in found), found
    assert any("6.77 is no lesson page" in p for p in found), found


def test_the_page_an_exercise_follows_links_it(tmp_path, course):
    root = _copy(tmp_path, course)

    # the page placed before an exercise must link it; what the statement itself must link
    # (placed this early, 7.6 uses a name first shown on 7.7c) is forward_uses' concern
    def page_problems():
        return [p for p in _problems(root, "links") if "/lessons/ch7/lessons/" in p.file]

    _set_needs(root, "ch7", "7.6", ["7.6c"])  # placed after 7.6c again, which links it
    assert page_problems() == []
    _set_needs(root, "ch7", "7.6", ["7.6a", "7.7b"])  # after 7.7b, which does not
    found = page_problems()
    assert [p.file.endswith("7.7b.md") for p in found] == [True], found


def test_the_link_asked_for_is_written_in_the_pages_language(tmp_path, course):
    root = _copy(tmp_path, course)
    _set_needs(root, "ch7", "7.6", ["7.6a", "7.7b"])
    said = {
        lang: [p.message for p in validate(load_course(root, lang=lang, fresh=True))]
        for lang in ("zh", "en")
    }
    assert any("[练习 7.6](exercise:7.6)" in m for m in said["zh"]), said["zh"]
    assert any("[exercise 7.6](exercise:7.6)" in m for m in said["en"]), said["en"]
    assert not any("练习" in m for m in said["en"]), said["en"]
