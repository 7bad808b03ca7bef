"""The real course in a real terminal at 80×24 and 120×36, read off the screen: no pane line
starts with a closing punctuation mark, exercise 6.1's signature is on the screen whole, after a
failed run the first failing check's message is visible without scrolling, and Esc from the
cheat sheet (F4) returns to the screen it was opened from. Skipped without tmux."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tmuxterm import REAL_TERMINAL, TmuxTerm, learner_env

pytestmark = REAL_TERMINAL

ROOT = Path(__file__).resolve().parents[2]
PANE_EDGES = re.compile(r"[▊▎│┃▌▐]")
NO_LINE_START = tuple("。,、;:?!)」』】》.,;:!?")
WRONG_6_1 = "def update_counter(count, increment):\n    return count + 2, increment\n"


def pane_lines(screen: str) -> list[str]:
    """Every row cut at the panes' borders: the lines as each pane shows them."""
    return [
        part.strip() for row in screen.split("\n") for part in PANE_EDGES.split(row) if part.strip()
    ]


def assert_no_bad_line_start(screen: str) -> None:
    bad = [line for line in pane_lines(screen) if line.startswith(NO_LINE_START)]
    assert not bad, f"lines starting with closing punctuation: {bad}\n{screen}"


def squeezed(text: str) -> str:
    return re.sub(r"[\s↪]+", "", text)  # ↪ marks a wrapped code line going on


def left_pane(screen: str) -> str:
    """The text left of the first pane border on each row (the statement column), after the
    statement pane's own focus bar at the start of the row."""
    return "\n".join(
        PANE_EDGES.split(row[1:] if row.startswith("▊") else row)[0] for row in screen.split("\n")
    )


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
def test_the_exercise_workspace_reads_well(tmp_path, size):
    from tutor.course.loader import load_course

    signature = load_course(ROOT / "lessons").exercise("6.1").interface[0].signature
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    (home / "work" / "6.1.py").write_text(WRONG_6_1, encoding="utf-8")
    env = learner_env(home, ROOT)
    with TmuxTerm(size, env, "exercise 6.1") as term:
        screen = term.wait_for("运行检查", 30)
        if size[0] < 100:  # tabs: never run, it opens on the statement; F6: code → results
            screen = term.wait_for("要求", 30)
            statement = screen
            term.keys("F6")
            term.wait_for("def update_counter", 10)
            term.keys("F6")
            term.wait_for("第一个未通过的检查的差异", 10)
            term.keys("F6")
            term.wait_for("要求", 30)
            term.keys("F6")  # back to the code
            term.wait_for("def update_counter", 10)
        else:
            screen = term.wait_for("要求", 30)
            statement = left_pane(screen)
        assert squeezed(signature) in squeezed(statement), screen
        assert_no_bad_line_start(screen)
        term.keys("C-r")
        screen = term.wait_for("个检查通过", 120)
        assert_no_bad_line_start(screen)
        from tutor.protocol.result import RunResult
        from tutor.storage.store import Store

        store = Store(home)
        result = RunResult.from_dict(store.last_result("6.1"))
        store.close()
        first = result.failing_checks[0]
        words = first.message.split("\n")[0][:24]
        assert squeezed(words) in squeezed(screen), f"{words!r} not on the screen:\n{screen}"
        term.keys("F4")  # the cheat sheet, over the workspace
        term.wait_for("速查表", 30)
        term.keys("Escape")
        # the workspace's own title: its key bar words can linger below a cheat sheet half drawn
        screen = term.wait_for("练习 6.1", 10)
        assert "运行检查" in screen and "速查表" not in screen, screen


@pytest.mark.parametrize("size", [(80, 24)])  # the lesson page has one layout
def test_a_lesson_page_reads_well_and_f4_comes_back(tmp_path, size):
    env = learner_env(tmp_path / "home", ROOT)
    with TmuxTerm(size, env, "lesson 6.1") as term:
        screen = term.wait_for("运行示例", 30)
        for _ in range(3):
            assert_no_bad_line_start(screen)
            term.keys("PageDown")
            screen = term.settled()
        term.keys("F4")
        term.wait_for("速查表", 30)
        term.keys("Escape")
        screen = term.wait_for("课 6.1", 10)
        assert "运行示例" in screen and "速查表" not in screen, screen
