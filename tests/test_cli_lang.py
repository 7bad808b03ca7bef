"""The CLI's own words in the language chosen by --lang, beyond its messages: `jaxtutor --help`
(the help texts and argparse's own words on the page: usage, headings, -h; a Chinese help text
wraps at the terminal's width in cells), the totals and marks of `jaxtutor dev`, and the answers
a [y/N] question takes as yes."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from rich.cells import cell_len

from tutor.cli.parser import MAX_TIMEOUT_S
from tutor.words import catalog

COMMANDS = (
    "start exercise lesson quiz list check watch hint solution progress reset doctor dev".split()
)
FRAME = ["usage", "positionals", "options", "help", "home", "lang"]
PAGES = {
    "top": ([], [*FRAME, "jaxtutor", *COMMANDS]),
    "check": (["check"], [*FRAME, "check", "exercise_id", "check_file", "check_json"]),
}
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
ENGLISH_FRAME = ("usage:", "positional arguments", "options:", "show this help message")
WIDTH = 60


@pytest.fixture
def help_page(monkeypatch, capsys):
    """help_page(lang, args): the page `jaxtutor ARGS --help --lang LANG` prints in a terminal
    WIDTH columns wide (argparse reads COLUMNS when it formats), run in this process."""
    from tutor.cli import main

    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.delenv("JAXTUTOR_LANG", raising=False)

    def page(lang: str, args: list[str]) -> str:
        capsys.readouterr()
        with pytest.raises(SystemExit) as done:
            main([*args, "--help", "--lang", lang])
        out, err = capsys.readouterr()
        assert done.value.code == 0, err
        return out

    return page


def squeezed(text: str) -> str:
    return "".join(text.split())  # a wrapped sentence reads the same without its line breaks


@pytest.mark.parametrize("page", PAGES, ids=list(PAGES))
@pytest.mark.parametrize("lang", catalog.LANGS)
def test_help_is_in_the_chosen_language(lang, page, help_page):
    args, keys = PAGES[page]
    text = help_page(lang, args)
    for key in keys:
        words = catalog.say(lang, f"cli.help.{key}")
        assert squeezed(words) in squeezed(text), (key, words, text)
    if lang == "zh":
        assert not [w for w in ENGLISH_FRAME if w in text], text
        assert catalog.say("zh", "cli.help.check") in text
    else:
        assert CJK.findall(text) == [], text


def test_a_chinese_help_text_wraps_within_the_terminal(help_page):
    text = help_page("zh", ["check"])
    timeout = catalog.say("zh", "cli.help.check_timeout", max=MAX_TIMEOUT_S)
    assert squeezed(timeout) in squeezed(text)
    helps = text[text.index(catalog.say("zh", "cli.help.positionals")) :]
    assert max(cell_len(line) for line in helps.splitlines()) <= WIDTH
    assert cell_len(timeout) > WIDTH - len("  --timeout TIMEOUT  ")  # it needed a break to fit


@pytest.mark.parametrize("lang", catalog.LANGS)
def test_dev_reports_in_the_chosen_language(lang, monkeypatch, capsys):
    from tutor.authoring import block_proofs, course_proof, validate
    from tutor.authoring.course_proof import Proof
    from tutor.cli import commands

    catalog.set_lang(lang)  # the conftest sets it back after the test
    monkeypatch.setattr(validate, "validate_content", lambda: ["lessons/x.md: a problem"])
    assert commands.cmd_dev(SimpleNamespace(dev_cmd="validate")) == commands.EXIT_FAIL
    assert capsys.readouterr().out.splitlines()[-1] == catalog.say(lang, "cli.dev.problems", n=1)

    proofs = [Proof("6.1 block 1", True, "ran"), Proof("6.1 block 2", False, "raised")]
    monkeypatch.setattr(block_proofs, "run_blocks", lambda course, ids, runner, batch: proofs)
    monkeypatch.setattr(course_proof, "dev_runner", lambda: SimpleNamespace(close=lambda: None))
    monkeypatch.setattr(commands, "course", lambda: None)
    assert commands.cmd_dev(SimpleNamespace(dev_cmd="blocks", ids=[])) == commands.EXIT_FAIL
    ok, fail, total = capsys.readouterr().out.splitlines()
    assert ok.startswith(catalog.say(lang, "cli.dev.ok")) and ok.endswith(" 6.1 block 1: ran")
    assert fail.startswith(catalog.say(lang, "cli.dev.fail"))
    assert cell_len(ok.split("6.1")[0]) == cell_len(fail.split("6.1")[0])  # the labels line up
    assert total == catalog.say(lang, "cli.dev.failures", n=1)


@pytest.mark.parametrize(
    ("lang", "answer", "yes"),
    [
        ("zh", "是", True),
        ("zh", "Y", True),
        ("en", "yes", True),
        ("en", "no", False),
        ("en", "", False),
    ],
)
def test_a_confirmation_takes_the_catalogs_answers(lang, answer, yes, monkeypatch):
    from tutor.cli import commands

    catalog.set_lang(lang)  # the conftest sets it back after the test
    monkeypatch.setattr("sys.stdin", SimpleNamespace(isatty=lambda: True))
    monkeypatch.setattr("builtins.input", lambda prompt: f" {answer} ")
    assert commands.confirm("[y/N] ", assume_yes=False) is yes
