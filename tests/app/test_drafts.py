"""Drafts are never lost (Pilot, fixture course): autosave has a deadline however fast the
typing; outside edits reload a clean editor and keep both texts when both changed; a failed
save is shown until a save succeeds, keeps the text, is retried, and no run checks an older
file; a draft that is not UTF-8 opens read-only; SIGTERM/SIGHUP save the editor's text."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from apphelp import SIZE, passed_result, wait_until

from tutor.app import draftsync
from tutor.storage import drafts


def outside_write(path: Path, text: str | bytes) -> None:
    """What another editor does: write a new file and rename it over the draft."""
    tmp = path.with_name(path.name + ".other-editor")
    tmp.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    os.replace(tmp, path)


def status_of(screen) -> str:
    return str(screen.query_one("#editor-status").render())


async def open_exercise(pilot, app):
    """The exercise screen once its late widgets are in and its draft watcher is running."""
    await pilot.pause()
    scr = app.screen
    await wait_until(pilot, lambda: bool(scr.query("#history")) and scr.sync.watching.is_set())
    await pilot.pause()
    return scr, scr.query_one("#editor")


def test_autosave_deadline_never_moves_past_the_first_keystroke(monkeypatch):
    """However fast the keys come, the save is due AUTOSAVE_MAX_S after the first unsaved one."""
    clock = [100.0]
    monkeypatch.setattr(draftsync.time, "monotonic", lambda: clock[0])

    class FakeDraft:
        exercise = type("E", (), {"id": "6.1"})

    sync = draftsync.DraftSync(FakeDraft(), editor=None)
    monkeypatch.setattr(
        sync, "set_timer", lambda delay, callback: type("T", (), {"stop": lambda self: None})()
    )
    first = clock[0]
    for _ in range(40):  # a key every 50 ms for 2 s
        sync.edited()
        assert sync.due <= first + draftsync.AUTOSAVE_MAX_S + 1e-9
        assert sync.due - first <= 1.0
        clock[0] += 0.05


async def test_fast_typing_is_saved_before_it_stops(make_app, home, monkeypatch):
    """Keys keep coming and the typing is never idle long enough to save (the idle delay is
    made a minute): what saves it is the deadline after the first unsaved keystroke."""
    monkeypatch.setattr(draftsync, "AUTOSAVE_IDLE_S", 60.0)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        draft = home / "work" / "6.1.py"
        editor.move_cursor(editor.document.end)
        before = draft.read_text(encoding="utf-8")
        typed = 0
        deadline = time.monotonic() + 30
        while draft.read_text(encoding="utf-8") == before:
            assert time.monotonic() < deadline, f"{typed} keys typed, nothing saved meanwhile"
            await pilot.press("x")
            await pilot.pause()
            typed += 1
        assert draft.read_text(encoding="utf-8").startswith(before + "x")
        assert editor.text == before + "x" * typed  # every key landed, the last after the save


async def test_outside_edit_reloads_a_clean_editor(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        draft = home / "work" / "6.1.py"
        outside_write(draft, "# changed elsewhere\n")
        await wait_until(pilot, lambda: editor.text == "# changed elsewhere\n", timeout=10)
        await wait_until(pilot, lambda: "自动载入" in status_of(scr))
        await pilot.press("ctrl+z")  # the reload is one undoable edit
        await pilot.pause()
        assert editor.text != "# changed elsewhere\n"


async def test_outside_edit_while_typing_keeps_both(make_app, home, monkeypatch):
    monkeypatch.setattr(draftsync, "AUTOSAVE_IDLE_S", 60.0)  # the typing stays unsaved
    monkeypatch.setattr(draftsync, "AUTOSAVE_MAX_S", 60.0)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        draft = home / "work" / "6.1.py"
        editor.move_cursor(editor.document.end)
        await pilot.press(*"mine = 1")
        outside_write(draft, "theirs = 2\n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog", timeout=10)
        await pilot.pause()  # laid out: a click lands on its button
        backups = list((home / "work" / "backup").glob("6.1.outside.*.py"))
        assert [b.read_text(encoding="utf-8") for b in backups] == ["theirs = 2\n"]
        assert draft.read_text(encoding="utf-8") == "theirs = 2\n"  # nothing overwritten yet
        await pilot.click("#choice-mine")
        await wait_until(pilot, lambda: draft.read_text(encoding="utf-8").endswith("mine = 1"))
        assert editor.text.endswith("mine = 1")

        await pilot.press(*"  # more")
        outside_write(draft, "theirs = 3\n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog", timeout=10)
        await pilot.pause()  # laid out: a click lands on its button
        await pilot.click("#choice-theirs")
        await wait_until(pilot, lambda: editor.text == "theirs = 3\n")
        assert editor.text == "theirs = 3\n" and draft.read_text(encoding="utf-8") == "theirs = 3\n"
        mine = list((home / "work" / "backup").glob("6.1.mine.*.py"))
        assert len(mine) == 1 and mine[0].read_text(encoding="utf-8").endswith("mine = 1  # more")


async def test_failed_save_is_shown_kept_retried_and_blocks_the_run(
    make_app, home, fake_runner, monkeypatch
):
    real_write = drafts.atomic_write
    disk_full = [True]

    def write(path, text):
        if disk_full[0] and Path(path).name == "6.1.py":
            raise drafts.DraftWriteError(path, "No space left on device", 28)
        real_write(path, text)

    monkeypatch.setattr(draftsync, "RETRY_S", 0.3)
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        monkeypatch.setattr(drafts, "atomic_write", write)  # the disk fills up
        draft = home / "work" / "6.1.py"
        before = draft.read_text(encoding="utf-8")
        editor.move_cursor(editor.document.end)
        await pilot.press(*"new = 1")
        await wait_until(pilot, lambda: "No space left on device" in status_of(scr), timeout=10)
        assert draft.read_text(encoding="utf-8") == before and editor.text.endswith("new = 1")
        await pilot.press("ctrl+s")
        assert "No space left on device" in status_of(scr)  # still shown: not saved
        await pilot.press("ctrl+r")  # the run would check the old file
        await wait_until(pilot, lambda: not scr.running, timeout=10)
        assert fake_runner.jobs == [] and app.session.attempts("6.1") == []
        assert "没有运行" in str(scr.query_one("#verdict").render())
        disk_full[0] = False  # space again: the retry saves
        await wait_until(
            pilot, lambda: draft.read_text(encoding="utf-8").endswith("new = 1"), timeout=10
        )
        await wait_until(pilot, lambda: "No space" not in status_of(scr), timeout=5)


async def test_a_run_checks_what_the_editor_shows(make_app, home, fake_runner):
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        editor.move_cursor(editor.document.end)
        await pilot.press(*"typed_just_now = 1", "ctrl+r")  # no pause: no autosave yet
        await wait_until(pilot, lambda: scr.last_result is not None)
        assert fake_runner.files[0].endswith("typed_just_now = 1")


async def test_non_utf8_draft_opens_read_only_then_recovers(make_app, home):
    draft = home / "work" / "6.1.py"
    draft.parent.mkdir(parents=True)
    draft.write_bytes("# 计数器\nx = 1\n".encode("gbk"))
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        assert type(scr).__name__ == "ExerciseScreen" and editor.read_only
        assert "UTF-8" in status_of(scr)
        await pilot.press("a")
        await pilot.pause()
        assert draft.read_bytes() == "# 计数器\nx = 1\n".encode("gbk")  # untouched
        outside_write(draft, "# 计数器\nx = 2\n")  # re-saved as UTF-8
        await wait_until(pilot, lambda: editor.text == "# 计数器\nx = 2\n", timeout=10)
        assert not editor.read_only


async def test_end_signal_saves_what_was_just_typed(make_app, home):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        editor.move_cursor(editor.document.end)
        await pilot.press("z", "z")
        app.end_signals.on_signal(signal.SIGTERM, None)  # what the handler does on SIGHUP/SIGTERM
        assert (home / "work" / "6.1.py").read_text(encoding="utf-8").endswith("zz")
    assert app.return_code == 128 + signal.SIGTERM


async def test_leaving_with_a_choice_pending_keeps_both(make_app, home, monkeypatch):
    monkeypatch.setattr(draftsync, "AUTOSAVE_IDLE_S", 60.0)
    monkeypatch.setattr(draftsync, "AUTOSAVE_MAX_S", 60.0)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        draft = home / "work" / "6.1.py"
        editor.move_cursor(editor.document.end)
        await pilot.press(*"mine = 1")
        outside_write(draft, "theirs = 2\n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog", timeout=10)
        await pilot.pause()  # laid out: a click lands on its button
        await pilot.press("f2")  # leaves without choosing
        await pilot.pause()
    assert draft.read_text(encoding="utf-8").endswith("mine = 1")
    backups = list((home / "work" / "backup").glob("6.1.outside.*.py"))
    assert [b.read_text(encoding="utf-8") for b in backups] == ["theirs = 2\n"]


async def test_a_draft_that_cannot_be_created_opens_with_the_starter(make_app, home, monkeypatch):
    real_write = drafts.atomic_write
    disk_full = [True]

    def write(path, text):
        if disk_full[0] and Path(path).name == "6.1.py":
            raise drafts.DraftWriteError(path, "No space left on device", 28)
        real_write(path, text)

    monkeypatch.setattr(drafts, "atomic_write", write)
    monkeypatch.setattr(draftsync, "RETRY_S", 0.3)
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        assert editor.text == scr.exercise.starter and not editor.read_only
        await wait_until(pilot, lambda: "No space left on device" in status_of(scr), timeout=10)
        disk_full[0] = False
        draft = home / "work" / "6.1.py"
        await wait_until(
            pilot,
            lambda: draft.exists() and draft.read_text(encoding="utf-8") == editor.text,
            timeout=10,
        )


async def test_an_unreadable_outside_version_is_kept_once_and_editing_saves_again(make_app, home):
    """Another editor saves the draft in another encoding while the app can edit it: that
    version is kept byte for byte in backup/, and the learner's next edits are saved as usual
    (not refused again and again, each refusal another copy)."""
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor = await open_exercise(pilot, app)
        draft = home / "work" / "6.1.py"
        gbk = "# 计数器\nx = 1\n".encode("gbk")
        outside_write(draft, gbk)
        await wait_until(pilot, lambda: "无法读取" in status_of(scr), timeout=10)
        editor.move_cursor(editor.document.end)
        await pilot.press(*"kept = 1")
        await wait_until(
            pilot, lambda: draft.read_bytes().decode("utf-8", "replace").endswith("kept = 1")
        )
        assert not editor.read_only
        backups = list((home / "work" / "backup").glob("6.1.outside.*.py"))
        assert [b.read_bytes() for b in backups] == [gbk]


async def test_a_run_never_overwrites_an_outside_change_the_editor_has_not_seen(
    make_app, home, fake_runner, monkeypatch
):
    """The draft is changed outside and Ctrl+R comes before the app noticed (no watcher here):
    the session refuses the run, the editor takes the change (both kept, the learner chooses),
    and the next Ctrl+R runs the version chosen."""
    monkeypatch.setattr(draftsync, "WATCH_DELAY_S", 3600.0)  # nothing notices it but the run
    monkeypatch.setattr(draftsync, "AUTOSAVE_IDLE_S", 60.0)
    monkeypatch.setattr(draftsync, "AUTOSAVE_MAX_S", 60.0)
    fake_runner.push(passed_result())
    app = make_app(target=("exercise", "6.1"), runner=fake_runner)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        scr, editor = app.screen, app.screen.query_one("#editor")
        draft = home / "work" / "6.1.py"
        editor.move_cursor(editor.document.end)
        await pilot.press(*"mine = 1")
        outside_write(draft, "theirs = 2\n")
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "ChoiceDialog", timeout=10)
        assert fake_runner.jobs == [] and draft.read_text(encoding="utf-8") == "theirs = 2\n"
        assert "没有运行" in str(scr.query_one("#verdict").render())
        backups = list((home / "work" / "backup").glob("6.1.outside.*.py"))
        assert [b.read_text(encoding="utf-8") for b in backups] == ["theirs = 2\n"]
        await pilot.pause()  # laid out: a click lands on its button
        await pilot.click("#choice-mine")
        await wait_until(pilot, lambda: draft.read_text(encoding="utf-8").endswith("mine = 1"))
        await pilot.press("ctrl+r")
        await wait_until(pilot, lambda: scr.last_result is not None)
        assert fake_runner.files[0].endswith("mine = 1")
