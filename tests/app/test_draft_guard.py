"""The Draft operations the exercise screen's autosave relies on: a save that refuses to overwrite
a change made outside since the last save or read, and backups that keep any version (even one
that is not UTF-8) under a new name."""

from __future__ import annotations

import threading

from tutor.storage.drafts import Draft, Drafts


class _Exercise:
    id = "6.1"
    starter = "def f():\n    pass\n"


def _draft(tmp_path) -> Draft:
    draft = Draft(Drafts(tmp_path), _Exercise())
    draft.read()  # created from the starter, known as saved
    return draft


def test_save_if_unchanged_writes_when_nobody_else_did(tmp_path):
    draft = _draft(tmp_path)
    outcome = draft.save_if_unchanged("x = 1\n")
    assert outcome.ok and not outcome.refused
    assert draft.path.read_text(encoding="utf-8") == "x = 1\n" and not draft.is_dirty("x = 1\n")


def test_save_if_unchanged_refuses_after_an_outside_edit(tmp_path):
    draft = _draft(tmp_path)
    draft.path.write_text("theirs = 2\n", encoding="utf-8")
    outcome = draft.save_if_unchanged("mine = 1\n")
    assert not outcome.ok and outcome.refused and outcome.outside == "theirs = 2\n"
    assert outcome.reason is None  # not a failure to report: a choice to offer
    assert draft.path.read_text(encoding="utf-8") == "theirs = 2\n"
    assert not draft.is_dirty(_Exercise.starter)  # unchanged until the learner chooses


def test_save_if_unchanged_refuses_an_unreadable_outside_version(tmp_path):
    draft = _draft(tmp_path)
    draft.path.write_bytes(b"\xff\xfe not utf-8")
    outcome = draft.save_if_unchanged("mine = 1\n")
    assert outcome.refused and outcome.outside_error is not None
    assert draft.path.read_bytes() == b"\xff\xfe not utf-8"


def test_save_if_unchanged_recreates_a_deleted_file(tmp_path):
    draft = _draft(tmp_path)
    draft.path.unlink()
    assert draft.save_if_unchanged("back = 1\n").ok
    assert draft.path.read_text(encoding="utf-8") == "back = 1\n"


def test_concurrent_guarded_saves_never_lose_a_write(tmp_path):
    """Two threads save at once: each write is either done or refused with the other's text,
    never silently overwritten (the look and the write share the Draft's lock)."""
    draft = _draft(tmp_path)
    outcomes = {}

    def save(name):
        outcomes[name] = draft.save_if_unchanged(f"{name} = 1\n")

    threads = [threading.Thread(target=save, args=(n,)) for n in ("a", "b")]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    on_disk = draft.path.read_text(encoding="utf-8")
    assert all(o.ok for o in outcomes.values())  # same Draft: the second saw the first's text
    assert on_disk in ("a = 1\n", "b = 1\n") and not draft.is_dirty(on_disk)


def test_backup_keeps_text_and_raw_bytes_under_new_names(tmp_path):
    draft = _draft(tmp_path)
    first = draft.backup("mine = 1\n", "mine")
    second = draft.backup("mine = 2\n", "mine")
    assert first != second and first.parent == draft.path.parent / "backup"
    assert first.name.startswith("6.1.mine.") and first.suffix == ".py"
    assert first.read_text(encoding="utf-8") == "mine = 1\n"
    assert second.read_text(encoding="utf-8") == "mine = 2\n"
    draft.path.write_bytes(b"\xff raw")
    raw = draft.backup(None, "outside")
    assert raw.read_bytes() == b"\xff raw"
    assert not list(raw.parent.glob(".*.tmp"))  # no temporary file left behind
