"""The course's language axis in the loader (tutor/course/languages.py): the English files beside
the Chinese ones, TOML overlays holding only text fields in the same structure (anything else is
a ContentError naming the overlay and the field), and a chapter not translated yet read in
Chinese."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.course.errors import ContentError
from tutor.course.loader import load_course

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "course" / "lessons"


@pytest.fixture
def lessons(tmp_path) -> Path:
    return shutil.copytree(FIXTURE, tmp_path / "lessons")


def test_english_reads_every_text_from_the_english_files(lessons):
    en = load_course(lessons, lang="en", fresh=True)
    zh = load_course(lessons, lang="zh", fresh=True)
    assert (en.title, zh.title) == ("jaxtutor test course", "jaxtutor 测试课程")
    assert en.welcome_path.name == "welcome.en.md" and zh.welcome_path.name == "welcome.md"
    ch6_en, ch6_zh = en.chapter_by_id["6"], zh.chapter_by_id["6"]
    assert ch6_en.short_title == "State" and ch6_zh.short_title == "状态管理"
    assert ch6_en.context_path.name == "context.en.py"
    assert ch6_en.cheatsheet.startswith("# Chapter 6 cheat sheet")
    ex = en.exercise("6.1")
    assert ex.statement.startswith("# Exercise 6.1 A stateful counter")
    assert ex.starter.startswith("# Exercise 6.1: a stateful counter")
    assert ex.hints[2] == "Two lines: new_count = count + 1, then return new_count, increment."
    assert ex.interface[0].name == "update_counter"  # names are not text: never translated
    assert ex.explanation.startswith("The count lives with the caller")
    page = en.lesson("6.2")
    assert page.title == "Passing state explicitly" and page.prediction_count == 2
    assert page.predictions[page.runnable_blocks[1].line].question.startswith("What length")
    quiz = en.quiz("6")
    assert quiz.title == "Chapter 6 quiz"
    assert [q.answer for q in quiz.questions] == [q.answer for q in zh.quiz("6").questions]
    # the verify code of the overlay: the same code, its printed words in English
    assert quiz.questions[1].verify == "print('verified:', sum([1, 2, 3]))"
    assert zh.quiz("6").questions[1].verify == "print('验证通过:', sum([1, 2, 3]))"
    assert quiz.questions[0].options[1] == "It takes effect once, while tracing"
    # ids, needs, limits and check modules are the same objects' in both languages
    assert (ex.id, ex.needs, ex.time_limit, ex.check_module) == (
        zh.exercise("6.1").id,
        zh.exercise("6.1").needs,
        zh.exercise("6.1").time_limit,
        zh.exercise("6.1").check_module,
    )


def test_a_chapter_without_english_reads_in_chinese(lessons):
    en = load_course(lessons, lang="en", fresh=True)
    assert en.chapter_by_id["9"].title == "测试第 9 章"
    assert en.lesson("9.1").path.name == "9.1.md"


def test_the_starter_of_either_language_is_recognised(lessons):
    ex = load_course(lessons, lang="zh", fresh=True).exercise("6.1")
    english = (lessons / "ch6" / "exercises" / "6.1" / "starter.en.py").read_text()
    assert ex.is_starter(ex.starter) and ex.is_starter(english)
    assert not ex.is_starter(english + "# mine\n")


@pytest.mark.parametrize(
    ("file", "text", "field", "words"),
    [
        ("ch6/chapter.en.toml", 'title = "x"\nsubtitle = "y"\n', "subtitle", "not in the file"),
        ("ch6/chapter.en.toml", 'title = "x"\nid = "7"\n', "id", "holds no text"),
        ("ch6/chapter.en.toml", "title = 3\n", "title", "must be a string"),
        ("ch6/exercises/6.1/exercise.en.toml", 'hints = ["a", "b"]\n', "hints", "2 items"),
        (
            "ch6/exercises/6.1/exercise.en.toml",
            "time_limit = 5\n",
            "time_limit",
            "holds no text",
        ),
        (
            "ch6/exercises/6.1/exercise.en.toml",
            '[[interface]]\nname = "other"\n',
            "interface[0].name",
            "holds no text",
        ),
        (
            "ch6/quiz.en.toml",
            '[[questions]]\nprompt = "a"\n[[questions]]\nprompt = "b"\n',
            "questions",
            "2 tables",
        ),
        ("ch6/quiz.en.toml", '[[questions]]\nanswer = "A"\n', "questions", "tables"),
        (
            "ch6/quiz.en.toml",
            '[[questions]]\noptions = ["a", "b"]\n[[questions]]\n[[questions]]\n',
            "questions[0].options",
            "2 items",
        ),
        ("ch6/quiz.en.toml", "questions = 1\n", "questions", "array of tables"),
    ],
)
def test_an_overlay_of_another_structure_is_refused(lessons, file, text, field, words):
    (lessons / file).write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as e:
        load_course(lessons, lang="en", fresh=True)
    assert e.value.field == field and words in e.value.message, e.value
    assert e.value.file == str(lessons / file)
    load_course(lessons, lang="zh", fresh=True)  # Chinese never reads an overlay
