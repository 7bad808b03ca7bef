"""scripts/convert_check_messages.py, the mechanical step of moving a check module's words into
the catalogs (checks/messages/README.md): literals become message ids with their fields, check
names leave the decorator, a helper's top-level words are kept for later."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tutor.authoring.cjk_literals import cjk_literals

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "convert_check_messages.py"

EXERCISE = '''"""An exercise."""

from tutor.worker.checklib import Checks, fail

checks = Checks()


@checks.add("pure", "调用不改任何全局变量", needs=())
def _(L):
    n = 3
    fail(f"改动了 {n:g} 个变量:{L.name!r}。", count=n)
'''
HELPER = '''"""A helper."""

from tutor.worker.checklib import (
    Known,
    fail,
)

MISTAKES = [Known("sign", abs, "符号反了。")]


def check(x):
    fail("不对:{x}" if x else "对")
'''


def _convert(tmp_path: Path, name: str, source: str) -> tuple[str, str, str]:
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), str(path)], capture_output=True, text=True, check=True
    )
    return path.read_text(encoding="utf-8"), run.stdout, run.stderr


def test_an_exercise_module_speaks_through_message_ids(tmp_path):
    out, table, manual = _convert(tmp_path, "ex_9_1.py", EXERCISE)
    compile(out, "ex_9_1.py", "exec")
    assert cjk_literals(out) == [] and manual == ""
    assert 'checks = Checks("ex_9_1")' in out
    assert '@checks.add("pure", needs=())' in out
    assert 'fail(msg("ex_9_1.pure.fail", n=n, name=L.name), count=n)' in out
    assert "from tutor.worker.checklib import Checks, fail, msg" in out
    assert table.strip().splitlines() == [
        "[ex_9_1]",
        'check.pure = "调用不改任何全局变量"',
        'pure.fail = "改动了 {n:g} 个变量:{name!r}。"',
    ]


def test_a_helper_keeps_its_top_level_words_for_later(tmp_path):
    out, table, _ = _convert(tmp_path, "_ch9.py", HELPER)
    compile(out, "_ch9.py", "exec")
    assert cjk_literals(out) == []
    assert 'Known("sign", abs, later("_ch9.module.mistake_sign"))' in out
    assert 'fail(msg("_ch9.check_fn.text") if x else msg("_ch9.check_fn.text_2"))' in out
    assert "    later,\n    msg,\n" in out
    assert 'check_fn.text = "不对:{{x}}"' in table  # a brace of the text, not a field
