"""Where Esc goes back to: the place shown (a lesson, an exercise, a quiz) and the places the
learner came from, last on top. A place opened from the course map starts afresh."""

from __future__ import annotations

BACK_STACK_SIZE = 50

Place = tuple[str, str]  # (kind, id): ("lesson", "6.1"), ("exercise", "6.1-fix1"), ("quiz", "6")


class BackStack:
    def __init__(self) -> None:
        self.place: Place | None = None  # the place shown; None on the course map
        self.earlier: list[Place] = []

    def opened(self, place: Place, *, remember: bool = True) -> None:
        """`place` replaces the one shown, which goes on the stack (unless `remember` is False:
        going back itself)."""
        if self.place is None:
            self.earlier.clear()
        elif remember and (not self.earlier or self.earlier[-1] != self.place):
            self.earlier.append(self.place)
            del self.earlier[:-BACK_STACK_SIZE]
        self.place = place

    def on_map(self) -> None:
        self.place = None
        self.earlier.clear()

    def pop(self) -> Place | None:
        return self.earlier.pop() if self.earlier else None
