"""A repair's broken starter fails the way exercise.toml's `starter_expect` says, with Chinese
words, and the way its English overlay's `starter_expect` says (same status and check) in an
English run."""

from __future__ import annotations

import dataclasses
import re
import shutil

import pytest

from tutor.authoring.course_proof import exercise_inputs
from tutor.authoring.validate import validate
from tutor.course.errors import ContentError
from tutor.course.loader import load_course
from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status


def _set_english(path, starter_expect: str | None) -> None:
    """The overlay with its `starter_expect` line replaced (removed when None)."""
    text = re.sub(r"(?m)^starter_expect = .*\n", "", path.read_text(encoding="utf-8"))
    if starter_expect is not None:
        text = f"starter_expect = '{starter_expect}'\n" + text
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def lessons(tmp_path, course):
    shutil.copytree(course.root, tmp_path / "lessons")
    return (tmp_path / "lessons").resolve()


def test_the_overlay_gives_the_english_words_of_the_starter(lessons):
    overlay = lessons / "ch6" / "exercises" / "6.1-fix1" / "exercise.en.toml"
    _set_english(overlay, 'failed counts "only once" not "global"')
    rep = load_course(lessons, fresh=True).exercise("6.1-fix1")
    exp = rep.starter_expectation()
    assert exp.in_lang("en").words == ("only once",) and exp.in_lang("en").absent == ("global",)
    assert exp.in_lang("zh").words == ("只在追踪时",)
    # read in English, the Chinese expectation stays the reference
    english = load_course(lessons, fresh=True, lang="en").exercise("6.1-fix1")
    assert english.starter_expect == rep.starter_expect
    assert english.starter_expect_en == rep.starter_expect_en


@pytest.mark.parametrize(
    "bad", ['failed pure "only once"', "passed", "failed counts", 'failed counts "x" not']
)
def test_the_english_starter_expectation_has_the_same_status_and_check(lessons, bad):
    overlay = lessons / "ch6" / "exercises" / "6.1-fix1" / "exercise.en.toml"
    _set_english(overlay, bad)
    with pytest.raises(ContentError) as e:
        load_course(lessons, fresh=True)
    assert e.value.field == "starter_expect" and e.value.file == str(overlay.resolve())


def test_a_converted_repair_needs_english_starter_words(lessons):
    overlay = lessons / "ch6" / "exercises" / "6.1-fix1" / "exercise.en.toml"
    _set_english(overlay, None)
    problems = validate(load_course(lessons, fresh=True))
    assert [p.field for p in problems if p.file == str(overlay)] == ["starter_expect"]
    _set_english(overlay, 'failed counts "only once"')
    assert not [p for p in validate(load_course(lessons, fresh=True)) if p.file == str(overlay)]


def _failed_with(message: str, check: str = "counts") -> RunResult:
    out = CheckOutcome(id=check, name=check, status=CheckStatus.FAILED, message=message)
    return RunResult(exercise="6.1-fix1", status=Status.FAILED, checks=[out])


def _starter_judge(course, ex, tmp_path, lang_tag: str):
    inputs = exercise_inputs(course, ex, tmp_path)
    (starter,) = [i for i in inputs if i.label == f"{ex.id} starter{lang_tag}"]
    return starter.judge


def test_the_english_run_of_a_starter_is_held_to_the_english_words(course, tmp_path):
    ex = dataclasses.replace(
        course.exercise("6.1-fix1"), starter_expect_en='failed counts "only once" not "global"'
    )
    judge_en = _starter_judge(course, ex, tmp_path, " [en]")
    assert judge_en(_failed_with("the body ran only once, while tracing"))[0]
    ok, why = judge_en(_failed_with("the count is wrong"))
    assert not ok and "only once" in why
    assert not judge_en(_failed_with("only once: a global variable"))[0]
    assert not judge_en(_failed_with("只在追踪时运行了一次"))[0]  # Chinese in an English run
    assert not judge_en(_failed_with("only once", check="pure"))[0]
    judge_zh = _starter_judge(course, ex, tmp_path, "")
    assert judge_zh(_failed_with("函数体只在追踪时运行一次"))[0]
    assert not judge_zh(_failed_with("the body ran only once"))[0]
    # a converted check module: an English run without English words is refused
    without = dataclasses.replace(ex, starter_expect_en="")
    ok, why = _starter_judge(course, without, tmp_path, " [en]")(_failed_with("only once"))
    assert not ok and "starter_expect" in why
