"""Repair 6.1-fix1: a global counter inside jit goes up only once, while tracing -> the count
goes in and out as an argument.

Checks: the count threads 1…5 under jit ("counts"); tracing changes no module-level value
("pure"); no module-level number the function reads moves its result ("reads_no_global": the
number is changed and the function traced again); no callback smuggles the global back in
("no_callback"); five chained calls compile once and the count stays int32 ("one_compile")."""

import _global_reads as G
import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    ModuleState,
    as_array,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
    assert_equal,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_6_1_fix1")
STEPS = 5


def _xs():
    """Fresh inputs, already on the device (so that transfers do not count as compiles)."""
    import jax.numpy as jnp

    return [jnp.asarray(x) for x in rng(611).uniform(-3.0, 3.0, size=(STEPS, 3)).astype(np.float32)]


def _run(fn, xs):
    """Calls fn 5 times, threading the count from int32 0; returns (counts, doubled, dtypes)."""
    import jax.numpy as jnp

    count, counts, doubled, dtypes = jnp.int32(0), [], [], []
    for k, x in enumerate(xs):
        out = as_tuple(fn(count, x), 2, msg("ex_6_1_fix1.call_result", n=k + 1))
        count = out[0]
        counts.append(as_scalar(count, msg("ex_6_1_fix1.count_at", n=k + 1)))
        dtypes.append(str(getattr(count, "dtype", type(count).__name__)))
        doubled.append(as_array(out[1], msg("ex_6_1_fix1.doubled_at", n=k + 1), shape=(3,)))
    return np.array(counts), np.stack(doubled), dtypes


def _stuck_words(L, x, stuck):
    """Why the counts stop changing, from one more call with a count of 7: handed back as 7,
    the function returns the count passed in; anything but 7 or 8, the count is not read (a
    constant of a trace)."""
    import jax.numpy as jnp

    try:
        again = as_scalar(as_tuple(R.jitted(L.tally)(jnp.int32(7), x), 2, "")[0], "")
    except Exception:  # the call itself fails: no cause to tell
        return msg("ex_6_1_fix1.counts_differ")
    if again == 7:
        return msg("ex_6_1_fix1.returns_count", count=stuck)
    if again == 8:  # right from 7: the count passed in is used after all
        return msg("ex_6_1_fix1.counts_differ")
    if not _trace_changes_globals(L, x):  # no global side effect: just a count not read
        return msg("ex_6_1_fix1.stuck_no_global", count=stuck, again=again)
    return msg("ex_6_1_fix1.stuck", count=stuck)


def _trace_changes_globals(L, x) -> bool:
    """Whether tracing tally's Python body once more changes a module-level value."""
    import jax
    import jax.numpy as jnp

    body = getattr(L.tally, "__wrapped__", L.tally)
    before = ModuleState(L.ns)
    jax.clear_caches()  # helpers jitted inside tally trace again too, as in "pure"
    try:  # a new function object: no trace cached from the calls before runs in its place
        jax.make_jaxpr(lambda c, v: body(c, v))(jnp.int32(0), x)
    except Exception:  # a body that cannot be traced shows no side effect
        return False
    return bool(before.changes())


@checks.add("counts")
def _(L):
    xs = _xs()
    with CompileLog():  # caches cleared: a first run, as the learner's own
        counts, doubled, _ = _run(R.jitted(L.tally), xs)
    want = np.arange(1, STEPS + 1)
    if counts[-1] == counts[-2] == counts[-3]:
        assert_equal(
            counts.tolist(),
            want.tolist(),
            _stuck_words(L, xs[0], counts[-1]),
            what=msg("ex_6_1_fix1.counts_of_5_calls"),
        )
    assert_close(
        counts,
        want,
        rtol=0,
        atol=0,
        what=msg("ex_6_1_fix1.counts_of_5_calls"),
        msg=msg("ex_6_1_fix1.counts_differ"),
    )
    x64 = np.stack([np.asarray(x, np.float64) for x in xs])
    assert_close(
        doubled,
        2.0 * x64,
        rtol=1e-6,
        atol=1e-6,
        what=msg("ex_6_1_fix1.second_value"),
        msg=msg("ex_6_1_fix1.doubled_differs"),
        mistakes=[
            Mistake("squared", x64 * x64, msg("ex_6_1_fix1.squared")),
            Mistake("plus_two", x64 + 2.0, msg("ex_6_1_fix1.plus_two")),
        ],
    )


@checks.add("pure")
def _(L):
    import jax
    import jax.numpy as jnp

    args = (jnp.int32(0), jnp.ones(3, jnp.float32))
    before = ModuleState(L.ns)
    jax.clear_caches()  # a fresh trace (no compile): side effects happen now if at all
    jax.make_jaxpr(R.jitted(L.tally))(*args)
    change = before.changes()
    if change:
        fail(
            msg("ex_6_1_fix1.impure", change=change.words()),
            **change.detail(),
        )


def _shown(value) -> str:
    return np.array2string(np.asarray(value), precision=4, threshold=6)


@checks.add("reads_no_global")
def _(L):
    import jax.numpy as jnp

    x = jnp.ones(3, jnp.float32)
    moved = G.moving_globals(L.tally, L.ns, lambda: R.jitted(L.tally)(jnp.int32(0), x))
    if not moved:
        return
    first = moved[0]
    k = next(
        (i for i, (a, b) in enumerate(zip(first.before, first.after, strict=False))
         if compare(a, b, rtol=0.0, atol=0.0) is not None),
        0,
    )  # fmt: skip
    fail(
        msg(
            "ex_6_1_fix1.reads_global",
            name=first.name,
            value=_shown(first.value),
            changed=_shown(first.changed),
            k=k + 1,
            before=_shown(first.before[k]) if k < len(first.before) else "-",
            after=_shown(first.after[k]) if k < len(first.after) else "-",
        ),
        globals_read=[m.name for m in moved],
    )


@checks.add("no_callback")
def _(L):
    import jax
    import jax.numpy as jnp

    found = R.callbacks_in(L.tally, jnp.int32(0), jnp.ones(3, jnp.float32))
    if found:
        # a global changed by the callback is named only when one run of tally changes one
        before = ModuleState(L.ns)
        try:
            jax.block_until_ready(R.jitted(L.tally)(jnp.int32(0), jnp.ones(3, jnp.float32)))
            jax.effects_barrier()
        except Exception:  # the run itself fails: what the callback does is not seen
            pass
        said = msg("ex_6_1_fix1.callback_other", callbacks=", ".join(found))
        if before.changes():
            said = msg("ex_6_1_fix1.callback", callbacks=", ".join(found))
        fail(said, primitives=found)


@checks.add("one_compile")
def _(L):
    xs, fn = _xs(), R.jitted(L.tally)
    name = R.name_of(fn)
    with CompileLog() as log:
        _, _, dtypes = _run(fn, xs)
    n = log.count(name)
    if n != 1 and any(d.startswith("float") for d in dtypes):
        why = msg("ex_6_1_fix1.dtype_drift", dtypes=", ".join(dtypes))
    elif n != 1 and any(d != "int32" for d in dtypes):
        why = msg("ex_6_1_fix1.dtype_drift_int", dtypes=", ".join(dtypes))
    else:
        why = msg("ex_6_1_fix1.compiled_n", dtypes=", ".join(dtypes), n=n)
    assert_compile_count(log, name, expected=1, msg=msg("ex_6_1_fix1.expect_one", why=why))
    if any(d != "int32" for d in dtypes):
        fail(
            msg("ex_6_1_fix1.not_int32", dtypes=", ".join(dtypes)),
            dtypes=dtypes,
        )
