"""The authoring rules' words and patterns, kept as data (tutor/authoring/text_rules.<lang>.toml,
tutor/authoring/rule_words.py): both files load with every key the rules ask for, the languages
hold the same keys but for the rules of Chinese text only, and a file that lacks a key, holds a
wrong type or a broken pattern fails naming the file and the key."""

from __future__ import annotations

import re

import pytest

from tutor.authoring.rule_words import FOLDER, RuleDataError, rule_words

# rules of Chinese text only, and the English number words (Chinese numerals are `numerals`+`ten`)
ZH_ONLY = {"spacing.chapter_label", "slips.numerals", "slips.ten", "legends.function_chars"}
EN_ONLY = {"slips.numbers"}


def _keys(doc: dict) -> set[str]:
    return {f"{table}.{key}" for table, entries in doc.items() for key in entries}


def _folder_with(tmp_path, text: str):
    (tmp_path / "text_rules.zh.toml").write_text(text, encoding="utf-8")
    rule_words.cache_clear()
    return tmp_path


@pytest.fixture(autouse=True)
def _fresh_cache():
    yield
    rule_words.cache_clear()


def test_the_languages_hold_the_same_keys_but_the_chinese_only_rules():
    zh, en = (_keys(rule_words(lang).doc) for lang in ("zh", "en"))
    assert zh - en == ZH_ONLY
    assert en - zh == EN_ONLY


def test_the_rules_read_their_patterns_from_the_files():
    from tutor.authoring import block_parity, glossary_terms, spacing

    assert glossary_terms.GLOSSARY_HEADS == {"zh": "\n## 术语表\n", "en": "\n## Glossary\n"}
    assert block_parity.numbers("took 12.5 ms, 用时 2 秒, got 3") == [(1, ("3",))]
    assert spacing.problems("入门 第 6 章 JAX 中的状态") == []
    assert spacing.problems("初始 状态") != []


def test_a_missing_key_names_the_file_and_the_key(tmp_path):
    folder = _folder_with(tmp_path, '[slips]\nexercise = "x"\n')
    data = rule_words("zh", folder)
    with pytest.raises(RuleDataError, match=r"text_rules\.zh\.toml: no 'slips\.section'"):
        data.pattern("slips.section")
    with pytest.raises(RuleDataError, match=r"no 'glossary\.heading'"):
        data.text("glossary.heading")


def test_a_missing_file_or_bad_toml_is_named(tmp_path):
    with pytest.raises(RuleDataError, match=r"text_rules\.en\.toml: the rules' words cannot be"):
        rule_words("en", tmp_path)
    with pytest.raises(RuleDataError, match=r"text_rules\.zh\.toml: not valid TOML"):
        rule_words("zh", _folder_with(tmp_path, "[slips\n"))


def test_a_wrong_type_or_a_broken_pattern_is_named(tmp_path):
    data = rule_words(
        "zh",
        _folder_with(
            tmp_path,
            '[slips]\nsection = "(unclosed"\nrepair_words = "one"\nkinds = { a = 1 }\nempty = []\n',
        ),
    )
    with pytest.raises(RuleDataError, match=r"'slips\.section' is no regular expression"):
        data.pattern("slips.section")
    with pytest.raises(RuleDataError, match=r"'slips\.repair_words' must be a list"):
        data.words("slips.repair_words")
    with pytest.raises(RuleDataError, match=r"'slips\.empty' must be a list of non-empty"):
        data.words("slips.empty")
    with pytest.raises(RuleDataError, match=r"'slips\.kinds' must be a table of strings"):
        data.table("slips.kinds")
    with pytest.raises(RuleDataError, match=r"'slips' must be a string"):
        data.text("slips")


def test_the_shipped_files_sit_beside_the_rules():
    assert {p.name for p in FOLDER.glob("text_rules.*.toml")} == {
        "text_rules.zh.toml",
        "text_rules.en.toml",
    }
    assert re.compile(rule_words("en").text("slips.count")).flags & re.IGNORECASE
