"""Cache epochs: how a compile count starts from nothing without emptying JAX's caches.

A count starts from nothing (`CompileLog(clear=True)`) by moving every later compilation into a
new cache epoch: a `jax.make_user_context` value that is part of every key of JAX's tracing,
lowering and compilation caches, so that from then on nothing compiled before is found, exactly
as after `jax.clear_caches()`, and every compilation raises its event again. Unlike a clear, the
programs of the epoch before stay in memory: a batch worker of the course proof
(tutor/worker/batch.py) puts each job back in the first epoch (`first_epoch`), where the programs
earlier jobs compiled before their counts (JAX's own, jax.random's, the checks' helpers') are
found again instead of being traced and lowered anew for every job."""

from __future__ import annotations

from typing import Any

_epoch: Any = None  # the user context whose value is the cache epoch (made at the warm-up)
_epochs = 0  # epochs begun so far in this process


def make_epochs() -> None:
    """Make the cache epoch's context (once per process, before any job: JAX asks that a user
    context be made while nothing else runs)."""
    global _epoch
    if _epoch is None:
        import jax

        _epoch = jax.make_user_context(0)


def new_epoch() -> None:
    """Every compilation from now on starts from nothing, as after `jax.clear_caches()`."""
    global _epochs
    make_epochs()
    _epochs += 1
    _epoch.set_global(_epochs)


def first_epoch() -> None:
    """Back to the first epoch and the programs compiled there (a batch worker, between jobs)."""
    if _epoch is not None:
        _epoch.set_global(0)
