"""The English edition in a real terminal at 80×24 (`--lang en`): the chapter 6 quiz names itself
once in its header, and the quiz, the help (F1) and the progress table (F3) show no Chinese.
Skipped without tmux."""

from __future__ import annotations

import re
from pathlib import Path

from tmuxterm import REAL_TERMINAL, TmuxTerm, learner_env

pytestmark = REAL_TERMINAL

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_the_quiz_help_and_progress_read_in_english_at_80_columns(tmp_path):
    env = learner_env(tmp_path / "home", ROOT, "JAXTUTOR_LANG=en")
    with TmuxTerm((80, 24), env, "--lang en quiz 6") as term:
        screen = term.wait_for("Chapter 6 quiz", 30)
        assert screen.split("\n")[0].lower().count("quiz") == 1, screen
        assert not CJK.search(screen), screen
        term.keys("F1")
        screen = term.wait_for("switch language", 30)
        assert not CJK.search(screen), screen
        term.keys("Escape")
        term.wait_until(lambda s: "switch language" not in s, 30, "the quiz again")
        term.keys("F3")
        screen = term.wait_for("runs", 30)  # the progress table's header
        assert not CJK.search(screen), screen
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
