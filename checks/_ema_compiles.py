"""Exercise 6.6's no_retrace: why ema_train_step compiled once per (lr, decay) pair. Which of the
two jit took as a static argument is measured by probe calls with the caches of the counted calls
kept, and named only when measured."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.worker.checklib import CompileLog, msg


def static_args(
    fresh_state: Callable[[], Any], step: Callable[[Any, float, float], Any], base: tuple
) -> tuple[bool, bool]:
    """(lr static, decay static): a new lr beside the decay `base` already compiled with, then a
    new decay beside its lr. (False, False) when a probe call raises: nothing is named then."""
    found = []
    for lr, d in ((0.033, base[1]), (base[0], 0.85)):
        st = fresh_state()  # built first: its conversions are not counted
        try:
            with CompileLog(clear=False) as probe:
                step(st, lr, d)
        except Exception:  # the probe is ours: a failure only means no cause is named
            return False, False
        found.append(probe.total > 0)
    return found[0], found[1]


def compile_words(n: int, calls: int, distinct: int, probe: Callable[[], tuple[bool, bool]]) -> str:
    """The cause of n compiles over `calls` calls with `distinct` (lr, decay) pairs."""
    if n == distinct and distinct < calls:
        lr_static, decay_static = probe()
        if lr_static and not decay_static:
            return msg("ex_6_6.compile_words.lr_static", calls=calls, distinct=distinct, n=n)
        if decay_static and not lr_static:
            return msg("ex_6_6.compile_words.decay_static", calls=calls, distinct=distinct, n=n)
        if lr_static:
            return msg("ex_6_6.compile_words.text_2", calls=calls, distinct=distinct, n=n)
    return msg("ex_6_6.compile_words.text", calls=calls, n=n)
