"""Repair 7.1-fix1: a new jit built in the function body on every call -> built once at
module level.

Checks: column standardisation matches float64 on fresh data of two shapes ("values"); four calls
with one shape and different values compile exactly once, counting every compilation, and the
later calls do not reuse the first call's column statistics nor return its result ("compiles")."""

import _repair_ch7 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    assert_close,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_7_1_fix1")


def _want(x, axis=0, ddof=0, eps_in_sqrt=False):
    """float64 standardisation; the arguments give the known mistakes (rows, sample std, the eps
    under the square root)."""
    x = np.asarray(x, np.float64)
    mean = x.mean(axis, keepdims=True)
    if eps_in_sqrt:
        return (x - mean) / np.sqrt(x.var(axis, keepdims=True) + 1e-6)
    return (x - mean) / (x.std(axis, ddof=ddof, keepdims=True) + 1e-6)


def _precedence(x):
    """x − mean/(std + 1e-6): division binds first, so only the mean is divided."""
    x = np.asarray(x, np.float64)
    return x - x.mean(0, keepdims=True) / (x.std(0, keepdims=True) + 1e-6)


def _whole_std(x):
    """(x − column mean)/(std of the whole matrix + 1e-6): one std for every column."""
    x = np.asarray(x, np.float64)
    return (x - x.mean(0, keepdims=True)) / (x.std() + 1e-6)


def _mistakes(x) -> list[Mistake]:
    return [
        Mistake("rows", _want(x, axis=1), msg("ex_7_1_fix1.rows_standardized")),
        Mistake("ddof1", _want(x, ddof=1), msg("ex_7_1_fix1.sample_std")),
        Mistake("eps_in_sqrt", _want(x, eps_in_sqrt=True), msg("ex_7_1_fix1.eps_in_sqrt")),
        Mistake("precedence", _precedence(x), msg("ex_7_1_fix1.only_mean_divided")),
        Mistake("whole_std", _whole_std(x), msg("ex_7_1_fix1.whole_matrix_std")),
    ]


@checks.add("values")
def _(L):
    g = rng(711)
    for shape in ((9, 3), (20, 5)):
        x = R.floats(g, *shape, scale=3.0) + 1.5
        x = x.at[:, 1].set(R.floats(g, shape[0], scale=1e-6))  # std ≈ 1e-6: the 1e-6 really counts
        out = R.call(L.standardize, x, what="standardize", symptoms={})
        assert_close(
            R.as_array(out, f"standardize(x{shape})", shape=shape),
            _want(x),
            rtol=1e-4,
            atol=1e-4,
            what=f"standardize(x{shape})",
            msg=msg("ex_7_1_fix1.not_standardized"),
            mistakes=_mistakes(x),
        )


def _stale_statistics(L, xs, outs) -> None:
    """Fails when every later call of the shape returns its x standardized with the FIRST call's
    column mean and std (statistics captured once and reused), and not with its own."""
    first = np.asarray(xs[0], np.float64)
    mean, std = first.mean(0), first.std(0)
    for x, out in zip(xs[1:], outs[1:], strict=True):
        got = np.asarray(out, np.float64) if np.shape(out) == (13, 4) else None
        stale = (np.asarray(x, np.float64) - mean) / (std + 1e-6)
        if got is None or compare(got, stale, rtol=1e-4, atol=1e-4) is not None:
            return
        if compare(got, _want(x), rtol=1e-4, atol=1e-4) is None:
            return
    closed = any(_holds_x(fn, stat, atol=1e-5) for fn in _kept_functions(L) for stat in (mean, std))
    if closed:  # a jitted function the module keeps holds the first call's mean or std
        fail(msg("ex_7_1_fix1.stale_statistics", calls=len(xs)))
    fail(msg("ex_7_1_fix1.stale_statistics_kept", calls=len(xs)))


def _holds_x(fn, x, atol: float = 0.0) -> bool:
    """Whether the function a jit wraps closes over an array equal to x (within atol)."""
    inner = getattr(fn, "__wrapped__", None)
    for cell in getattr(inner, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if np.shape(value) == np.shape(x) and hasattr(value, "dtype"):
            if compare(np.asarray(value), np.asarray(x), rtol=0, atol=atol) is None:
                return True
    return False


def _kept_functions(L):
    """The callables the module keeps at top level or inside a top-level dict, list or tuple."""
    for value in list(L.ns.values()):
        kept = value.values() if isinstance(value, dict) else value
        for fn in kept if isinstance(kept, (list, tuple, type({}.values()))) else (value,):
            if callable(fn):
                yield fn


def _first_again(L, x0, call: int) -> str:
    """Why a later call returns the first call's result: when a jitted function the module keeps
    (at top level or inside a dict, list or tuple) closes over the first call's x, that is said;
    otherwise the result itself is kept."""
    if any(_holds_x(fn, x0) for fn in _kept_functions(L)):
        return msg("ex_7_1_fix1.first_x_closed_over", call=call)
    return msg("ex_7_1_fix1.first_result_again", call=call)


@checks.add("compiles", needs="values")
def _(L):
    g = rng(712)
    xs = [R.floats(g, 13, 4) for _ in range(4)]
    with CompileLog() as log:
        outs = [L.standardize(x) for x in xs]
    _stale_statistics(L, xs, outs)
    R.assert_once(
        log,
        calls=4,
        what=" standardize ",
        repeat=msg("ex_7_1_fix1.jit_built_in_body"),
        again=lambda: L.standardize(xs[0]),
    )
    for k, (x, out) in enumerate(zip(xs, outs, strict=False)):
        got = R.as_array(out, "standardize(x)", shape=(13, 4))
        want, mistakes = _want(x), []
        if k and compare(got, want, rtol=1e-4, atol=1e-4) is not None:  # the cause only if wrong
            mistakes = [Mistake("first_result_again", _want(xs[0]), _first_again(L, xs[0], k + 1))]
        assert_close(
            got,
            want,
            rtol=1e-4,
            atol=1e-4,
            what="standardize(x)",
            msg=msg("ex_7_1_fix1.repeat_calls_differ"),
            mistakes=mistakes,
        )
