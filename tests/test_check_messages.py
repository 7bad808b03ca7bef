"""Checks speak through catalogs (checks/messages/README.md): no Chinese string literal in the
Python source of checks/ and tutor/ (docstrings included; the rules that read Chinese text keep
their words and patterns in data files, tutor/authoring/text_rules.<lang>.toml), every message id
the source uses exists in both languages, both languages have the same ids with the same fields,
and no catalog message is unused."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tutor.authoring.cjk_literals import cjk_literals
from tutor.words import check_catalog, plural
from tutor.words.catalog import LANGS

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "checks" / "messages"

SAYING = {"msg", "later"}  # tutor/worker/said.py: their first argument is a message id


def sources() -> dict[str, str]:
    files = [*sorted((ROOT / "checks").rglob("*.py")), *sorted((ROOT / "tutor").rglob("*.py"))]
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in files}


def _callee(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _const(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def used_ids(source: str, where: str) -> set[str]:
    """The message ids a module's source uses: msg("id")/later("id"), and `table.check.<id>` for
    each `@checks.add("id")` without a name in a module whose `Checks("table")` names a table."""
    tree = ast.parse(source)
    table, ids, unnamed = None, set(), []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for dec in node.decorator_list:
                if isinstance(dec, ast.Call) and _callee(dec) == "add" and len(dec.args) == 1:
                    unnamed += [c for c in [_const(dec.args[0])] if c]
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        first = _const(node.args[0]) if node.args else None
        if name in SAYING:
            assert first, f"{where}:{node.lineno}: a message id must be a string literal"
            ids.add(first)
        elif name == "Checks" and first:
            table = first
    if unnamed:
        assert table, f"{where}: checks without a name need Checks('<table>')"
        ids |= {f"{table}.check.{check}" for check in unnamed}
    return ids


def offenders(files: dict[str, str]) -> dict[str, list]:
    """The modules that hold a Chinese string literal, with their first hits."""
    found = {path: cjk_literals(text) for path, text in files.items()}
    return {path: hits[:3] for path, hits in found.items() if hits}


def test_no_chinese_literal_outside_the_catalogs():
    files = sources()
    assert len(files) > 100 and "tutor/linebreak.py" in files  # the scan reads both folders
    assert not offenders(files), (
        f"Chinese literals belong in a catalog (words) or a rule's data file: {offenders(files)}"
    )


def test_a_chinese_literal_in_any_module_is_an_offender():
    files = {
        "checks/ex_9_9.py": 'fail(msg("ex_9_9.wrong"))\n',
        "checks/ex_9_8.py": 'fail("第 1 步错了")\n',
        "tutor/linebreak.py": 'OPEN = "\\uff08\\u3010"  # （【\n',
        "tutor/authoring/slips.py": 'SECTION = re.compile(r" ?节")\n',
        "tutor/course/expectations.py": '"""A header: # expect: failed pure "全局变量"."""\n',
    }
    assert sorted(offenders(files)) == [
        "checks/ex_9_8.py",
        "tutor/authoring/slips.py",
        "tutor/course/expectations.py",
    ]


def test_the_scan_sees_literals_and_docstrings_not_comments_or_escapes():
    source = '"""文档。"""\n# 注释\nA = "\\u3002"\nB = f"第 {A} 步"\n'
    assert {line for line, _ in cjk_literals(source)} == {1, 4}


def test_catalogs_have_the_same_ids_and_fields_in_both_languages():
    zh, en = (check_catalog.load(lang, CATALOGS) for lang in ("zh", "en"))
    assert sorted(zh.keys() - en.keys()) == [], "ids missing in English"
    assert sorted(en.keys() - zh.keys()) == [], "ids missing in Chinese"
    differ = {
        k: (check_catalog.fields(zh[k]), check_catalog.fields(en[k]))
        for k in zh
        if check_catalog.fields(zh[k]) != check_catalog.fields(en[k])
    }
    assert not differ, f"fields differ between the languages: {differ}"
    files = {lang: set(check_catalog.files(lang, CATALOGS)) for lang in LANGS}
    assert files["zh"] == files["en"]


def test_every_used_id_exists_and_every_message_is_used():
    used: set[str] = set()
    for path, text in sources().items():
        if path.startswith("checks/"):  # the library in tutor/ renders ids it is given
            used |= used_ids(text, path)
    for lang in LANGS:
        have = check_catalog.load(lang, CATALOGS)
        assert sorted(used - have.keys()) == [], f"ids used but missing in {lang}"
    unused = sorted(check_catalog.load("zh", CATALOGS).keys() - used)
    assert unused == [], "catalog messages no source uses"


def test_english_messages_hold_no_chinese():
    from tutor.authoring.cjk_literals import CJK

    en = check_catalog.load("en", CATALOGS)
    assert sorted(k for k, text in en.items() if CJK.search(text)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_messages_render_with_their_fields(lang):
    """Every message formats (a stray brace is a KeyError or ValueError at the learner's run)."""
    for key, text in check_catalog.load(lang, CATALOGS).items():
        values = {name: 1.5 for name, _ in check_catalog.fields(text)}
        assert isinstance(plural.fill(text, values), str), key


NOUNS = "times|calls|steps|examples|rows|elements|leaves|values|items|traces|keys"
COUNTED = re.compile(rf"(?<![+−\-\w])(?<![+−\-] )1 ({NOUNS})\b")


@pytest.mark.parametrize("lang", ["en"])
def test_a_count_of_one_takes_the_singular(lang):
    """`compiled 1 times` reads wrong: a count field renders its noun in the form the count
    needs (`{n:@time|times}`), so no message says `1 times` when its counts are 1; 0 and 3 keep
    the plural."""
    wrong = []
    for key, text in check_catalog.load(lang, CATALOGS).items():
        fields = check_catalog.fields(text)  # a count is a plain field; `{ratio:.0f}` is not
        ones = plural.fill(text, {name: 1 if spec == "" else 2.5 for name, spec in fields})
        if COUNTED.search(ones):
            wrong.append((key, COUNTED.search(ones).group()))
    assert wrong == []
    assert plural.fill("{n:@time|times}, {m:@leaf|leaves}", {"n": 0, "m": 3}) == "0 times, 3 leaves"
    assert plural.fill("{n:@time|times} {{x}} {k:.1f}", {"n": 1, "k": 2}) == "1 time {x} 2.0"


def test_a_check_speaks_the_language_of_its_job():
    from tutor.words import catalog
    from tutor.worker.checklib import Checks, later, lead, msg

    saved = catalog.lang()
    try:
        catalog.set_lang("en")
        kept = later("ex_6_1.counts_from", start=7)
        assert msg(
            "ex_6_1.eager_differs", call="f(1, 2)", count=2, increment=2, got_count=3.0, got_aux=2.0
        ).startswith("f(1, 2) should return (2, 2)")
        assert Checks("ex_6_1").add("eager")(lambda L: None) is not None
        assert lead("state.step") == "state.step"
        assert f"{kept}" == "the counts starting from 7"
        catalog.set_lang("zh")
        assert str(kept) == "从 7 起的计数"  # rendered when used, in the language of that moment
        assert lead("state.step") == "state.step " and lead("状态[0]") == "状态[0]"
        checks = Checks("ex_6_1")
        checks.add("eager")(lambda L: None)
        assert checks.items[0].name == "不加 jit 直接调用:计数加 1,increment 原样返回"
        with pytest.raises(ValueError):
            Checks().add("eager")
    finally:
        catalog.set_lang(saved)


def test_module_state_says_its_change_in_the_jobs_language():
    from tutor.words import catalog
    from tutor.worker.checklib import ModuleState

    ns = {"calls": 0}
    saved = catalog.lang()
    try:
        before = ModuleState(ns)
        ns["calls"] = 1
        ns["seen"] = []
        catalog.set_lang("en")
        words = before.changes().words()
        assert (
            words == "changed module-level variables: calls; created module-level variables: seen"
        )
        catalog.set_lang("zh")
        assert before.changes().words() == "改动了模块级变量 calls;新建了模块级变量 seen"
    finally:
        catalog.set_lang(saved)


def test_workers_read_a_prebuilt_copy_while_the_catalogs_are_unchanged(tmp_path, monkeypatch):
    import marshal
    import os

    messages_dir = tmp_path / "content" / "checks" / "messages"
    messages_dir.mkdir(parents=True)
    zh = messages_dir / "ch9.zh.toml"
    zh.write_text('[ex_9_1]\nsaid = "旧的"\n', encoding="utf-8")
    os.utime(zh, (1_000_000, 1_000_000))  # old enough to be trusted
    monkeypatch.setenv("JAXTUTOR_CONTENT", str(tmp_path / "content"))
    monkeypatch.setenv("JAXTUTOR_CACHE", str(tmp_path / "cache"))
    check_catalog.messages.cache_clear()
    try:
        assert check_catalog.messages("zh") == {"ex_9_1.said": "旧的"}
        copy = tmp_path / "cache" / "words" / "checks-zh.marshal"
        stamp, kept = marshal.loads(copy.read_bytes())
        copy.write_bytes(marshal.dumps((stamp, {"ex_9_1.said": "from the copy"})))
        check_catalog.messages.cache_clear()
        assert check_catalog.messages("zh") == {"ex_9_1.said": "from the copy"}  # no parse
        zh.write_text('[ex_9_1]\nsaid = "新的话"\n', encoding="utf-8")
        check_catalog.messages.cache_clear()
        assert check_catalog.messages("zh") == {"ex_9_1.said": "新的话"}  # the file changed
    finally:
        check_catalog.messages.cache_clear()
