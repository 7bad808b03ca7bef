"""The validator's two languages (tutor/authoring/validate_languages.py): a chapter with a
chapter.en.toml claims English and then has every text in both languages, code that differs only
in comments and strings, the same blocks, predictions and glossary; English text has no Chinese
character and no full-width punctuation; Chinese keeps its spacing rule; the `.en` files are
listed by convention and nothing else is. Each rule is shown failing on a sample."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.authoring.code_parity import code_difference
from tutor.authoring.validate import validate
from tutor.authoring.validate_languages import language_problems
from tutor.course.loader import load_course

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "course" / "lessons"
CH6 = Path("ch6")
EX = CH6 / "exercises" / "6.1"


@pytest.fixture
def root(tmp_path) -> Path:
    return shutil.copytree(FIXTURE, tmp_path / "lessons")


def found(root: Path) -> list[tuple[str, str, str]]:
    course = load_course(root, fresh=True)
    return [
        (str(Path(p.file).relative_to(root)), p.field, p.message) for p in language_problems(course)
    ]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_fixture_course_has_both_languages(root):
    assert found(root) == []


def test_the_course_needs_its_english_title_and_welcome(root):
    (root / "course.en.toml").unlink()
    (root / "welcome.en.md").unlink()
    files = {f for f, _, m in found(root) if "missing" in m}
    assert files == {"course.en.toml", "welcome.en.md"}


@pytest.mark.parametrize(
    "missing",
    [
        CH6 / "lessons" / "6.2.en.md",
        EX / "statement.en.md",
        EX / "explanation.en.md",
        EX / "starter.en.py",
        EX / "solution.en.py",
        EX / "exercise.en.toml",
        CH6 / "context.en.py",
        CH6 / "cheatsheet.en.md",
        CH6 / "quiz.en.toml",
    ],
    ids=lambda p: str(p),
)
def test_a_claimed_chapter_lacking_a_text_in_english_is_refused(root, missing):
    (root / missing).unlink()
    assert (str(missing), "file", True) in [(f, fld, "missing" in m) for f, fld, m in found(root)]


def test_an_unclaimed_chapter_needs_no_english(root):
    (root / CH6 / "chapter.en.toml").unlink()
    (root / EX / "statement.en.md").unlink()
    assert found(root) == []


def test_an_overlay_missing_a_text_is_refused_unless_it_has_no_words(root):
    overlay = root / EX / "exercise.en.toml"
    edit(
        overlay,
        '[[interface]]\nsignature = "update_counter: add one to the count, hand the '
        'increment back unchanged"\n',
        "",
    )
    assert ("ch6/exercises/6.1/exercise.en.toml", "interface[0].signature") in [
        (f, fld) for f, fld, _ in found(root)
    ]
    zh = root / EX / "exercise.toml"
    edit(
        zh,
        'signature = "update_counter:计数加一,增量原样交回"',
        'signature = "update_counter(n, extra)"',
    )
    assert found(root) == []  # a signature in code has nothing to translate


def test_hint_and_option_counts_must_match(root):
    edit(
        root / EX / "exercise.en.toml",
        '  "Two lines: new_count = count + 1, then return new_count, increment.",\n',
        "",
    )
    assert [m for _, fld, m in found(root) if fld == "hints"] == [
        "has 2 items, the file it translates 3"
    ]


@pytest.mark.parametrize(
    ("file", "old", "new", "words"),
    [
        (
            EX / "starter.en.py",
            "def update_counter(n, extra):",
            "def update_counter(count, extra):",
            "`count`",
        ),
        (EX / "solution.en.py", "return n + 1, extra", "return n + 2, extra", "`2`"),
        (CH6 / "context.en.py", "return 0  # the counter's initial state", "return 0.0", "`0.0`"),
        (CH6 / "lessons" / "6.2.en.md", 'print("sum", 1.5 + 2)', 'print("sum", 1.5 + 3)', "`3`"),
    ],
    ids=["starter", "solution", "context", "block"],
)
def test_english_code_differs_only_in_comments_and_strings(root, file, old, new, words):
    edit(root / file, old, new)
    messages = [m for f, _, m in found(root) if f == str(file)]
    assert len(messages) == 1 and "more than words" in messages[0] and words in messages[0], (
        messages
    )


def test_a_quiz_verify_in_english_differs_only_in_comments_and_strings(root):
    overlay = root / CH6 / "quiz.en.toml"
    edit(overlay, "sum([1, 2, 3])", "sum([1, 2, 4])")
    assert found(root) == [
        (
            "ch6/quiz.en.toml",
            "q2.verify",
            "differs in more than words: line 1 `4` where the reference has line 1 `3`",
        )
    ]
    edit(overlay, "sum([1, 2, 4])", "sum([1, 2, 3])  # 验证")
    assert [(f, fld) for f, fld, _ in found(root)] == [("ch6/quiz.en.toml", "q2.verify")]


def test_a_quiz_verify_with_chinese_words_needs_its_english(root):
    edit(root / CH6 / "quiz.en.toml", "verify = \"print('verified:', sum([1, 2, 3]))\"\n", "")
    assert found(root) == [
        ("ch6/quiz.en.toml", "questions[1].verify", "missing: its Chinese has words")
    ]


def test_english_blocks_and_predictions_match_the_chinese(root):
    page = root / CH6 / "lessons" / "6.2.en.md"
    edit(page, 'answer = "B"', 'answer = "C"')
    edit(page, "```python run context", "```python run")
    messages = [m for f, _, m in found(root) if f == "ch6/lessons/6.2.en.md"]
    assert any("options or answer differ" in m for m in messages), messages
    assert any("flags 'python run'" in m for m in messages), messages
    edit(
        page,
        "## ❌ Assigning to an array element\n",
        "## ❌ Assigning to an array element\n\n```python\nx = 1\n```\n",
    )
    assert [m for f, _, m in found(root) if f == "ch6/lessons/6.2.en.md"][-1].startswith(
        "5 code blocks"
    )


def test_the_glossaries_have_as_many_terms(root):
    (root / CH6 / "cheatsheet.md").write_text(
        "# 速查表\n\n## 术语表\n\n- **对拍**:两种写法对照。\n- **追踪**:记下运算。\n",
        encoding="utf-8",
    )
    (root / CH6 / "cheatsheet.en.md").write_text(
        "# Cheat sheet\n\n## Glossary\n\n- **cross-check**: compare two ways.\n", encoding="utf-8"
    )
    assert [m for _, fld, m in found(root) if fld == "glossary"] == [
        "1 terms under '## Glossary', the Chinese has 2 under '## 术语表'"
    ]


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        (EX / "statement.en.md", "it receives a count", "it receives a 计数"),
        (EX / "statement.en.md", "it receives a count", "it receives a count，"),
        (EX / "exercise.en.toml", "State can only come in", "State can only come in。"),
        (CH6 / "quiz.en.toml", "Pass state explicitly.", "Pass state explicitly！"),
        (
            CH6 / "lessons" / "6.1.en.md",
            'print("hello, pure function")',
            'print("你好, pure function")',
        ),
        (
            EX / "starter.en.py",
            "# Exercise 6.1: a stateful counter",
            "# Exercise 6.1：a stateful counter",
        ),
        (CH6 / "chapter.en.toml", 'short_title = "State"', 'short_title = "状态"'),
    ],
    ids=["han", "full-width comma", "hint", "quiz", "block", "starter comment", "title"],
)
def test_english_text_has_no_chinese_character_or_full_width_punctuation(root, file, old, new):
    edit(root / file, old, new)
    messages = [m for f, _, m in found(root) if f == str(file)]
    assert messages and all(m.startswith("English text holds") for m in messages), messages


def test_an_english_file_of_an_unclaimed_chapter_follows_the_english_rules(root):
    (root / "ch9" / "lessons" / "9.1.en.md").write_text(
        '+++\nid = "9.1"\ntitle = "The last page"\n+++\n\n## The end\n\n没有了。\n',
        encoding="utf-8",
    )
    assert [(f, m[:30]) for f, _, m in found(root)] == [
        ("ch9/lessons/9.1.en.md", "English text holds a Chinese c"),
        ("ch9/lessons/9.1.en.md", "English text holds full-width "),
    ]


def test_chinese_keeps_its_spacing_rule_and_english_has_none(root):
    def spacing() -> list[str]:
        course = load_course(root, fresh=True)
        problems = validate(course) + language_problems(course)
        return [Path(p.file).name for p in problems if "spacing" in p.message]

    before = spacing()
    edit(
        root / EX / "statement.md", "写一个纯函数 `update_counter`", "写一个纯函数`update_counter`"
    )
    edit(
        root / EX / "statement.en.md",
        "the count always goes up by 1;",
        "the count always goes up by 1 ;",
    )
    assert sorted(spacing()) == sorted([*before, "statement.md"])


def test_english_files_are_listed_by_convention_and_nothing_else(root):
    def unlisted() -> set[str]:
        course = load_course(root, fresh=True)
        return {
            str(Path(p.file).relative_to(root))
            for p in validate(course)
            if "not" in p.message and "listed" in p.message or "not part of" in p.message
        }

    before = unlisted()
    assert not [f for f in before if ".en." in f]
    (root / CH6 / "lessons" / "6.7.en.md").write_text('+++\nid = "6.7"\ntitle = "x"\n+++\n')
    (root / EX / "notes.en.md").write_text("notes\n")
    assert unlisted() - before == {"ch6/lessons/6.7.en.md", "ch6/exercises/6.1/notes.en.md"}


def test_code_parity_reads_words_as_words():
    zh = 'n = 3\nprint(f"调用 {n} 次后", "结果")  # 注释\n'
    assert code_difference(zh, 'n = 3\nprint(f"after {n} calls", "result")\n') is None
    assert code_difference(zh, 'n = 3\nprint(f"after {n + 1} calls", "result")\n') is not None
    assert code_difference(zh, 'n = 3\nprint(f"after {n} calls", result)\n') is not None
    assert code_difference(zh, 'n = 3\nprint(f"after {n} calls", "result")\nn += 1\n') is not None
    assert code_difference("x = 1\n", "x = (1\n") is not None  # does not tokenize
