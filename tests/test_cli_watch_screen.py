"""`jaxtutor watch` on a terminal: each check starts on a cleared screen (old verdicts do not
pile up), the explanation after a pass is wrapped at the terminal's width (no bullet cut at the
edge), and the next item on the course map is offered with its command."""

from __future__ import annotations

import os
import re
import shutil
import sys
import threading

from clihelp import TTY, fake_runner
from rich.cells import cell_len

CLEAR = "\x1b[2J"


def test_watch_redraws_wraps_and_offers_next(tmp_path, monkeypatch):
    from tutor.cli import build_args, watch
    from tutor.course.loader import load_course
    from tutor.protocol.result import CheckOutcome, CheckStatus, RunResult, Status

    course = load_course()
    ids = course.exercise("6.1").check_ids

    def make(job):
        return RunResult(
            exercise=job.exercise,
            status=Status.PASSED,
            duration_s=0.1,
            checks=[CheckOutcome(id=c, name=c, status=CheckStatus.PASSED) for c in ids],
        )

    fake_runner(monkeypatch, make)
    monkeypatch.setenv("JAXTUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setattr(
        shutil, "get_terminal_size", lambda fallback=None: os.terminal_size((60, 30))
    )
    screen = TTY()
    monkeypatch.setattr(sys, "stdout", screen)
    answer = tmp_path / "answer.py"
    answer.write_text("v = 1\n")
    args = build_args(["watch", "6.1", str(answer), "--debounce", "0.2", "--runs", "1"])
    assert watch.cmd_watch(args, threading.Event()) == 0
    text = screen.getvalue()
    assert "\x1b[H" + CLEAR in text, repr(text[:80])
    shown = text.split(CLEAR)[-1]
    lines = [re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", line) for line in shown.splitlines()]
    explanation = lines[next(n for n, line in enumerate(lines) if "讲解" in line) :]
    explanation = [line for line in explanation if str(tmp_path) not in line]  # not the path
    assert max(cell_len(line) for line in explanation) <= 60, "\n".join(lines)
    squeezed = re.sub(r"\s+", "", "".join(lines))
    for bullet in re.findall(r"^- (.+)$", course.exercise("6.1").explanation, re.M):
        words = re.sub(r"[`*]", "", bullet)
        assert re.sub(r"\s+", "", words) in squeezed, (bullet, "\n".join(lines))
    offer = [line for line in lines if "下一步" in line]
    assert offer and "jaxtutor " in offer[0], "\n".join(lines)
