"""Every field of a state that the reference step advances must advance in the learner's step too,
and stay equal to the reference's (issue 34): a step that returns a state without carrying one of
the fields it advances (the optimizer state, the step counter, the key, a momentum) otherwise
passes checks that look at some fields only.

`assert_fields_advance(mine, reference, fresh)` runs the learner's step and a reference step from
the same fresh state for a few steps and walks both states leaf by leaf by key path
(`.opt_state[1].mu['dense_1']['w']`). It fails on the first leaf, by path, that the reference
changes at a step and the learner's state does not hold (missing), does not change (unchanged), or
holds with another value (diverged), with the values of both. A leaf the reference leaves as it
is is not judged here (each exercise's own checks say what must stay). A missing or unchanged leaf
is reported before any diverged one: it names the cause, and the values of the other fields
usually diverge because of it. A field that diverged at the first call by exactly minus the
reference's change is named as moved the other way (the updates subtracted); `type_changed` says
which leaf of a returned state changed its dtype or weak type (the next call recompiles).

`loose=` lists path prefixes whose values the statement leaves to the learner: they must change
where the reference's change, their values are not compared. Exercises call it from a check that
`needs=` the checks which already judge the parts the reference step is built from, so that a
cause an earlier check explains is never told twice."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tutor.worker.checklib import Mistake, assert_close, compare, fail, msg

State = Any


def _is_key(x: Any) -> bool:
    import jax

    dtype = getattr(x, "dtype", None)
    return dtype is not None and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)


def _leaves(state: State) -> dict[str, np.ndarray]:
    """The state's leaves by key path, as host arrays (a typed PRNG key as its key data); copied,
    so that a later donation cannot change what was recorded."""
    import jax

    with_paths, _ = jax.tree_util.tree_flatten_with_path(state)
    out = {}
    for path, leaf in with_paths:
        value = jax.random.key_data(leaf) if _is_key(leaf) else leaf
        out[jax.tree_util.keystr(path) or "<root>"] = np.array(value, copy=True)
    return out


def _same(a: np.ndarray, b: np.ndarray, rtol: float, atol: float) -> bool:
    return compare(a, b, rtol=rtol, atol=atol) is None


def _trail(step: Callable[[State], State], fresh: Callable[[], State], steps: int) -> list[dict]:
    """The leaves of the start state and of the state after each of `steps` steps."""
    state = fresh()
    trail = [_leaves(state)]
    for _ in range(steps):
        state = step(state)
        trail.append(_leaves(state))
    return trail


def field_problem(
    mine: list[dict], ref: list[dict], *, rtol: float, atol: float, loose: Sequence[str] = ()
) -> tuple[str, int, str] | None:
    """(kind, step, path) of the first leaf the reference advances and `mine` does not hold as
    the reference does: kind "missing" / "unchanged" before any "diverged"; None if every one is
    held. `mine` and `ref` are the trails of `_trail` (start state first)."""
    diverged = None
    for k in range(1, len(ref)):
        for path, after in ref[k].items():
            before = ref[k - 1].get(path)
            if before is not None and _same(after, before, 0.0, 0.0):
                continue  # the reference does not advance this leaf at this step
            if path not in mine[k]:
                return ("missing", k, path)
            if path in mine[k - 1] and _same(mine[k][path], mine[k - 1][path], 0.0, 0.0):
                return ("unchanged", k, path)
            free = any(path.startswith(prefix) for prefix in loose)
            if diverged is None and not free and not _same(mine[k][path], after, rtol, atol):
                diverged = ("diverged", k, path)
    return diverged


def assert_fields_advance(
    mine: Callable[[State], State],
    reference: Callable[[State], State],
    fresh: Callable[[], State],
    *,
    steps: int = 3,
    rtol: float = 1e-5,
    atol: float = 1e-7,
    loose: Sequence[str] = (),
    root: str = "state",
) -> None:
    """Fails naming the first field the reference step advances and the learner's does not hold.
    `mine` and `reference` take a state and return the next one (wrap the step's other arguments
    and outputs); `fresh()` makes the start state, called once for each run (a step that donates
    its state deletes its argument)."""
    ref = _trail(reference, fresh, steps)
    got = _trail(mine, fresh, steps)
    problem = field_problem(got, ref, rtol=rtol, atol=atol, loose=loose)
    if problem is None:
        return
    kind, k, path = problem
    field = root + path
    if kind == "missing":
        fail(msg("_state_fields.missing", field=field, step=k), fields=sorted(got[k]))
    if kind == "unchanged":  # exact: the learner's leaf is the previous value, the reference's not
        words, rtol, atol = msg("_state_fields.unchanged", field=field, step=k), 0.0, 0.0
    else:
        words = msg("_state_fields.diverged", field=field, step=k)
    flipped = []  # from the same start, the reference's change with the opposite sign
    if kind == "diverged" and k == 1 and path in ref[0] and path in got[0]:
        start = np.asarray(ref[0][path], np.float64)
        opposite = 2.0 * start - np.asarray(ref[1][path], np.float64)
        flipped = [Mistake("flipped", opposite, msg("_state_fields.flipped", field=field))]
    assert_close(
        got[k][path], ref[k][path], rtol=rtol, atol=atol, what=field, msg=words, mistakes=flipped
    )
    fail(words)  # field_problem found these apart with the same comparison: never a pass here


def type_changed(before, after) -> str:
    """Why the step recompiled, when a leaf of the state it returns has another dtype or weak
    type than the one it was given (the next call's signature differs); empty when none has. The
    advice to add the integer 1 goes only to a step or count field that went from an integer
    dtype to a floating one."""
    import jax

    def types(state):
        flat = jax.tree_util.tree_flatten_with_path(state)[0]
        return {
            jax.tree_util.keystr(p): (x.dtype, bool(getattr(x, "weak_type", False)))
            for p, x in flat
            if hasattr(x, "dtype")
        }

    was, now = types(before), types(after)
    for path, (dtype, weak) in was.items():
        if path not in now or now[path] == (dtype, weak):
            continue
        field, (new_dtype, new_weak) = "state" + path, now[path]
        if new_dtype == dtype:
            if new_weak:
                return msg("_state_fields.became_weak", field=field, dtype=str(dtype))
            return msg("_state_fields.became_strong", field=field, dtype=str(dtype))
        said = msg("_state_fields.type_changed", field=field, was=str(dtype), now=str(new_dtype))
        last = re.search(r"(\w+)\W*$", path)
        counter = last is not None and last.group(1) in ("step", "count")
        sub = jax.dtypes.issubdtype
        if counter and sub(dtype, np.integer) and sub(new_dtype, np.floating):
            said += msg("_state_fields.count_turned_float", field=field)
        return said
    return ""
