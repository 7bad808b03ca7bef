"""The app in a real terminal: one tmux server per test, driven by `send-keys` and read by
`capture-pane`.

tmux takes the app's output in pieces, so a capture can show a frame half drawn: the new
screen's first rows above the old screen's last ones (the key bar). A wait therefore returns only
when the text is there and two captures in a row agree; and a test waits for text that only the
screen it expects shows, never for a word the previous screen's key bar shows too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

JAXTUTOR = Path(sys.executable).parent / "jaxtutor"
# what a test in a real terminal needs (its module's pytestmark): tmux, and the app installed
REAL_TERMINAL = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.skipif(
        not JAXTUTOR.exists(), reason=f"{JAXTUTOR} is not installed (pip install -e .)"
    ),
]
SETTLE_S = 0.2
# A test that is killed never reaches its teardown, which kills the server: the app then ends by
# itself after this long (SIGTERM; tests take far less), and the server with its last session.
APP_LIFETIME_S = 600


def learner_env(home: Path | str, content: Path | str, *extra: str) -> list[str]:
    """The app's environment in the terminal: the learner's home, the course it reads, a UTF-8
    terminal that takes colour, the suite's language (a first start would take the locale's),
    and any `extra` NAME=value."""
    return [
        f"JAXTUTOR_HOME={home}",
        f"JAXTUTOR_CONTENT={content}",
        "TERM=xterm-256color",
        "LANG=C.UTF-8",
        "LC_ALL=C.UTF-8",
        f"JAXTUTOR_LANG={os.environ.get('JAXTUTOR_LANG', 'zh')}",
        *extra,
    ]


class TmuxTerm:
    def __init__(self, size: tuple[int, int], env: list[str], args: str, *, linger: bool = True):
        """Start `jaxtutor ARGS` in a detached session of `size` (columns, rows). With `linger`
        the pane prints EXITED-<code> after the app and stays 30 s, so a test can read it."""
        self.sock = f"jaxtutor-test-{uuid.uuid4().hex[:8]}"
        # no COLUMNS/LINES from the test process: the app must take the terminal's own size
        cmd = (
            "env -u COLUMNS -u LINES "
            + " ".join(env)
            + f" timeout --foreground -k 5 {APP_LIFETIME_S} {JAXTUTOR} {args}"
        )
        if linger:
            cmd += "; echo EXITED-$?; sleep 30"
        self.tmux("new-session", "-d", "-s", "main", "-x", str(size[0]), "-y", str(size[1]), cmd)

    def tmux(self, *args: str, check: bool = True) -> str:
        out = subprocess.run(
            ["tmux", "-L", self.sock, *args], capture_output=True, text=True, timeout=20
        )
        if check and out.returncode != 0:
            raise AssertionError(f"tmux {args[0]} failed: {out.stderr}")
        return out.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "main", check=False)

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "main", *keys)

    def type(self, text: str) -> None:
        """Literal text, as typed (no key names)."""
        self.tmux("send-keys", "-t", "main", "-l", text)

    def wait_until(self, shown, timeout: float, what: str) -> str:
        """The settled screen once `shown(screen)` holds on two captures in a row that agree."""
        deadline = time.monotonic() + timeout
        screen, before = "", None
        while time.monotonic() < deadline:
            screen = self.screen()
            if shown(screen) and screen == before:
                return screen
            before = screen if shown(screen) else None
            time.sleep(SETTLE_S)
        raise AssertionError(f"{what} did not appear on the screen within {timeout:g} s:\n{screen}")

    def wait_for(self, needle: str, timeout: float) -> str:
        return self.wait_until(lambda screen: needle in screen, timeout, repr(needle))

    def settled(self, timeout: float = 10) -> str:
        """The screen once two captures in a row agree (after a key that may change nothing)."""
        return self.wait_until(lambda screen: True, timeout, "a still screen")

    def moved(self, before: str, timeout: float = 10) -> str:
        """The settled screen once it differs from `before` (after a key that scrolls): on a busy
        machine two captures can agree before the app has drawn the key's result. A screen that
        stays as it was for `timeout` seconds is returned as it is (the end of a page)."""
        try:
            return self.wait_until(lambda screen: screen != before, timeout, "a moved screen")
        except AssertionError:
            return self.settled()

    def close(self) -> None:
        self.tmux("kill-server", check=False)

    def __enter__(self) -> TmuxTerm:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
