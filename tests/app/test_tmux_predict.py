"""The real lesson 6.1 in a real terminal at 120×36: paging down to its predict-then-run
question, no screen shows the answer (`hits == 1`) before the learner has answered with `b`.
Skipped without tmux."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tmuxterm import JAXTUTOR, TmuxTerm

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_6_1_prediction_is_asked_before_the_answer_is_on_screen(tmp_path):
    if not JAXTUTOR.exists():
        pytest.skip(f"{JAXTUTOR} is not installed (pip install -e .)")
    env = [
        f"JAXTUTOR_HOME={tmp_path / 'home'}",
        f"JAXTUTOR_CONTENT={ROOT}",
        "TERM=xterm-256color",
        "LANG=C.UTF-8",
        "LC_ALL=C.UTF-8",
    ]
    with TmuxTerm((120, 36), env, "lesson 6.1") as term:
        screen = term.wait_for("课 6.1", 30)
        for _ in range(20):
            assert "hits == 1" not in screen, screen
            if (
                "按 a–c" in screen and "选择预测" in screen
            ):  # the question's keys, and `b` acts on it
                break
            term.keys("PageDown")
            screen = term.settled()
        else:
            raise AssertionError(f"the question never came into view:\n{screen}")
        term.keys("b")
        screen = term.wait_for("你的预测", 20)
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
