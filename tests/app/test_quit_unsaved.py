"""Quitting never loses text (tutor/app/quitting.py): while a draft cannot be saved (made
read-only here), Ctrl+Q asks — keep editing, copy the text to a recovery file in the cache folder
and quit, or quit and lose it — and SIGHUP/SIGTERM write the recovery file without asking. The
same for a chapter's playground. Where each recovery file is gets printed after the app."""

from __future__ import annotations

import io
import signal
import stat
import tempfile

import pytest
from apphelp import SIZE, wait_until
from screentext import notices

from tutor.app.quitting import QUIT_DIALOG_ID, print_recovered

TYPED = "typed_after_the_disk_filled = 1"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("JAXTUTOR_CACHE", str(folder))
    return folder


def read_only(path) -> None:
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)


def recovery_files(cache) -> list:
    return sorted((cache / "recovered").glob("*.py")) if (cache / "recovered").exists() else []


async def typed_but_not_saved(pilot, app, home):
    """The exercise open, its draft made read-only, TYPED at the end of the editor: the autosave
    failed and says so."""
    await wait_until(pilot, lambda: bool(app.screen.query("#history")))
    scr = app.screen
    draft = home / "work" / "6.1.py"
    await wait_until(pilot, draft.exists)
    read_only(draft)
    editor = scr.query_one("#editor")
    editor.move_cursor(editor.document.end)
    await pilot.press(*TYPED)
    await wait_until(pilot, lambda: scr.sync.error is not None)
    return scr, editor, draft


async def asked(pilot, app):
    await pilot.press("ctrl+q")
    await wait_until(pilot, lambda: app.screen.id == QUIT_DIALOG_ID)
    await pilot.pause()  # laid out: a click lands on its button
    question = str(app.screen.query_one("#confirm-question").render())
    assert "6.1.py" in question, question  # which draft, and why
    return question


async def test_keep_editing_stays_and_a_later_quit_saves(make_app, home, cache):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor, draft = await typed_but_not_saved(pilot, app, home)
        await asked(pilot, app)
        await pilot.click("#choice-keep")
        await wait_until(pilot, lambda: app.screen is scr)
        assert app.return_code is None and editor.text.endswith(TYPED)
        await pilot.press("ctrl+q")  # asked again while the draft still cannot be saved
        await wait_until(pilot, lambda: app.screen.id == QUIT_DIALOG_ID)
        await pilot.press("escape")  # Esc keeps editing too
        await wait_until(pilot, lambda: app.screen is scr)
        draft.chmod(0o644)  # the learner fixed it: Ctrl+Q saves and quits without asking
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: app.return_code is not None)
        assert app.screen is scr  # no question
    assert draft.read_text(encoding="utf-8").endswith(TYPED)
    assert recovery_files(cache) == [] and app.recovered == []


async def test_recover_copies_the_text_to_the_cache_and_quits(make_app, home, cache):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        _scr, editor, draft = await typed_but_not_saved(pilot, app, home)
        text = editor.text
        await asked(pilot, app)
        await pilot.click("#choice-recover")
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0
    [kept] = recovery_files(cache)
    assert kept.name.startswith("work-6.1.") and kept.read_text(encoding="utf-8") == text
    assert not draft.read_text(encoding="utf-8").endswith(TYPED)  # still read-only, untouched
    [item] = app.recovered
    assert item.path == kept and item.draft == draft
    out = io.StringIO()
    print_recovered(app.recovered, out)  # what the learner reads once the terminal is back
    assert str(kept) in out.getvalue() and str(draft) in out.getvalue()


async def test_lose_quits_without_a_copy(make_app, home, cache):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        _scr, _editor, draft = await typed_but_not_saved(pilot, app, home)
        await asked(pilot, app)
        await pilot.click("#choice-lose")
        await wait_until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 0
    assert recovery_files(cache) == [] and app.recovered == []
    assert not draft.read_text(encoding="utf-8").endswith(TYPED)


async def test_a_recovery_that_fails_too_says_so_and_stays(make_app, home, tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the folders would go\n", encoding="utf-8")
    monkeypatch.setenv("JAXTUTOR_CACHE", str(blocked))
    monkeypatch.setattr(tempfile, "tempdir", str(blocked))
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        scr, editor, _draft = await typed_but_not_saved(pilot, app, home)
        await asked(pilot, app)
        await pilot.click("#choice-recover")
        await wait_until(pilot, lambda: app.screen is scr)
        await wait_until(pilot, lambda: any(str(blocked) in n.message for n in notices(app)))
        assert app.return_code is None and editor.text.endswith(TYPED)


async def test_an_end_signal_writes_the_recovery_file(make_app, home, cache):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        _scr, editor, _draft = await typed_but_not_saved(pilot, app, home)
        text = editor.text
        app.end_signals.on_signal(signal.SIGHUP, None)  # what the handler does on SIGHUP/SIGTERM
        [kept] = recovery_files(cache)
        assert kept.read_text(encoding="utf-8") == text
    assert app.return_code == 128 + signal.SIGHUP
    assert [item.path for item in app.recovered] == [kept]


async def test_the_playground_asks_and_recovers_too(make_app, home, cache):
    app = make_app(target=("exercise", "6.1"))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query("#history")))
        await pilot.press("ctrl+l")  # the chapter's playground, over the exercise
        await wait_until(pilot, lambda: bool(app.screen.query("#pg-editor")))
        scr = app.screen
        editor = scr.query_one("#pg-editor")
        await wait_until(pilot, scr.draft.path.exists)
        read_only(scr.draft.path)
        editor.move_cursor(editor.document.end)
        await pilot.press(*TYPED)
        await wait_until(pilot, lambda: scr.sync.error is not None)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: app.screen.id == QUIT_DIALOG_ID)
        await pilot.pause()
        await pilot.click("#choice-recover")
        await wait_until(pilot, lambda: app.return_code is not None)
    [kept] = recovery_files(cache)  # the exercise's draft under it was saved: no copy of it
    assert kept.name.startswith("playground-6.")
    assert kept.read_text(encoding="utf-8").endswith(TYPED)
