"""The real lesson 6.1 in a real terminal at 120×36: paging down to its
predict-then-run question, no screen shows the answer (`hits == 1`) before the learner has
answered with `b`.
Skipped without tmux."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmuxterm import REAL_TERMINAL, TmuxTerm, learner_env

pytestmark = REAL_TERMINAL

ROOT = Path(__file__).resolve().parents[2]


def page_down_to(term: TmuxTerm, screen: str, cues: tuple[str, ...], hidden: str) -> str:
    """Page down until every cue is on the screen, `hidden` on none of the screens on the way."""
    for _ in range(30):
        assert hidden not in screen, screen
        if all(cue in screen for cue in cues):
            return screen
        term.keys("PageDown")
        screen = term.moved(screen)
    raise AssertionError(f"the question never came into view:\n{screen}")


# the largest screen, where the most of the page below the question is in view at once (the
# same rule in process at the app tests' size: test_predict_hidden.py)
@pytest.mark.parametrize("size", [(120, 36)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_6_1_prediction_is_asked_before_the_answer_is_on_screen(tmp_path, size):
    env = learner_env(tmp_path / "home", ROOT)
    with TmuxTerm(size, env, "lesson 6.1") as term:
        screen = term.wait_for("课 6.1", 30)
        # the question in view, and the key bar offering its answer keys (`b` acts on it)
        page_down_to(term, screen, ("hits 是多少", "选择预测"), "hits == 1")
        term.keys("b")
        screen = term.wait_for("你的预测", 20)
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)


def test_the_a1_5_explanation_waits_for_the_typed_answer(tmp_path):
    """Lesson a1.5 asks for a number (∂L/∂h₀): the paragraph that explains it (1.0749918) is on
    no screen until the learner has typed an answer, and shows once they have."""
    env = learner_env(tmp_path / "home", ROOT)
    with TmuxTerm((120, 36), env, "lesson a1.5") as term:
        screen = term.wait_for("课 a1.5", 30)
        screen = page_down_to(term, screen, ("∂L/∂h₀ 是多少", "输入你预测的数"), "1.0749918")
        for _ in range(3):  # the rest of the page, down to the next question: not there either
            term.keys("PageDown")
            screen = term.moved(screen)
            assert "1.0749918" not in screen, screen
        for _ in range(6):  # back to the question
            if "∂L/∂h₀ 是多少" in screen and "输入你预测的数" in screen:
                break
            term.keys("PageUp")
            screen = term.moved(screen)
        else:
            raise AssertionError(f"the question did not come back into view:\n{screen}")
        # a number question: `a` puts the cursor in its box as the app reads it, so the digits
        # typed in the same breath (the app may read them all at once) go into the box
        term.type("a1.07")
        term.keys("Enter")
        screen = term.wait_for("你的预测:1.07", 20)
        for _ in range(6):
            if "三者都是 1.0749918" in screen:
                break
            term.keys("PageDown")
            screen = term.moved(screen)
        else:
            raise AssertionError(f"the explanation did not show after the answer:\n{screen}")
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
