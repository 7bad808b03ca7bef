"""The app in a pseudo-terminal that stops taking its output (a terminal that froze or went
away): a SIGHUP still saves the draft and ends the app and its workers, even though Textual's
own shutdown would wait for the terminal forever."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import psutil
import pytest

from tutor.app.endsignals import END_GRACE_S

JAXTUTOR = Path(sys.executable).parent / "jaxtutor"
TYPED = "typed_while_the_terminal_worked = 1"


def _size(fd: int, rows: int, cols: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def _takes_output(slave: int) -> bool:
    """The terminal has room for more of the app's output: once nobody reads it, a write to it
    waits (the kernel's buffer between the two sides of the pty is full)."""
    return bool(select.select([], [slave], [], 0)[1])


@pytest.mark.skipif(not JAXTUTOR.exists(), reason="jaxtutor is not installed (pip install -e .)")
def test_a_sighup_ends_the_app_when_its_terminal_stopped_reading(tmp_path):
    home = tmp_path / "home"
    (home / "work").mkdir(parents=True)
    draft = home / "work" / "6.1.py"
    draft.write_text("", encoding="utf-8")
    env = dict(os.environ, JAXTUTOR_HOME=str(home), TERM="xterm-256color", LANG="C.UTF-8")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    master, slave = pty.openpty()
    _size(slave, 36, 120)
    proc = subprocess.Popen(
        [str(JAXTUTOR), "exercise", "6.1"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        close_fds=True,
    )
    shown, reading = bytearray(), threading.Event()
    reading.set()

    def drain():
        while reading.is_set():
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            shown.extend(chunk)

    threading.Thread(target=drain, daemon=True).start()

    def wait_shown(text: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while text.encode() not in shown:
            assert proc.poll() is None, f"the app ended early ({proc.returncode})"
            assert time.monotonic() < deadline, f"{text!r} was not shown"
            time.sleep(0.05)

    try:
        wait_shown("运行检查", 60)  # the footer: the workspace is up
        os.write(master, TYPED.encode())
        wait_shown(TYPED.split()[0], 20)  # one token: highlighting splits the line
        family = [p.pid for p in psutil.Process(proc.pid).children(recursive=True)]
        reading.clear()  # the terminal stops reading …
        deadline, i = time.monotonic() + 60, 0
        while _takes_output(slave):  # … while the app keeps drawing (resizes), until it is full
            assert time.monotonic() < deadline, "the terminal never filled up"
            _size(slave, 30 + i % 6, 100 + i % 20)
            proc.send_signal(signal.SIGWINCH)
            i += 1
            time.sleep(0.05)
        proc.send_signal(signal.SIGHUP)
        proc.wait(timeout=END_GRACE_S + 30)
        assert proc.returncode == 128 + signal.SIGHUP
        assert TYPED in draft.read_text(encoding="utf-8")
        deadline = time.monotonic() + 20  # the workers end with the app (lifeline)
        while [
            p
            for p in family
            if psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE
        ]:
            assert time.monotonic() < deadline, f"left running: {family}"
            time.sleep(0.1)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        reading.clear()
        os.close(master)
        os.close(slave)
