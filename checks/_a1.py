"""Helpers shared by the check modules of advanced chapter 1 (ex_a1_*.py).

Loaded by path from those modules (checks/ is not a package): see `load()` at their top."""

from __future__ import annotations

import numpy as np


def jaxpr_text(fn, *args) -> str:
    """The jaxpr of fn(*args) as plain text (no ANSI colours), for "scan[" in ... tests."""
    import jax

    jax.config.update(name="jax_pprint_use_color", val=False)
    closed = jax.make_jaxpr(fn)(*args)
    return closed.pretty_print() if hasattr(closed, "pretty_print") else str(closed)


def primitives(text: str) -> list[str]:
    """A short list of the primitive names that appear in a jaxpr text (for failure details)."""
    import re

    names = re.findall(r"=\s*([a-z_][a-z0-9_]*)[\[ ]", text)
    seen: list[str] = []
    for n in names:
        if n not in seen:
            seen.append(n)
    return seen[:30]


def f64(x) -> np.ndarray:
    return np.array(x, dtype=np.float64, copy=True)


def pair(out, what: str):
    """out must be a 2-tuple (or list) — the (x, k) / (h, hs) / (y_T, traj) return shapes."""
    from tutor.checklib import fail

    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        fail(f"{what} 应该返回一个二元组,实际返回的是 {type(out).__name__}。", actual=repr(out)[:200])
    return out[0], out[1]
