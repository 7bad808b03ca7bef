"""Every word issue 35 found never introduced is a glossary term of a chapter, in both languages,
and the validator refuses a chapter whose first use of a glossary term does not link it
(tutor/authoring/glossary_terms.py), checked on the text as it stood before the links."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tutor.authoring.glossary_terms import glossary_terms, term_problems
from tutor.course.loader import load_course

LESSONS = Path(__file__).resolve().parents[1] / "lessons"

WORDS = {  # chapter: (Chinese glossary terms, English glossary terms)
    "0": (["jaxpr", "scatter"], ["jaxpr", "scatter"]),
    "6": (["静态参数", "eager"], ["static argument", "eager"]),
    "7": (
        ["AOT", "StableHLO", "降级", "sharding", "次梯度", "共轭梯度", "召回率"],
        ["AOT", "StableHLO", "lowering", "sharding", "subgradient", "conjugate gradient", "recall"],
    ),
    "a1": (
        ["BPTT", "SSM", "线程发散", "HLO", "scatter-add", "弱类型"],
        ["BPTT", "SSM", "thread divergence", "HLO", "scatter-add", "weak type"],
    ),
}


@pytest.mark.parametrize("chapter_id", sorted(WORDS))
def test_each_word_is_a_glossary_term_in_both_languages(course, chapter_id):
    english = load_course(LESSONS, lang="en")
    zh, en = WORDS[chapter_id]
    assert set(zh) <= set(glossary_terms(course.chapter_by_id[chapter_id], "zh"))
    assert set(en) <= set(glossary_terms(english.chapter_by_id[chapter_id], "en"))


# (file, the first use today, as it stood before, words of the problem)
UNLINKED = [
    ("ch7/lessons/7.0.md", "[AOT](cheatsheet:7)", "AOT", "'AOT' in chapter 7"),
    ("ch7/lessons/7.0.en.md", "[AOT](cheatsheet:7)", "AOT", "'AOT' in chapter 7"),
    ("a1/lessons/a1.0.md", "[BPTT](cheatsheet:a1)", "BPTT", "'BPTT' in chapter a1"),
    ("ch6/lessons/6.1.md", "[静态参数](cheatsheet:6)", "静态参数", "'静态参数' in chapter 6"),
    (
        "ch6/lessons/6.1.en.md",
        "(a [static argument](cheatsheet:6) if need be)",
        "(marked static if need be)",
        "'static argument' in chapter 6",
    ),
]


def test_a_first_use_without_a_link_is_refused(tmp_path):
    root = tmp_path / "lessons"
    shutil.copytree(LESSONS, root)
    for name, today, before, _ in UNLINKED:
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert today in text, (name, today)
        path.write_text(text.replace(today, before, 1), encoding="utf-8")
    found = [
        str(p)
        for lang in ("zh", "en")
        for p in term_problems(load_course(root, lang=lang, fresh=True))
    ]
    for name, _, _, words in UNLINKED:
        if name.endswith(".en.md") and "static" in words:
            name = "6.5-fix2/statement.en.md"  # unlinked in 6.1, its first use is then the repair
        assert any(name in p and words in p for p in found), (name, found)


def test_the_course_as_it_is_introduces_every_term(course):
    assert term_problems(course) == []
    assert term_problems(load_course(LESSONS, lang="en")) == []
