"""Closing the terminal (SIGHUP) or a SIGTERM: every open draft is saved at once, then the app
exits. If that exit has not finished within END_GRACE_S, the process ends anyway: when the
terminal is gone or stops reading, Textual's output thread stops taking from its bounded queue,
and the app's next writes (its own shutdown's included) wait for it forever. By then the drafts
are on disk, the store has committed every write, and the check workers end with the app's
process (they hold its lifeline, see tutor/worker/processes.py)."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable
from typing import Any

SAVE_SIGNALS = (signal.SIGHUP, signal.SIGTERM)
END_GRACE_S = 3.0


class EndSignals:
    """The app's handlers for SIGHUP and SIGTERM. `save` writes every open draft now;
    `request_exit(code)` asks the app to exit; `finished` is set once the app's run returned."""

    def __init__(self, save: Callable[[], None], request_exit: Callable[[int], None]):
        self._save, self._request_exit = save, request_exit
        self._old: dict[int, Any] = {}  # whatever signal.signal returned: restored as it was
        self.finished = threading.Event()

    def install(self) -> None:
        """In a real terminal only (from the main thread): Pilot tests call on_signal themselves,
        and a test process must not be ended by a deadline."""
        for sig in SAVE_SIGNALS:
            try:
                self._old[sig] = signal.signal(sig, self.on_signal)
            except (ValueError, OSError):
                pass

    def restore(self) -> None:
        for sig, old in self._old.items():
            try:
                signal.signal(sig, old)
            except (ValueError, OSError, TypeError):
                pass
        self._old.clear()

    def on_signal(self, signum, _frame) -> None:
        armed = bool(self._old)
        self._save()
        self.restore()
        code = 128 + signum
        if armed:
            threading.Thread(
                target=self._deadline, args=(code,), name="end-deadline", daemon=True
            ).start()
        self._request_exit(code)

    def _deadline(self, code: int) -> None:
        if not self.finished.wait(END_GRACE_S):
            os._exit(code)
