"""Snapshot tests of the main screens (pytest-textual-snapshot). Update after an intended change
of the looks with: pytest tests/app/test_snapshots.py --snapshot-update"""

from __future__ import annotations

from apphelp import failed_result, wait_until
from textual.widgets import TextArea


async def no_blink(pilot):
    """A blinking cursor would make the snapshot depend on the moment it is taken."""
    await pilot.pause()
    for area in pilot.app.screen.query(TextArea):
        area.cursor_blink = False
    await pilot.pause()


def test_snapshot_course_map(make_app, snap_compare):
    app = make_app(target=None)
    assert snap_compare(app, terminal_size=(100, 30), press=["f2"])


def test_snapshot_exercise_small(make_app, snap_compare):
    assert snap_compare(
        make_app(target=("exercise", "6.1")), terminal_size=(80, 24), run_before=no_blink
    )


def test_snapshot_exercise_wide(make_app, snap_compare):
    assert snap_compare(
        make_app(target=("exercise", "6.1")), terminal_size=(130, 36), run_before=no_blink
    )


def test_snapshot_exercise_failed_diff(make_app, fake_runner, snap_compare):
    fake_runner.push(failed_result(), output="learner says hi\n")
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)

    async def run_before(pilot):
        await no_blink(pilot)
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: app.screen.last_result is not None)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(130, 36), run_before=run_before)


def test_snapshot_lesson(make_app, snap_compare):
    assert snap_compare(make_app(target=("lesson", "6.1")), terminal_size=(130, 36))


def test_snapshot_quiz_answered(make_app, snap_compare):
    assert snap_compare(make_app(target=("quiz", "6")), terminal_size=(100, 30), press=["a"])


def test_snapshot_progress(make_app, snap_compare):
    assert snap_compare(make_app(target=None), terminal_size=(100, 30), press=["f2", "f3"])


def test_snapshot_help(make_app, snap_compare):
    assert snap_compare(make_app(target=None), terminal_size=(100, 40), press=["f2", "f1"])


def test_snapshot_cheatsheet(make_app, snap_compare):
    assert snap_compare(make_app(target=None), terminal_size=(100, 30), press=["f2", "f4"])


def test_snapshot_course_map_light(make_app, snap_compare):
    assert snap_compare(make_app(target=None), terminal_size=(100, 30), press=["f2", "f9"])
