"""`jaxtutor list` on a terminal of 80 and 120 columns: every title is there whole (wrapped under
itself when the column is too narrow), none is cut with "…", and no line is wider than the
terminal."""

from __future__ import annotations

import io
import os
import re
import shutil

import pytest
from rich.cells import cell_len


class TTY(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("columns", [80, 120])
def test_list_wraps_titles_instead_of_cutting_them(tmp_path, monkeypatch, columns):
    from tutor.application.progress import Progress
    from tutor.cli.render import Out
    from tutor.cli.views import render_list
    from tutor.course.loader import load_course
    from tutor.storage.store import Store

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((columns, 40))
    )
    course = load_course()
    stream = TTY()
    with Store(tmp_path) as store:
        render_list(Out(stream), course, Progress(course, store))
    text = stream.getvalue()
    squeezed = re.sub(r"\s+", "", re.sub(r"\[[^\]\n]*\]", "", text))  # without the statuses
    for ex in course.exercises.values():
        assert re.sub(r"\s+", "", ex.title) in squeezed, (ex.id, text)
    assert "…" not in text
    assert max(cell_len(line) for line in text.splitlines()) <= columns, text


@pytest.mark.parametrize("columns", [80, 100, 120])
def test_progress_wraps_titles_instead_of_cutting_them(tmp_path, monkeypatch, columns):
    from tutor.application import progress as P
    from tutor.application.session import Session
    from tutor.cli.render import Out
    from tutor.cli.views import STORED_STATUSES, render_progress
    from tutor.course.loader import load_course
    from tutor.storage.store import Store

    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((columns, 40))
    )
    course = load_course()
    stream = TTY()
    with Session(course, Store(tmp_path)) as session:
        render_progress(Out(stream), course, session, session.progress())
    text = stream.getvalue()
    words = "|".join(P.word(s) for s in STORED_STATUSES)
    # without each exercise's status and numbers: they may sit between a title's two lines
    titles = re.sub(rf"(^|\s)({words})\s+尝试 .*$", "", text, flags=re.MULTILINE)
    squeezed = re.sub(r"\s+", "", titles)
    for ex in course.exercises.values():
        assert re.sub(r"\s+", "", ex.title) in squeezed, (ex.id, text)
    assert "…" not in text
    assert max(cell_len(line) for line in text.splitlines()) <= columns, text
