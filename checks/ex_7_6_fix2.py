"""Repair 7.6-fix2: the history list stores donated state -> a real copy on the host.

Checks: the whole history reads back (a deleted array, read inside record or in the history, is
named) and equals the states before each step, "after each step", "the first state stored every
time" and "the last state before a step in every entry" (one buffer overwritten in place, when the
entries share it) named; its leaves are NumPy arrays; the final state is right ("history"); the
caller's state is deleted after record, i.e. really donated ("donate"; skipped when record itself
stops on a donated array), and when it is not, the cause is named only as far as a probe shows it
(advance keeps a fresh state; record hands advance a copy; or the state itself, so a host view
kept it alive)."""

import _donation_probe as P
import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_array,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    later,
    msg,
    rng,
    skip,
)

checks = Checks("ex_7_6_fix2")
SYMPTOMS = {"word:deleted": later("ex_7_6_fix2.read_donated")}


def _state(seed):
    g = rng(seed)
    return {"m": R.floats(g, 3), "v": R.floats(g, 3)}


def _states(state, n):
    m, v = np.asarray(state["m"], np.float64), np.asarray(state["v"], np.float64)
    out = []
    for _ in range(n + 1):
        out.append({"m": m, "v": v})
        m, v = 0.9 * m + 1.0, v + 2.0
    return out


def _read(history, n):
    if not isinstance(history, (list, tuple)) or len(history) != n:
        fail(
            msg(
                "ex_7_6_fix2.history_not_list_of_length",
                n=n,
                name=type(history).__name__,
                length=len(history),
            )
            if isinstance(history, (list, tuple))
            else msg("ex_7_6_fix2.history_not_list", n=n, name=type(history).__name__),
            actual=repr(history)[:200],
        )
    out = []
    for k, entry in enumerate(history):
        if not isinstance(entry, dict) or set(entry) != {"m", "v"}:
            fail(msg("ex_7_6_fix2.entry_not_state_dict", k=k), actual=repr(entry)[:200])
        leaves = {}
        for key in ("m", "v"):
            leaf = entry[key]
            if callable(getattr(leaf, "is_deleted", None)) and leaf.is_deleted():
                other = entry["v" if key == "m" else "m"]
                # the other leaf stored as a host copy: only this one was left as the state's own
                copied = isinstance(other, np.ndarray)
                fail(
                    msg("ex_7_6_fix2.leaf_not_copied", k=k, key=key)
                    if copied
                    else msg("ex_7_6_fix2.entry_donated", k=k, key=key),
                    where=f"history[{k}]['{key}']",
                )
            leaves[key] = as_array(leaf, f"history[{k}]['{key}']", shape=(3,))
        out.append(leaves)
    return out


def _holds(history, want) -> bool:
    """Whether the history's entries are, in order, the states in `want` (read as float64)."""
    try:
        got = [{k: np.asarray(e[k], np.float64) for k in ("m", "v")} for e in history]
        return compare(got, want, rtol=1e-5, atol=1e-6) is None
    except Exception:  # an entry that cannot be read as a state: not this mistake
        return False


@checks.add("history")
def _(L):
    n = 4
    state = _state(861)
    want = _states(state, n)
    out = R.call(L.record, state, n, what="record", symptoms=SYMPTOMS)
    final, history = as_tuple(out, 2, msg("ex_7_6_fix2.record_result"))
    if isinstance(history, (list, tuple)) and len(history) == n + 1 and _holds(history, want):
        fail(msg("ex_7_6_fix2.final_state_appended", n=n, length=n + 1))
    got = _read(history, n)
    assert_close(
        got,
        want[:n],
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_7_6_fix2.history"),
        msg=msg("ex_7_6_fix2.history_differs"),
        mistakes=[
            Mistake(
                "after",
                want[1:],
                msg("ex_7_6_fix2.stored_after_step"),
            ),
            Mistake("first_only", [want[0]] * n, msg("ex_7_6_fix2.first_state_repeated")),
            Mistake("last_only", [want[n - 1]] * n, _why_last_repeated(history, n)),
        ],
    )
    kinds = sorted({type(entry[key]).__name__ for entry in history for key in ("m", "v")})
    on_device = any(k != "ndarray" and "Array" in k for k in kinds)  # a JAX array kept as it is
    assert_that(
        kinds == ["ndarray"],
        msg("ex_7_6_fix2.leaves_not_numpy", kinds=kinds)
        if on_device
        else msg("ex_7_6_fix2.leaves_not_ndarray", kinds=kinds),
        leaf_types=kinds,
    )
    if not isinstance(final, dict) or set(final) != {"m", "v"}:
        fail(msg("ex_7_6_fix2.final_not_state_dict"), actual=repr(final)[:200])
    assert_close(
        {
            k: as_array(final[k], msg("ex_7_6_fix2.final_state_leaf", k=k), shape=(3,))
            for k in ("m", "v")
        },
        want[n],
        rtol=1e-5,
        atol=1e-6,
        what=msg("ex_7_6_fix2.final_state"),
        msg=msg("ex_7_6_fix2.final_state_differs", n=n),
    )


def _shares_storage(history) -> bool:
    """Whether every entry of the history is the first entry itself, or holds its arrays."""
    first = history[0]
    try:
        return all(
            entry is first
            or all(np.shares_memory(np.asarray(entry[k]), np.asarray(first[k])) for k in ("m", "v"))
            for entry in history[1:]
        )
    except Exception:  # entries that cannot be read as arrays: not shown
        return False


def _why_last_repeated(history, n) -> str:
    """Every entry is the state before the last step: said as one buffer overwritten in place
    only when the entries are shown to share their storage."""
    if _shares_storage(history):
        return msg("ex_7_6_fix2.buffer_overwritten", n=n)
    return msg("ex_7_6_fix2.last_state_repeated", n=n)


@checks.add("donate")
def _(L):
    state = _state(862)
    try:
        L.record(state, 3)
    except Exception as e:  # record itself read a donated array: the history check names it
        if "deleted" not in str(e):
            raise
        skip(msg("ex_7_6_fix2.record_stopped"), covered_by="history")
    kept = [k for k in ("m", "v") if not state[k].is_deleted()]
    if kept:
        fail(
            msg("ex_7_6_fix2.state_not_donated", kept=kept, why=_why_not_donated(L)),
            not_donated=kept,
        )


def _why_not_donated(L) -> str:
    """The cause of the caller's state surviving record, said only as far as a probe shows it."""
    if P.step_donates(getattr(L, "advance", None), _state(863)) is False:
        return msg("ex_7_6_fix2.advance_keeps_argument")
    state = _state(864)
    same = P.hands_over(L.record, "advance", state, lambda: L.record(state, 3))
    if same is False:
        return msg("ex_7_6_fix2.copy_donated")
    again = _state(865)
    if same is True and P.called_without_jit(L.record, "advance", lambda: L.record(again, 3)):
        return msg("ex_7_6_fix2.jit_disabled")
    if same is True:
        return msg("ex_7_6_fix2.host_view_kept")
    return msg("ex_7_6_fix2.donate_state_itself")
