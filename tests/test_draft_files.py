"""Drafts are plain files: written atomically (through a symlink to its target, never over a
read-only file, the old text kept when the disk is full), read as UTF-8 (a byte order mark
dropped, anything else a clear error), backed up under names of their own."""

import errno
import os

import pytest

from tutor.storage.drafts import (
    DraftEncodingError,
    Drafts,
    DraftWriteError,
    atomic_write,
    decode_source,
    unique_path,
)


def test_unique_path_counts_up(tmp_path):
    first = unique_path(tmp_path, "x", ".py")
    first.write_text("1")
    second = unique_path(tmp_path, "x", ".py")
    assert second != first and second.name.startswith(first.stem)


def test_atomic_write_and_drafts(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    path = drafts.ensure(ex)
    assert path == tmp_path / "work" / "6.1.py" and path.read_text() == ex.starter
    assert drafts.reset(ex) is None  # the starter needs no backup
    drafts.write("6.1", "x = 1\n")
    assert path.read_text() == "x = 1\n"
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    backup = drafts.reset(ex)
    assert backup.read_text() == "x = 1\n" and path.read_text() == ex.starter
    drafts.write("6.1", "x = 2\n")
    second = drafts.reset(ex)  # within the same second
    assert second != backup and second.read_text() == "x = 2\n" and backup.read_text() == "x = 1\n"
    atomic_write(tmp_path / "deep" / "f.txt", "ok")
    assert (tmp_path / "deep" / "f.txt").read_text() == "ok"


def test_a_draft_that_is_not_utf8_is_a_clear_error(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    drafts.ensure(ex)
    drafts.path("6.1").write_bytes("x = '计数'\n".encode("gbk"))
    with pytest.raises(DraftEncodingError) as e:
        drafts.read(ex)
    assert "UTF-8" in str(e.value) and e.value.path == drafts.path("6.1")
    drafts.path("6.1").write_bytes("x = 'é'\n".encode("latin-1"))
    with pytest.raises(DraftEncodingError):
        drafts.read(ex)


def test_a_byte_order_mark_is_dropped(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    drafts.ensure(ex)
    drafts.path("6.1").write_bytes(b"\xef\xbb\xbfx = 1\n")
    assert drafts.read(ex) == "x = 1\n"
    assert decode_source("é".encode()) == "é"


def test_a_symlinked_draft_is_written_through(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    mine = tmp_path / "projects" / "counter.py"
    mine.parent.mkdir()
    mine.write_text("old\n")
    os.chmod(mine, 0o640)
    drafts.folder.mkdir(parents=True)
    drafts.path("6.1").symlink_to(mine)
    drafts.write("6.1", "new\n")
    assert drafts.path("6.1").is_symlink()  # still a link
    assert mine.read_text() == "new\n" and (mine.stat().st_mode & 0o777) == 0o640
    assert drafts.read(ex) == "new\n"


def test_a_read_only_draft_is_not_overwritten(tmp_path, course):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    path = drafts.ensure(ex)
    os.chmod(path, 0o444)
    with pytest.raises(DraftWriteError) as e:
        drafts.write("6.1", "new\n")
    assert path.read_text() == ex.starter and str(path) in str(e.value)
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_full_disk_keeps_the_old_draft(tmp_path, course, monkeypatch):
    ex = course.exercise("6.1")
    drafts = Drafts(tmp_path)
    path = drafts.ensure(ex)

    def no_space(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(DraftWriteError) as e:
        drafts.write("6.1", "new\n")
    assert e.value.errno == errno.ENOSPC and os.strerror(errno.ENOSPC) in str(e.value)
    assert path.read_text() == ex.starter
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
