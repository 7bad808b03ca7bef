"""Shared pieces of the Pilot tests: waiting for a condition without blocking the event loop,
watching imports, and canned run results with typed failure details."""

from __future__ import annotations

import builtins
import importlib
import sys
import time

from tutor.application.progress import attempt_rule
from tutor.protocol import details as D
from tutor.protocol.result import CheckOutcome, CheckStatus, ErrorInfo, RunResult, Status

SIZE = (120, 36)
# a chart as a worker's recorder reports one (the picture a run result carries)
CHART = {
    "type": "line",
    "title": "平方",
    "xlabel": "",
    "ylabel": "",
    "logy": False,
    "logx": False,
    "series": [{"name": "y", "x": [0.0, 1.0, 2.0, 3.0], "y": [1.0, 4.0, 9.0, 16.0]}],
}
APP_NEVER_IMPORTS = ("jax", "jaxlib", "numpy")


class ImportWatch:
    """Records every import of APP_NEVER_IMPORTS inside the block: import statements (through
    builtins.__import__, whether or not the module is loaded already), importlib.import_module,
    and any of their modules, submodules included, that appears in sys.modules by another way
    (a function bound before the block started, importlib.util): an import that loads nothing
    new and goes around both hooks is the one it cannot see."""

    def __init__(self, names: tuple[str, ...] = APP_NEVER_IMPORTS):
        self.names = names
        self.seen: list[str] = []

    def _note(self, name: str) -> None:
        if name.split(".")[0] in self.names:
            self.seen.append(name)

    def __enter__(self) -> ImportWatch:
        self._import, self._import_module = builtins.__import__, importlib.import_module
        self._before = self._loaded()
        real_import, real_import_module = self._import, self._import_module

        def watched_import(name, globals=None, locals=None, fromlist=(), level=0):
            if level == 0:
                self._note(name)
            return real_import(name, globals, locals, fromlist, level)

        def watched_import_module(name, package=None):
            if not name.startswith("."):
                self._note(name)
            return real_import_module(name, package)

        builtins.__import__, importlib.import_module = watched_import, watched_import_module
        return self

    def _loaded(self) -> set[str]:
        return {m for m in list(sys.modules) if m.split(".")[0] in self.names}

    def __exit__(self, *exc) -> None:
        builtins.__import__, importlib.import_module = self._import, self._import_module
        self.seen += sorted(self._loaded() - self._before)


def record(store, result: RunResult, *, reference: bool = False) -> str:
    """Record a run in a store as the session does (tutor/application/progress.py's rules);
    returns the exercise's status after it."""
    return store.record_attempt(result, attempt_rule(result.status, reference=reference))


async def wait_until(pilot, cond, timeout: float = 10.0, step: float = 0.05):
    start = time.monotonic()
    while not cond():
        if time.monotonic() - start > timeout:
            raise AssertionError("condition not reached in time")
        await pilot.pause(step)


async def settle(pilot, timeout: float = 10.0) -> None:
    """The app at rest after a key whose effect is drawn in steps: no search still running in the
    background, animations done, and the screen's text the same at two looks in a row."""
    from screentext import screen_text

    app = pilot.app
    searching = lambda: any(w.group == "search" and not w.is_finished for w in app.workers)  # noqa: E731
    await wait_until(pilot, lambda: not searching(), timeout)
    await pilot.wait_for_scheduled_animations()
    start, before = time.monotonic(), None
    while True:
        await pilot.pause()
        now = screen_text(app)
        if now == before:
            return
        if time.monotonic() - start > timeout:
            raise AssertionError("the screen did not come to rest in time")
        before = now


async def select_block(pilot, block) -> None:
    """Select a runnable example of the lesson on the screen the way a learner does: j and k until
    it is the selected one."""
    from tutor.app.runblock import RunBlock

    screen = pilot.app.screen
    blocks = list(screen.query(RunBlock).results(RunBlock))
    for _ in range(2 * len(blocks) + 2):
        if screen.selected is block:
            return
        current = screen.selected
        down = current is None or blocks.index(current) < blocks.index(block)
        await pilot.press("j" if down else "k")
        await pilot.pause()
    raise AssertionError("j and k did not reach the example")


async def run_to_verdict(pilot, key: str = "ctrl+r", timeout: float = 10.0):
    """Start a run of the open exercise with `key` and wait for its verdict (a new one: the
    last one is cleared first); returns the result once the screen has drawn it."""
    scr = pilot.app.screen
    scr.last_result = None
    await pilot.press(key)
    await wait_until(pilot, lambda: scr.last_result is not None, timeout=timeout)
    await pilot.pause()
    return scr.last_result


def failed_result() -> RunResult:
    return RunResult(
        exercise="6.1",
        status=Status.FAILED,
        duration_s=0.2,
        checks=[
            CheckOutcome(id="eager", name="直接调用", status=CheckStatus.PASSED, duration_s=0.01),
            CheckOutcome(
                id="values",
                name="数值正确",
                status=CheckStatus.FAILED,
                duration_s=0.02,
                message="计数没有按 1 递增",
                detail=D.AllClose(
                    what="计数",
                    rtol=1e-5,
                    atol=1e-8,
                    expected=[1.0, 2.0, 3.0],
                    actual=[1.0, 2.5, 3.0],
                    max_abs_err=0.5,
                    mismatched=1,
                    total=3,
                    first_mismatches=[[[1], 2.0, 2.5]],
                ),
            ),
        ],
        stdout="learner says hi\n",
    )


def passed_result() -> RunResult:
    return RunResult(
        exercise="6.1",
        status=Status.PASSED,
        duration_s=0.1,
        checks=[
            CheckOutcome(id="eager", name="直接调用", status=CheckStatus.PASSED, duration_s=0.01)
        ],
    )


def error_result() -> RunResult:
    return RunResult(
        exercise="6.1",
        status=Status.ERROR,
        duration_s=0.1,
        error=ErrorInfo(
            type="NameError",
            message="name 'oops' is not defined",
            line=3,
            traceback='  File "6.1.py", line 3\n    oops\n',
        ),
    )
