"""When the app's cyclic garbage collector may run, so that it never stalls the screen while the
learner waits for something (the first frame, a run's verdict).

- Until the first frame the collector is off: start-up allocates a lot and frees almost nothing.
- After the first frame everything alive (modules, the course, the first screen) is frozen into
  the permanent generation, so later collections do not walk it, and the collector is back on.
- A full collection walks every young object the pages and runs left behind (tens of
  milliseconds). The app does it itself at quiet moments: back on the course map, and once the
  learner has given no input for a few seconds and nothing is running. It then freezes the
  survivors again, so the automatic collections in between stay short. Unfreezing first means no
  garbage stays frozen for good.
- A learner who never pauses (typing and running without a few quiet seconds) still gets a
  collection once the old generation has had as many young collections as Python's own default
  would allow (DUE_AFTER), at a moment with no run: each run leaves some hundreds of cyclic
  objects, and in a real terminal, Ctrl+R every second grew the app by 0.1 MB per run, 92 MB
  after 300 runs, with no quiet moment to collect them.
- Automatic full collections are made ten times rarer than Python's default, since the quiet
  moments do that work.
- When the app ends (or runs in-process under tests) the collector is restored as it was."""

from __future__ import annotations

import gc
import time

IDLE_SECONDS = 3.0  # no key or click for this long, and no run: a collection goes unnoticed
OLD_GENERATION_RARER = 10
DUE_AFTER = 10  # young collections since the last full one: Python's default old threshold


class GarbagePolicy:
    def __init__(self, was_enabled: bool):
        self.was_enabled = was_enabled
        self.frozen = False
        self.thresholds = gc.get_threshold()
        self.last_input = time.monotonic()
        self._collected_at_input: float | None = None  # the input time of the last idle collection

    def hold(self) -> None:
        """Before the first frame."""
        gc.disable()

    def settle(self) -> None:
        """After the first frame: freeze what start-up made, turn the collector back on."""
        if self.frozen:
            return
        self.frozen = True
        gc.freeze()
        young, middle, old = self.thresholds
        gc.set_threshold(young, middle, old * OLD_GENERATION_RARER)
        if self.was_enabled:
            gc.enable()

    def collect(self) -> None:
        """A full collection of what is not frozen-for-good, then freeze the survivors."""
        if not self.frozen or not gc.isenabled():
            return
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def noticed_input(self) -> None:
        self.last_input = time.monotonic()

    def collect_if_idle(self, busy: bool) -> bool:
        """Called every second or so, never during a run: collect once per quiet spell, if
        objects reached the old generation since the last collection (a young collection promoted
        some); without a quiet spell, once DUE_AFTER young collections have promoted objects."""
        if busy:
            return False
        pending = gc.get_count()[2]
        if time.monotonic() - self.last_input < IDLE_SECONDS:
            if pending < DUE_AFTER:
                return False
        elif self._collected_at_input == self.last_input or pending == 0:
            return False
        self._collected_at_input = self.last_input
        self.collect()
        return True

    def release(self) -> None:
        """On exit: give the objects back to the collector and restore its state."""
        if self.frozen:
            gc.unfreeze()
            gc.set_threshold(*self.thresholds)
            self.frozen = False
        if self.was_enabled:
            gc.enable()
