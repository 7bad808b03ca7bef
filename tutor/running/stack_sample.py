"""The stack of a worker whose time ran out: where the learner's code was, asked for with a
signal that the worker's faulthandler answers on its main thread (tutor/worker/main.py)."""

from __future__ import annotations

import asyncio

from tutor.worker import processes
from tutor.worker.main import STACK_SIGNAL
from tutor.worker.tracebacks import sample_is_whole

POLL_S = 0.01  # how often the sample's file is looked at
STACK_ASKS = 4  # a sample not whole by then is asked for again, up to this many times


async def sample_stack(handle, path: str, wait_s: float) -> str:
    """The stack of a worker (`handle`, from processes.process), sampled now: STACK_SIGNAL makes
    its main thread add its own stack to the file at `path` and go on (tutor/worker/main.py). A
    sample that stops short of the worker's own frames (half written yet, or cut at a frame being
    pushed) is waited for, then asked for again, for at most `wait_s` in all (the learner's code
    may have blocked or replaced the signal: then whatever the file holds, often nothing).
    Returns every sample written."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_s
    dump = ""
    while processes.alive(handle):
        try:
            handle.send_signal(STACK_SIGNAL)
        except Exception:  # noqa: BLE001 - gone meanwhile: there is no stack to ask for
            break
        ask_again = min(deadline, loop.time() + wait_s / STACK_ASKS)
        while not sample_is_whole(dump := _read_text(path)) and loop.time() < ask_again:
            await asyncio.sleep(POLL_S)
        if sample_is_whole(dump) or loop.time() >= deadline:
            return dump
    return dump or _read_text(path)


def _read_text(path: str) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read()
    except OSError:
        return ""
