"""The word catalogs are data (tutor/words/<lang>.toml): both languages hold the same keys with
the same fields, and a start reads a prebuilt copy instead of parsing TOML again."""

from __future__ import annotations

import os
import shutil
import string
import subprocess
import sys
from pathlib import Path

from tutor.words import catalog

ROOT = Path(__file__).resolve().parent.parent


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys_and_fields():
    zh, en = (
        catalog.parse((catalog.FOLDER / "zh.toml").read_bytes()),
        catalog.parse((catalog.FOLDER / "en.toml").read_bytes()),
    )
    assert len(zh) > 300 and zh.keys() == en.keys()
    assert {k for k in zh if fields(zh[k]) != fields(en[k])} == set()
    assert zh["status.passed"] == "通过" and en["status.passed"] == "passed"


def test_t_fills_fields_in_the_current_language():
    catalog.set_lang("en")  # the conftest sets the suite's language back after the test
    assert catalog.t("app.run.counter", secs=2.04, limit=20) == "running… 2.0 / 20 s (Esc cancels)"
    assert catalog.say("zh", "app.run.counter", secs=2.0, limit=20).startswith(
        "运行中…… 2.0 / 20 秒"
    )


SHOW = (
    "import sys\nfrom tutor.words.catalog import t\nprint(t('status.passed'))\n"
    "print('tomllib' in sys.modules)\n"
)


def start(cache: Path, root: Path = ROOT) -> list[str]:
    env = dict(os.environ, JAXTUTOR_CACHE=str(cache), PYTHONPATH=str(root), JAXTUTOR_LANG="zh")
    done = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=root, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.split()


def test_a_second_start_reads_the_prebuilt_copy_and_an_edit_is_seen(tmp_path):
    root = tmp_path / "src"
    shutil.copytree(ROOT / "tutor", root / "tutor", ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    assert start(cache, root) == ["通过", "True"]  # parsed, copy written
    assert (cache / "words" / "zh.marshal").is_file()
    assert start(cache, root) == ["通过", "False"]  # no TOML parser on a second start
    toml = root / "tutor" / "words" / "zh.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace('"通过"', '"过了吧"'), encoding="utf-8"
    )
    assert start(cache, root) == ["过了吧", "True"]  # the edited file wins
    assert start(cache, root) == ["过了吧", "True"]  # seconds old: parsed again, no copy yet
    past = toml.stat().st_mtime - 60
    os.utime(toml, (past, past))
    assert start(cache, root) == ["过了吧", "True"]  # the copy is written again
    assert start(cache, root) == ["过了吧", "False"]
