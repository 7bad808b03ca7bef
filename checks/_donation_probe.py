"""Why an argument a learner's loop should have donated is still alive, found by trying: does the
donating step delete a fresh argument of its own, and does the loop hand the step the caller's
array itself (the very leaves) or another one? A message names a cause only from these answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _leaves(tree: Any) -> list[Any]:
    import jax

    return jax.tree.leaves(tree)


def step_donates(step: Any, *args: Any) -> bool | None:
    """Whether step(*args) deletes every leaf of its first argument (args are fresh arrays of the
    check's own); None when step is not callable or raises on them."""
    if not callable(step):
        return None
    try:
        step(*args)
    except Exception:  # the probe is ours: a failure only means it is not shown
        return None
    return all(getattr(x, "is_deleted", lambda: False)() for x in _leaves(args[0]))


def _first_call(loop: Callable, name: str, run: Callable[[], Any], look: Callable) -> Any:
    """look(args) at the first call of the module-level function `name` made by `loop` (during
    run()). The module's function is replaced by a recorder for that one run and put back. None
    when loop does not look `name` up among its module's globals or never calls it."""
    module = getattr(loop, "__globals__", None)
    if not isinstance(module, dict) or not callable(module.get(name)):
        return None
    step = module[name]
    seen: list[Any] = []

    def recorder(*args: Any, **kwargs: Any) -> Any:
        if not seen:
            seen.append(look(args))
        return step(*args, **kwargs)

    module[name] = recorder
    try:
        run()
    except Exception:  # the probe is ours: a failure only means it is not shown
        return None
    finally:
        module[name] = step
    return seen[0] if seen else None


def hands_over(loop: Callable, name: str, caller_arg: Any, run: Callable[[], Any]) -> bool | None:
    """Whether the first call of the module-level function `name` made by `loop` (during run())
    receives caller_arg's own leaves, the same objects, as its first argument."""
    mine = [id(x) for x in _leaves(caller_arg)]
    return _first_call(
        loop, name, run, lambda args: bool(args) and [id(x) for x in _leaves(args[0])] == mine
    )


def called_without_jit(loop: Callable, name: str, run: Callable[[], Any]) -> bool:
    """Whether `loop` makes its first call of `name` with jit disabled (jax.disable_jit): then
    nothing is compiled and nothing is donated, whatever the step asks for."""
    import jax

    return _first_call(loop, name, run, lambda args: bool(jax.config.jax_disable_jit)) is True
