"""The learner's path in a real terminal at 80×24: `n` at the top of lesson
6.1 opens the item after it on the course map, and the map (F2) then marks 6.1 read. Skipped
without tmux."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmuxterm import REAL_TERMINAL, TmuxTerm, learner_env

from tutor.application.progress import course_items
from tutor.course.loader import load_course
from tutor.words.catalog import t

pytestmark = REAL_TERMINAL

ROOT = Path(__file__).resolve().parents[2]
# one size: where `n` leads and what the map marks do not depend on it (the same path in process at
# 120×36: tests/app/test_course_path.py)
SIZES = [(80, 24)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_n_from_lesson_6_1_opens_the_next_map_item_and_the_map_marks_6_1_read(tmp_path, size):
    items = course_items(load_course(ROOT / "lessons"))
    keys = [item.key for item in items]
    after = items[keys.index(("lesson", "6.1")) + 1]
    with TmuxTerm(size, learner_env(tmp_path / "home", ROOT), "lesson 6.1") as term:
        term.wait_for(f"{t('app.kind.lesson')} 6.1 ·", 30)
        term.keys("n")  # at the top of the page: nothing of it scrolled through
        term.wait_for(f"{after.id} ·", 30)  # the next place's header: "<kind> <id> · <title>"
        term.keys("F2")
        term.wait_for(f"✓ {t('app.kind.lesson')} 6.1 ", 30)  # read, on the map
        term.keys("C-q")
        term.wait_for("EXITED-0", 15)
