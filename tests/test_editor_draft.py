"""The draft as a front end's editor keeps it (tutor/application/editor_draft.py): what it opens,
its guarded and its immediate saves, what changed outside, the versions it keeps so that both
stay, and what to watch. The app's DraftSync and `jaxtutor watch` go through these use cases
only (the Pilot tests of the same rules are in tests/app/test_drafts.py)."""

from __future__ import annotations

import os
import threading
import time

import pytest

from tutor.application import editor_draft
from tutor.application.editor_draft import EditorDraft, WatchTargets
from tutor.storage.drafts import EDITABLE_MAX_BYTES, Draft, Drafts, DraftWriteError

NOT_UTF8 = "计数 = 1\n".encode("gbk")


class _Exercise:
    id = "6.1"
    starter = "def f():\n    pass\n"


@pytest.fixture
def draft(tmp_path) -> EditorDraft:
    return EditorDraft(Draft(Drafts(tmp_path), _Exercise()))


def opened(draft: EditorDraft) -> EditorDraft:
    assert draft.opening().read_error is None  # created from the starter, known as saved
    return draft


def backups(draft: EditorDraft, tag: str) -> list[bytes]:
    folder = draft.path.parent / "backup"
    return sorted(p.read_bytes() for p in folder.glob(f"{draft.id}.{tag}.*.py"))


def test_opening_gives_the_text_or_why_it_cannot_be_edited(draft, monkeypatch):
    first = draft.opening()
    assert first.text == _Exercise.starter and first.read_error is None
    assert draft.path.read_text() == _Exercise.starter and not draft.is_dirty(first.text)
    draft.path.write_bytes(NOT_UTF8 + b"# more\n")
    unreadable = draft.opening()
    assert "UTF-8" in str(unreadable.read_error)  # read-only, its beginning shown
    assert unreadable.text == (NOT_UTF8 + b"# more\n").decode("utf-8", "replace")
    with open(draft.path, "wb") as fh:
        fh.truncate(EDITABLE_MAX_BYTES + 1)  # too large to edit: its beginning only
    large = draft.opening()
    assert large.read_error is not None and len(large.text) < EDITABLE_MAX_BYTES
    draft.path.write_bytes(NOT_UTF8)

    def cannot_read(path, limit=0):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(editor_draft, "read_head", cannot_read)  # there, but not readable
    nothing = draft.opening()
    assert nothing.text == "" and nothing.read_error is not None


def test_a_draft_that_cannot_be_created_opens_with_the_starter_to_be_saved(tmp_path):
    (tmp_path / "work").write_text("a file where the drafts' folder should be")
    draft = EditorDraft(Draft(Drafts(tmp_path), _Exercise()))
    opening = draft.opening()
    assert opening.text == _Exercise.starter and opening.read_error is None  # editable
    assert draft.needs_save(opening.text)  # not on disk: the editor's text is to be saved
    outcome = draft.save(opening.text)
    assert not outcome.ok and outcome.reason and not outcome.refused


def test_save_refuses_an_outside_change_it_has_not_seen(draft):
    opened(draft)
    assert draft.save("mine = 1\n").ok and not draft.needs_save("mine = 1\n")
    draft.path.write_text("theirs = 2\n")
    outcome = draft.save("mine = 3\n")
    assert outcome.refused and outcome.outside == "theirs = 2\n" and outcome.reason is None
    assert draft.path.read_text() == "theirs = 2\n"
    assert draft.outside_edit() == editor_draft.OutsideEdit(text="theirs = 2\n")
    draft.adopt("theirs = 2\n")  # the editor loaded it: seen
    assert draft.outside_edit() is None and draft.save("theirs = 2\n# mine\n").ok


def test_save_takes_an_outside_version_equal_to_the_editors_as_saved(draft):
    opened(draft)
    draft.path.write_text("same = 1\n")
    assert draft.save("same = 1\n").ok and not draft.is_dirty("same = 1\n")


def test_save_looks_at_a_file_that_appeared_before_the_first_read(tmp_path):
    """The draft could not be created when the editor opened; then another editor made it: the
    first save must not overwrite that file unseen."""
    draft = EditorDraft(Draft(Drafts(tmp_path), _Exercise()))
    draft.path.parent.mkdir()
    draft.path.write_text("made elsewhere\n")
    outcome = draft.save("the starter, edited\n")
    assert outcome.refused and outcome.outside == "made elsewhere\n"


def test_outside_edit_says_what_changed(draft):
    opened(draft)
    assert draft.outside_edit() is None
    draft.path.write_text("x = 2\n")
    assert draft.outside_edit().text == "x = 2\n"
    draft.path.write_bytes(NOT_UTF8)
    edit = draft.outside_edit()
    assert edit.text is None and "UTF-8" in str(edit.error)
    draft.path.unlink()
    assert draft.outside_edit() == editor_draft.OutsideEdit(missing=True)


def test_an_unreadable_outside_version_is_kept_once_then_the_editors_text_may_replace_it(draft):
    opened(draft)
    draft.path.write_bytes(NOT_UTF8)
    assert draft.save("mine = 1\n").outside_error is not None  # not kept yet: refused
    first = draft.keep_unreadable()
    assert draft.keep_unreadable() == first  # the same version is kept once
    assert backups(draft, "outside") == [NOT_UTF8] and draft.outside_edit() is None
    assert draft.save("mine = 1\n").ok and draft.path.read_text() == "mine = 1\n"
    os.replace(draft.path, draft.path.with_suffix(".old"))  # a new version, written outside
    draft.path.write_bytes(NOT_UTF8 + b"2")
    assert draft.save("mine = 2\n").outside_error is not None  # a new one is refused again
    assert draft.keep_unreadable() != first
    assert backups(draft, "outside") == [NOT_UTF8, NOT_UTF8 + b"2"]


def test_save_now_writes_and_keeps_the_outside_version_first(draft):
    opened(draft)
    draft.path.write_text("theirs = 1\n")
    assert draft.save_now("mine = 1\n").ok and draft.path.read_text() == "mine = 1\n"
    assert backups(draft, "outside") == [b"theirs = 1\n"]
    draft.path.write_bytes(NOT_UTF8)
    assert draft.save_now("mine = 2\n").ok and draft.path.read_text() == "mine = 2\n"
    assert backups(draft, "outside") == sorted([b"theirs = 1\n", NOT_UTF8])
    draft.path.write_text("theirs = 3\n")  # kept already by the caller (a choice pending)
    assert draft.save_now("mine = 3\n", outside_kept=True).ok
    assert len(backups(draft, "outside")) == 2


def test_save_now_leaves_the_outside_version_when_the_editor_has_nothing_new(draft):
    opened(draft)
    draft.path.write_text("theirs = 1\n")
    assert draft.save_now(_Exercise.starter).ok  # the editor holds what it last saved
    assert draft.path.read_text() == "theirs = 1\n" and backups(draft, "outside") == []


def test_save_now_reports_a_write_that_fails(draft, monkeypatch):
    opened(draft)
    from tutor.storage import drafts

    def full(path, text):
        raise DraftWriteError(path, "No space left on device", 28)

    monkeypatch.setattr(drafts, "atomic_write", full)
    outcome = draft.save_now("mine = 1\n")
    assert not outcome.ok and "No space" in outcome.reason and draft.is_dirty("mine = 1\n")


def test_keep_writes_a_new_copy_each_time(draft):
    opened(draft)
    first, second = draft.keep("a = 1\n", "cleared"), draft.keep("a = 1\n", "cleared")
    assert first != second and backups(draft, "cleared") == [b"a = 1\n", b"a = 1\n"]


def test_recover_writes_a_new_file_in_the_cache_else_in_the_temporary_folder(
    draft, tmp_path, monkeypatch
):
    import tempfile

    from tutor.sourcefile import DraftError

    monkeypatch.setenv("JAXTUTOR_CACHE", str(tmp_path / "cache"))
    opened(draft)
    first, second = draft.recover("mine = 1\n"), draft.recover("mine = 2\n")
    assert first.parent == tmp_path / "cache" / "recovered" and first != second
    assert first.name.startswith(f"{draft.path.parent.name}-6.1.") and first.suffix == ".py"
    assert first.read_text(encoding="utf-8") == "mine = 1\n"
    blocked = tmp_path / "a-file"  # a file where the cache folder would be: it cannot be made
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv("JAXTUTOR_CACHE", str(blocked))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    fallback = draft.recover("mine = 3\n")
    assert fallback.parent.parent == tmp_path / "tmp"
    assert fallback.read_text(encoding="utf-8") == "mine = 3\n"
    monkeypatch.setattr(tempfile, "tempdir", str(blocked))
    with pytest.raises(DraftError) as failed:
        draft.recover("mine = 4\n")
    assert str(blocked) in str(failed.value)
    assert draft.path.read_text(encoding="utf-8") == _Exercise.starter  # the draft untouched


def test_the_watch_targets_are_the_file_and_a_symlinks_target(tmp_path):
    real = tmp_path / "elsewhere" / "mine.py"
    real.parent.mkdir()
    real.write_text("x = 1\n")
    draft = EditorDraft(Draft(Drafts(tmp_path / "home"), _Exercise()))
    targets = draft.watch_targets()  # the folder is made: it can be watched before the draft
    assert draft.path.parent.is_dir() and targets.folders == (draft.path.parent,)
    assert targets.concerns(str(draft.path)) and not targets.concerns(str(real))
    draft.path.symlink_to(real)
    linked = draft.watch_targets()
    assert set(linked.folders) == {draft.path.parent, real.parent}
    assert linked.concerns(str(draft.path)) and linked.concerns(str(real))
    assert not linked.concerns(str(real.with_name("other.py")))
    via = tmp_path / "via"
    via.symlink_to(real.parent)  # the same file under another name of its folder
    assert linked.concerns(str(via / "mine.py"))


def test_changes_reports_the_saves_of_the_file(tmp_path):
    path = tmp_path / "answer.py"
    path.write_text("v = 1\n")
    stop, bursts = threading.Event(), []

    def watch():
        for _ in WatchTargets.of(path).changes(stop, step_ms=20, debounce_ms=40):
            bursts.append(path.read_text())

    th = threading.Thread(target=watch, daemon=True)
    th.start()
    deadline = time.monotonic() + 30
    n = 0
    try:
        while not bursts and time.monotonic() < deadline:  # saved until the watcher sees it
            path.write_text(f"v = {n}\n")
            n += 1
            th.join(0.1)
    finally:
        stop.set()
        th.join(10)
    assert bursts and bursts[0].startswith("v = ") and not th.is_alive()
