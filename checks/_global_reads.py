"""Does a learner's function read a module-level number? The names its code (and the code of the
module's own functions it calls by name) looks up among the module's globals are read from the
bytecode; those holding a number or an array are then changed one at a time, and the function is
traced and run again: a name whose change moves the result is read by the function. The names
are only candidates; what the check reports is the result that moved."""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tutor.worker.checklib import compare

_SHIFT = 7  # what is added to a number to see whether the result follows it


@dataclass(frozen=True)
class Moved:
    name: str
    value: Any  # the module's own value
    changed: Any  # the value the check put in its place
    before: list[np.ndarray]  # the result's leaves with the module's value
    after: list[np.ndarray]  # … with the changed one


def _python_function(fn: Callable) -> types.FunctionType | None:
    seen = 0
    while not isinstance(fn, types.FunctionType) and seen < 10:
        inner = getattr(fn, "__wrapped__", None) or getattr(fn, "func", None)  # jit, partial
        if inner is None:
            return None
        fn, seen = inner, seen + 1
    return fn if isinstance(fn, types.FunctionType) else None


def _names(code: types.CodeType) -> set[str]:
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def _is_number(value: Any) -> bool:
    import jax

    if isinstance(value, bool) or isinstance(value, jax.core.Tracer):
        return False  # a tracer left behind is what the purity check reports
    return isinstance(value, (int, float, np.ndarray, np.number, jax.Array))


def numeric_globals_read(fn: Callable) -> list[str]:
    """Module-level names holding a number or an array that fn's code looks up, following the
    functions of the same module that it calls by name."""
    start = _python_function(fn)
    if start is None:
        return []
    module, found, todo, seen = start.__globals__, set(), [start], set()
    while todo:
        f = todo.pop()
        if f.__code__ in seen:
            continue
        seen.add(f.__code__)
        for name in _names(f.__code__):
            if name not in module:
                continue
            value = module[name]
            inner = _python_function(value) if callable(value) else None
            if inner is not None and inner.__globals__ is module:
                todo.append(inner)
            elif _is_number(value):
                found.add(name)
    return sorted(found)


def _shifted(value: Any) -> Any:
    import jax.numpy as jnp

    if isinstance(value, (int, float)):
        return type(value)(value + _SHIFT)
    if isinstance(value, np.ndarray | np.number):
        return (np.asarray(value) + _SHIFT).astype(value.dtype)
    return (jnp.asarray(value) + _SHIFT).astype(value.dtype)


def _leaves(out: Any) -> list[np.ndarray]:
    import jax

    return [np.asarray(leaf) for leaf in jax.tree.leaves(out)]


def moving_globals(fn: Callable, ns: dict[str, Any], run: Callable[[], Any]) -> list[Moved]:
    """The module-level numbers fn reads whose change moves what `run()` returns. `run` calls
    the learner's function afresh (JAX's caches are cleared before each run, so a jitted
    function is traced again); the module's namespace is put back as it was after every run."""
    import jax

    def fresh() -> list[np.ndarray]:
        saved = dict(ns)
        try:
            jax.clear_caches()
            return _leaves(run())
        finally:
            ns.clear()
            ns.update(saved)

    names = numeric_globals_read(fn)
    if not names:
        return []
    before = fresh()
    moved = []
    for name in names:
        value = ns[name]
        changed = _shifted(value)
        ns[name] = changed
        try:
            after = fresh()
        finally:
            ns[name] = value
        same = len(after) == len(before) and all(
            compare(a, b, rtol=0.0, atol=0.0) is None for a, b in zip(after, before, strict=True)
        )
        if not same:
            moved.append(Moved(name, value, changed, before, after))
    jax.clear_caches()
    return moved
