"""The content loads and validates: ids, interfaces, hints, quiz answers, links."""

import re
import shutil

import pytest

from tutor.authoring.text_rules import MAX_PAGE_LINES
from tutor.authoring.validate import validate, validate_content
from tutor.course.context import context_definitions
from tutor.course.lesson import topic_of
from tutor.course.loader import ContentError, load_course

# The course map every front end promises (exercise ids per chapter); lesson pages may be split
# into sub-pages, so pages are counted from the content, topics from the map.
EXERCISES = {
    "0": [f"0.{i}" for i in range(1, 7)],
    "6": [f"6.{i}" for i in range(1, 8)],
    "7": [f"7.{i}" for i in range(1, 8)],
    "a1": [f"a1.{i}" for i in range(1, 7)],
}
TOPICS = {
    "0": [f"0.{i}" for i in range(0, 8)] + ["0.9"],
    "6": [f"6.{i}" for i in range(0, 10)],
    "7": [f"7.{i}" for i in range(0, 10)],
    "a1": [f"a1.{i}" for i in range(0, 10)],
}


def test_course_validates():
    problems = validate_content()
    assert problems == [], "\n".join(map(str, problems))


def test_course_order_and_ids(course):
    assert [c.id for c in course.chapters] == ["0", "6", "7", "a1"]
    for ch in course.chapters:
        for ex in ch.exercises:
            assert ex.id.startswith(ch.id + ".")
            assert ex.check_path.is_file()


def test_course_map(course):
    for ch in course.chapters:
        assert [e.id for e in ch.exercises] == EXERCISES[ch.id]
        assert list(dict.fromkeys(page.topic_id for page in ch.lessons)) == TOPICS[ch.id]
        assert len(ch.quiz.questions) >= 8
    for lesson in course.lessons.values():
        assert lesson.source_lines <= MAX_PAGE_LINES, lesson.path


def test_each_chapter_defines_its_own_meaning_of_shared_names(course):
    # adam / init_mlp / TrainState mean different things in chapters 6 and 7: each context has its
    # own
    ch6, ch7 = course.chapter_by_id["6"].context_path, course.chapter_by_id["7"].context_path
    for name in ("adam", "init_mlp", "TrainState"):
        assert context_definitions(ch6, [name]) != context_definitions(ch7, [name]), name


def _copy_content(tmp_path, root):
    shutil.copytree(root, tmp_path / "lessons")
    return tmp_path / "lessons"


def test_loader_errors_name_file_and_field(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    toml = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    toml.write_text(toml.read_text().replace("time_limit = 20", 'time_limit = "soon"'))
    with pytest.raises(ContentError) as e:
        load_course(root, fresh=True)
    assert e.value.file == str(toml) and e.value.field == "time_limit"


def test_validator_names_file_and_field(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    toml = root / "ch6" / "exercises" / "6.1" / "exercise.toml"
    text = toml.read_text()
    start = text.index("hints = [")
    end = text.index("]", start)
    toml.write_text(text[:start] + 'hints = ["only one"]' + text[end + 1 :])
    statement = root / "ch6" / "exercises" / "6.1" / "statement.md"
    statement.write_text(statement.read_text() + "\n见 [练习 9.9](exercise:9.9)\n")
    problems = validate(load_course(root, fresh=True))
    found = {(p.file, p.field) for p in problems}
    assert (str(toml), "hints") in found
    assert (str(statement), "link") in found


def test_topic_ids_and_sub_pages(course):
    assert topic_of("7.1b") == "7.1" and topic_of("7.1") == "7.1" and topic_of("a1.2a") == "a1.2"
    for ch in course.chapters:
        for topic in TOPICS[ch.id]:
            pages = course.topic_pages(topic)
            assert pages and course.lesson(topic) is pages[0]


def test_check_ids_are_read_from_the_check_module(course):
    for ex in course.exercises.values():
        ids = ex.check_ids
        assert ids and len(set(ids)) == len(ids), ex.id
        source = ex.check_path.read_text(encoding="utf-8")
        assert ids == re.findall(r'@checks\.add\(\s*"([^"]+)"', source), ex.id


def _problems_for(root):
    return {(p.file, p.field) for p in validate(load_course(root, fresh=True))}


def test_validator_rejects_files_nobody_listed(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    stray_page = root / "ch6" / "lessons" / "6.99.md"
    stray_page.write_text('+++\nid = "6.99"\ntitle = "x"\n+++\n')
    stray_ex = root / "ch7" / "exercises" / "7.99"
    shutil.copytree(root / "ch7" / "exercises" / "7.1", stray_ex)
    (root / "a1" / "exercises" / "a1.1" / "notes.txt").write_text("scratch")
    found = _problems_for(root)
    assert (str(stray_page), "chapter.toml") in found
    assert (str(stray_ex), "chapter.toml") in found
    assert (str(root / "a1" / "exercises" / "a1.1" / "notes.txt"), "file") in found


def test_validator_rejects_a_check_module_of_no_exercise(tmp_path, course, monkeypatch):
    content = tmp_path / "content"
    shutil.copytree(course.root, content / "lessons")
    shutil.copytree(course.root.parent / "checks", content / "checks")
    (content / "checks" / "ex_9_9.py").write_text("checks = None\n")
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(content))
    assert (str(content / "checks" / "ex_9_9.py"), "check") in _problems_for(content / "lessons")


def test_validator_enforces_the_text_rules(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    ex = root / "ch6" / "exercises" / "6.2"
    (ex / "statement.md").write_text(
        (ex / "statement.md").read_text() + "\n公式 $x^2$ 如原书所写。\n"
    )
    page = next(
        p for p in sorted((root / "a1" / "lessons").glob("a1.3*.md")) if ".en." not in p.name
    )
    page.write_text(page.read_text() + "\n" * (MAX_PAGE_LINES + 1))
    fixture = sorted((root / "ch7" / "exercises" / "7.2" / "wrong").glob("*.py"))[0]
    body = fixture.read_text().split("\n", 1)[1]
    fixture.write_text("# expect: failed value\n" + body)
    problems = [p for p in validate(load_course(root, fresh=True))]
    fields = {(p.file, p.field) for p in problems}
    texts = " ".join(p.message for p in problems if p.file == str(ex / "statement.md"))
    assert "LaTeX" in texts and "source" in texts
    assert (str(page), "length") in fields
    assert (str(fixture), "expect") in fields
    code_in_text = "`$x$` 和\n```python\ns = '$a$'\n```\n"
    (ex / "statement.md").write_text(code_in_text)  # dollars inside code are fine
    assert not [
        p for p in validate(load_course(root, fresh=True)) if p.file == str(ex / "statement.md")
    ]


def _add_repair(root, starter_expect='failed eager "count + 1"', kind="repair", rid="6.8-fix9"):
    """A repair exercise made from exercise 6.1, placed after lesson 6.8."""
    src = root / "ch6" / "exercises" / "6.1"
    dst = root / "ch6" / "exercises" / rid
    shutil.copytree(src, dst)
    toml = dst / "exercise.toml"
    text = toml.read_text().replace('id = "6.1"', f'id = "{rid}"')
    text = re.sub(r"(?m)^needs = .*$", 'needs = ["6.8"]', text)
    head, rest = text.split("[[interface]]", 1)
    toml.write_text(
        head + f"kind = \"{kind}\"\nstarter_expect = '{starter_expect}'\n\n[[interface]]" + rest
    )
    overlay = dst / "exercise.en.toml"  # the English words: here the same as the Chinese ones
    overlay.write_text(f"starter_expect = '{starter_expect}'\n" + overlay.read_text())
    chapter = root / "ch6" / "chapter.toml"
    text = chapter.read_text()
    if "repairs = [" in text:
        text = text.replace("repairs = [", f'repairs = ["{rid}", ', 1)
    else:
        text += f'repairs = ["{rid}"]\n'
    chapter.write_text(text)
    return dst


def test_repair_exercises_load_with_their_kind_and_starter_expectation(
    tmp_path, course, monkeypatch
):
    content = tmp_path / "content"
    shutil.copytree(course.root, content / "lessons")
    shutil.copytree(course.root.parent / "checks", content / "checks")
    shutil.copy(content / "checks" / "ex_6_1.py", content / "checks" / "ex_6_8_fix9.py")
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(content))
    _add_repair(content / "lessons")
    loaded = load_course(content / "lessons", fresh=True)
    rep = loaded.exercise("6.8-fix9")
    assert (
        rep.is_repair
        and rep.check_module == "ex_6_8_fix9"
        and rep.starter_expect.startswith("failed eager")
    )
    chapter = loaded.chapter_by_id["6"]
    assert rep not in chapter.exercises and chapter.repairs[0] is rep
    problems = [p for p in validate(loaded) if "6.8-fix9" in p.file or "6.8-fix9" in p.message]
    # the only complaint: no page of topic 6.8 offers it yet
    assert [p.field for p in problems] == ["links"], problems


def test_a_repair_needs_a_readable_starter_expectation(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    _add_repair(root, starter_expect="failed")
    with pytest.raises(ContentError) as e:
        load_course(root, fresh=True)
    assert e.value.field == "starter_expect"


PREDICT_PAGE = """+++
id = "6.3"
title = "t"
+++

```python run
print("traced", 2, "times")
```
```predict
question = "打印几次?"
options = ["1 次", "2 次"]
answer = "B"
shows = "traced 2 times"
```

```python run
print(0.5)
```

中间隔了一段话,下面的预测就不属于上面的代码块了。

```predict
question = "打印什么数?"
number = 0.5
shows = ["0.5"]
```
"""


def test_a_predict_fence_belongs_to_the_runnable_block_right_before_it(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    page = root / "ch6" / "lessons" / "6.3.md"
    page.write_text(PREDICT_PAGE)
    lesson = load_course(root, fresh=True).lesson("6.3")
    first, second = lesson.code_blocks[0], lesson.code_blocks[1]
    assert list(lesson.predictions) == [first.line]
    p = lesson.predictions[first.line]
    assert (
        p.id == "6.3/1"
        and p.options == ("1 次", "2 次")
        and p.is_right("b")
        and not p.is_right("A")
    )
    orphan = lesson.code_blocks[2]
    assert orphan.lang == "predict" and not second.predict
    assert [s.block.line for s in lesson.segments if s.block] == [
        first.line,
        second.line,
        orphan.line,
    ]
    problems = {(p.file, p.field) for p in validate(load_course(root, fresh=True))}
    assert (str(page), f"block line {orphan.line}") in problems  # not right after its block


def test_a_prediction_without_proof_is_rejected(tmp_path, course):
    from tutor.course.predictions import PredictionError, parse_prediction

    with pytest.raises(PredictionError):
        parse_prediction('question = "q"\noptions = ["a", "b"]\nanswer = "B"\n', "6.3/1")
    with pytest.raises(PredictionError):
        parse_prediction(
            'question = "q"\noptions = ["a", "b"]\nanswer = "C"\nshows = "x"\n', "6.3/1"
        )
    p = parse_prediction('question = "q"\nnumber = 3\ntolerance = 0.5\nshows = "3"\n', "6.3/1")
    assert p.is_right("3.4") and not p.is_right("4") and not p.is_right("three")


def test_the_readme_counts_what_the_content_has(course):
    readme = (course.root.parent / "README.md").read_text(encoding="utf-8")
    m = re.search(
        r"(\d+) chapters .*? with (\d+) lesson pages, (\d+) exercises, (\d+) repair exercises, "
        r"(\d+) quiz questions and (\d+)\s+predict-then-run blocks",
        readme,
        re.S,
    )
    assert m, "README states the course's size"
    actual = (
        len(course.chapters),
        len(course.lessons),
        sum(len(c.exercises) for c in course.chapters),
        sum(len(c.repairs) for c in course.chapters),
        sum(len(q.questions) for q in course.quizzes.values()),
        sum(len(page.predictions) for page in course.lessons.values()),
    )
    assert tuple(int(x) for x in m.groups()) == actual


def test_a_fixture_of_a_converted_check_module_needs_english_words(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    fixture = root / "ch6" / "exercises" / "6.1" / "wrong" / "hardcoded.py"
    first, second, rest = fixture.read_text(encoding="utf-8").split("\n", 2)
    assert second.startswith("# expect.en:")
    fixture.write_text(first + "\n" + rest, encoding="utf-8")
    problems = validate(load_course(root, fresh=True))
    assert [p.field for p in problems if p.file == str(fixture)] == ["expect.en"]


def test_the_page_length_rule_covers_english_pages(tmp_path, course):
    root = _copy_content(tmp_path, course.root)
    page = root / "ch6" / "lessons" / "6.1.en.md"
    page.write_text(page.read_text() + "\n" * (MAX_PAGE_LINES + 1))
    problems = validate_content(root)
    assert (str(page), "length") in {(p.file, p.field) for p in problems}
    for lesson in load_course(course.root, lang="en", fresh=True).lessons.values():
        assert lesson.source_lines <= MAX_PAGE_LINES, lesson.path
