"""The content loads and validates: ids, interfaces, hints, quiz answers, links."""

import shutil

import pytest

from tutor.content import ContentError, load_course, parse_code_blocks
from tutor.validate import validate, validate_content


def test_course_validates():
    problems = validate_content()
    assert problems == [], "\n".join(map(str, problems))


def test_course_order_and_ids(course):
    assert [c.id for c in course.chapters] == ["6", "7", "a1"]
    for ch in course.chapters:
        for ex in ch.exercises:
            assert ex.id.startswith(ch.id + ".")
            assert ex.check_path.is_file()


def test_full_course_counts(course):
    assert len(course.exercises) == 20
    assert sum(len(q.questions) for q in course.quizzes.values()) == 24
    assert [len(c.lessons) for c in course.chapters] == [8, 8, 8]


def test_chapter_names_do_not_collide(course):
    # each chapter has its own context: adam / init_mlp / TrainState mean different things
    paths = {c.context_path for c in course.chapters}
    assert len(paths) == 3


def _copy_content(tmp_path, root):
    shutil.copytree(root, tmp_path / "lessons")
    return tmp_path / "lessons"


def test_loader_errors_name_file_and_field(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    toml = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    toml.write_text(toml.read_text().replace('time_limit = 20', 'time_limit = "soon"'))
    with pytest.raises(ContentError) as e:
        load_course(root, fresh=True)
    assert e.value.file == str(toml) and e.value.field == "time_limit"


def test_validator_names_file_and_field(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    toml = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    text = toml.read_text()
    start = text.index("hints = [")
    end = text.index("]", start)
    toml.write_text(text[:start] + 'hints = ["only one"]' + text[end + 1:])
    statement = root / "ch6" / "exercises" / "6.1" / "statement.md"
    statement.write_text(statement.read_text() + "\n见 [练习 9.9](exercise:9.9)\n")
    problems = validate(load_course(root, fresh=True))
    found = {(p.file, p.field) for p in problems}
    assert (str(toml), "hints") in found
    assert (str(statement), "link") in found


def test_code_block_flags():
    md = "text\n```python run context timeout=90\nx = 1\n```\n\n```python\ny = 2\n```\n"
    a, b = parse_code_blocks(md)
    assert a.run and a.context and a.timeout == 90 and a.code == "x = 1\n" and a.line == 2
    assert not b.run
