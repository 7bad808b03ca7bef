"""The rules an exercise's statement states are data: `[[rules]]` in exercise.toml, each naming the
checks that enforce it. The validator refuses a rule with no check, a rule naming a check that does
not exist and a check that enforces no stated rule."""

import shutil

import pytest

from tutor.authoring.validate import validate
from tutor.course.loader import ContentError, load_course


def _copy(tmp_path, course):
    root = tmp_path / "lessons"
    shutil.copytree(course.root, root)
    return root


def _toml(root, ex_id):
    chapter = "a1" if ex_id.startswith("a1") else "ch" + ex_id.split(".")[0]
    return root / chapter / "exercises" / ex_id / "exercise.toml"


def _edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _rule_problems(root, ex_id):
    where = str(_toml(root, ex_id))
    return [
        (p.field, p.message)
        for p in validate(load_course(root, fresh=True))
        if p.file == where and p.field.startswith("rules")
    ]


def test_every_exercise_states_its_rules_and_every_check_enforces_one(course, course_problems):
    assert [p for p in course_problems if p.field.startswith("rules")] == []
    for ex in course.exercises.values():
        assert ex.rules, ex.id
        covered = {c for rule in ex.rules for c in rule.checks}
        assert covered == set(ex.check_ids), ex.id


def test_a_check_of_no_stated_rule_is_refused(tmp_path, course):
    root = _copy(tmp_path, course)
    toml = _toml(root, "6.3")
    assert _rule_problems(root, "6.3") == []
    _edit(toml, '["dynamic_lr"]', '["jit"]')
    found = _rule_problems(root, "6.3")
    assert any("'dynamic_lr' enforces no rule" in m for _, m in found), found


def test_a_rule_without_a_check_is_refused(tmp_path, course):
    root = _copy(tmp_path, course)
    toml = _toml(root, "6.3")
    _edit(toml, 'checks = ["eager", "fresh"]', "checks = []")
    found = _rule_problems(root, "6.3")
    assert any("names no check" in m for _, m in found), found


def test_a_rule_naming_a_check_that_does_not_exist_is_refused(tmp_path, course):
    root = _copy(tmp_path, course)
    toml = _toml(root, "6.3")
    _edit(toml, '["no_rebuild"]', '["no_rebuild", "no_recompile"]')
    found = _rule_problems(root, "6.3")
    assert ("rules[3].checks", "no check 'no_recompile' in ex_6_3.py") in found, found


def test_a_rule_without_text_does_not_load(tmp_path, course):
    root = _copy(tmp_path, course)
    toml = _toml(root, "6.3")
    text = toml.read_text(encoding="utf-8")
    first = text.index("\n[[rules]]\ntext = ")
    end = text.index("\n", first + len("\n[[rules]]\ntext = "))
    toml.write_text(text[:first] + '\n[[rules]]\ntext = ""' + text[end:], encoding="utf-8")
    with pytest.raises(ContentError) as e:
        load_course(root, fresh=True)
    assert e.value.field == "rules[0]"
