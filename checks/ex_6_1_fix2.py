"""Repair 6.1-fix2: a jitted function reads a global variable -> frozen into a constant while
tracing, later changes unseen; the gain becomes an argument.

Checks: every row of amplify_all is x · g on fresh data ("values"); amplify takes the gain as an
argument and compiles once over four gains ("argument"); a second set of gains compiles nothing
more — no cleared caches, no jit rebuilt per call ("driver")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    LearnerClears,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    compare,
    fail,
    msg,
    rng,
    skip,
)

checks = Checks("ex_6_1_fix2")

GAINS = (0.5, 2.0, -1.5, 3.0)


def _x(seed):
    import jax.numpy as jnp

    return jnp.asarray(rng(seed).uniform(-2.0, 2.0, size=4).astype(np.float32))


def _values_run(L):
    """The values check's call: amplify_all on fresh x and gains, caches cleared first."""
    x = _x(611)
    gains = list(rng(612).uniform(0.5, 4.0, size=3).round(3))
    with CompileLog():  # caches cleared: the first trace happens here
        out = L.amplify_all(x, gains)
    return x, gains, out


def _values_said_unused(L) -> bool:
    """Whether the values check named an amplify that takes g and ignores it: its call gives
    rows all x · gains[0] (stale) or all x · the module's gain."""
    try:
        x, gains, out = _values_run(L)
        x64 = np.asarray(x, np.float64)
        patterns = [m.value for m in _global_gain(L, x64, len(gains))]
        patterns.append(np.stack([x64 * gains[0]] * len(gains)))
        return any(compare(out, p, rtol=1e-6, atol=1e-6) is None for p in patterns)
    except Exception:  # the values check says what fails
        return False


@checks.add("values")
def _(L):
    x, gains, out = _values_run(L)
    x64 = np.asarray(x, np.float64)
    want = np.stack([x64 * g for g in gains])
    if np.shape(out) == (4, 3) and compare(np.asarray(out), want.T, rtol=1e-6, atol=1e-6) is None:
        fail(msg("ex_6_1_fix2.values.gains_last"), shape=[4, 3])
    flat = want.ravel()
    if np.shape(out) == flat.shape and compare(np.asarray(out), flat, rtol=1e-6, atol=1e-6) is None:
        fail(msg("ex_6_1_fix2.values.rows_joined", n=flat.size), shape=list(flat.shape))
    got = as_array(out, msg("ex_6_1_fix2.values.as_array"), shape=(3, 4))
    if compare(got, want, rtol=1e-6, atol=1e-6) is None:
        return
    assert_close(
        got,
        want,
        rtol=1e-6,
        atol=1e-6,
        what="amplify_all(x, gains)",
        msg=msg("ex_6_1_fix2.values.msg"),
        mistakes=[
            Mistake("stale", np.stack([x64 * gains[0]] * 3), _stale_words(L, x, gains)),
            Mistake("added", np.stack([x64 + g for g in gains]), msg("ex_6_1_fix2.added")),
            *_global_gain(L, x64, len(gains)),
        ],
    )


def _stale_words(L, x, gains):
    """Why every row is x · gains[0]. The advice to pass the gain as an argument is given only to
    an amplify that does not take it already: one that takes g and gives the same result for two
    different g ignores it (computed only after the values differ)."""
    stale = msg("ex_6_1_fix2.values.mistake_stale")
    n = R.n_positional(L.amplify)
    if n is None or n < 2:
        return stale + msg("ex_6_1_fix2.values.pass_gain")
    try:
        a, b = (np.asarray(L.amplify(x, g), np.float64) for g in (gains[0], gains[0] + 1.5))
    except Exception:  # the argument check calls amplify(x, g) and says what fails
        return stale
    if compare(a, b, rtol=1e-6, atol=1e-6) is None:
        return stale + msg("ex_6_1_fix2.values.g_unused")
    x64 = np.asarray(x, np.float64)
    if compare(b, x64 * (gains[0] + 1.5), rtol=1e-6, atol=1e-6) is None:
        return msg("ex_6_1_fix2.values.stale_driver")  # amplify is right: the driver is not
    return stale


def _global_gain(L, x64, rows):
    """Every row x · gain with the module-level gain as it stands after the call: amplify
    multiplies by the global, not by its argument g."""
    gain = L.get("gain")
    if isinstance(gain, bool) or not isinstance(gain, (int, float)):
        return []
    words = msg("ex_6_1_fix2.values.global_gain", gain=float(gain))
    return [Mistake("global_gain", np.stack([x64 * float(gain)] * rows), words)]


def _pattern(L, log, clears, name):
    """Why four calls compiled more than once, said only as far as the check has seen it."""
    if clears.calls:
        return msg(
            "ex_6_1_fix2.pattern.text_2",
            len_gains=len(GAINS),
            total=log.total,
            calls=clears.calls,
            what=clears.what,
        )
    if log.total and all(n == name for n in log.names):
        return msg("ex_6_1_fix2.pattern.text_3", len_gains=len(GAINS), total=log.total, name=name)
    x = _x(615)
    with CompileLog(clear=False) as again:  # the same arguments twice more, caches kept
        L.amplify(x, GAINS[0])
        L.amplify(x, GAINS[0])
    if again.total >= 2:
        return msg(
            "ex_6_1_fix2.pattern.text_4",
            len_gains=len(GAINS),
            total=log.total,
            v=", ".join(log.names),
            total_2=again.total,
        )
    return msg(
        "ex_6_1_fix2.pattern.text", len_gains=len(GAINS), total=log.total, v=", ".join(log.names)
    )


def _own_jits(L, name):
    """When amplify is not jitted: whether amplify_all compiles functions of its own instead, one
    per gain (a jax.jit built around each gain), said only when the check has seen it: one
    function compiled once for every gain (three unrelated programs compiled once each, a jitted
    function built once per call and the stack, are not that)."""
    gains = [0.75, 1.25, 2.5]
    try:
        with CompileLog() as log:
            L.amplify_all(_x(616), gains)
    except Exception:
        return ""
    per_gain = [f for f in dict.fromkeys(log.names) if log.count(f) >= len(gains)]
    if per_gain and log.count(name) == 0:
        return msg(
            "ex_6_1_fix2.argument.own_jits", n=len(gains), f=per_gain[0], k=log.count(per_gain[0])
        )
    return ""


@checks.add("argument")
def _(L):
    fn = L.amplify
    n = R.n_positional(fn)
    if n is not None and n < 2:
        fail(
            msg("ex_6_1_fix2.argument.fail", n=n),
            parameters=n,
        )
    name = R.name_of(fn)
    x = _x(613)
    with CompileLog() as log, LearnerClears() as clears:
        outs = [as_array(fn(x, g), f"amplify(x, {g})", shape=(4,)) for g in GAINS]
    if log.total != 1:
        assert_compile_count(
            log,
            None,
            expected=1,
            msg=_pattern(L, log, clears, name) + msg("ex_6_1_fix2.argument.text"),
        )
    if log.count(name) == 0 and log.count(R.compiled_name(fn, x, GAINS[0], learner_fn=fn)) == 0:
        fail(
            msg("ex_6_1_fix2.argument.fail_2", len_gains=len(GAINS)) + _own_jits(L, name),
            compiled=log.names,
        )
    rows = np.stack(outs)
    if (
        compare(rows, np.broadcast_to(rows[0], rows.shape), rtol=1e-6, atol=1e-6) is None
    ):  # four different gains, one answer
        if _values_said_unused(L):
            skip(msg("ex_6_1_fix2.argument.unused_said"), covered_by="values")
        fail(msg("ex_6_1_fix2.argument.gain_ignored", n=len(GAINS)))
    assert_close(
        rows,
        np.stack([np.asarray(x, np.float64) * g for g in GAINS]),
        rtol=1e-6,
        atol=1e-6,
        what="amplify(x, g)",
        msg=msg("ex_6_1_fix2.argument.msg"),
        mistakes=[
            Mistake(
                "added",
                np.stack([np.asarray(x, np.float64) + g for g in GAINS]),
                msg("ex_6_1_fix2.argument.added"),
            )
        ],
    )


def _driver_why(L, x, log, cleared: int) -> str:
    """Why a second set of gains compiled again, as computed: the same gains once more compile
    nothing when the values are part of jit's cache key (a static argument); they compile again
    when every call builds a new jitted function."""
    if cleared:
        return msg("ex_6_1_fix2.driver.advice_cleared")
    if not log.total:
        return msg("ex_6_1_fix2.driver.advice")
    with CompileLog(clear=False) as again:
        try:
            L.amplify_all(x, [-0.5, 4.5, 0.25])
        except Exception:  # the first run of these gains already worked
            return msg("ex_6_1_fix2.driver.advice")
    if not again.total:
        return msg("ex_6_1_fix2.driver.static_values", v=", ".join(dict.fromkeys(log.names)))
    if R.name_of(L.amplify) not in log.names:
        return msg("ex_6_1_fix2.driver.own_jit")
    return msg("ex_6_1_fix2.driver.new_jit_of_amplify")


@checks.add("driver", needs=("values", "argument"))
def _(L):
    x = _x(614)
    with CompileLog():
        as_array(
            L.amplify_all(x, [1.0, 2.0, 3.0]), msg("ex_6_1_fix2.driver.as_array"), shape=(3, 4)
        )
    with CompileLog(clear=False) as log, LearnerClears() as clears:
        got = as_array(
            L.amplify_all(x, [-0.5, 4.5, 0.25]), msg("ex_6_1_fix2.driver.as_array_2"), shape=(3, 4)
        )
    cleared = (
        msg("ex_6_1_fix2.driver.text", calls=clears.calls, what=clears.what) if clears.calls else ""
    )
    why = _driver_why(L, x, log, clears.calls)
    assert_compile_count(
        log,
        None,
        expected=0,
        msg=msg("ex_6_1_fix2.driver.msg", total=log.total, v=", ".join(log.names), cleared=cleared)
        + why,
    )
    assert_close(
        got,
        np.stack([np.asarray(x, np.float64) * g for g in (-0.5, 4.5, 0.25)]),
        rtol=1e-6,
        atol=1e-6,
        what="amplify_all(x, [-0.5, 4.5, 0.25])",
        msg=msg("ex_6_1_fix2.driver.rows_differ"),
    )
