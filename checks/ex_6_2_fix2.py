"""Repair 6.2-fix2: appending to an outside list inside vmap (runs once) -> each sample's count as
an input and output with a batch dimension.

Checks: two vmapped rounds from different per-sample counts ("per_sample"); calling changes no
outside list and leaves no tracer behind ("pure"); jit(vmap(tick)) chained three times compiles
once and keeps the counts int32 ("jit")."""

import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    ModuleState,
    as_array,
    as_tuple,
    assert_close,
    assert_compile_count,
    assert_equal,
    compare,
    fail,
    msg,
    primitive_counts,
    rng,
)

checks = Checks("ex_6_2_fix2")
START = np.array([0, 3, 1, 5, 2, 0], np.int32)


def _inputs(seed):
    import jax.numpy as jnp

    return jnp.asarray(START), jnp.asarray(
        rng(seed).uniform(-2.0, 2.0, size=START.size).astype(np.float32)
    )


def _round(fn, counts, vs, k):
    out = as_tuple(fn(counts, vs), 2, msg("ex_6_2_fix2.round.as_tuple", k=k))
    return out[0], out[1]


def _swapped(counts, outs, vs):
    """The pair returned as (v + 1, count + 1): named only when both halves are exactly that."""
    c, o = np.asarray(counts), np.asarray(outs)
    if c.shape == o.shape == START.shape and compare(o, START + 1, rtol=0, atol=0) is None:
        if compare(c, np.asarray(vs, np.float64) + 1, rtol=1e-6, atol=1e-6) is None:
            fail(msg("ex_6_2_fix2.per_sample.swapped"))


def _int_globals(ns):
    """The module-level plain integers of the learner's file, by name."""
    return {k: v for k, v in ns.items() if type(v) is int and not k.startswith("__")}


def _list_lengths(ns):
    """The lengths of the module-level lists of the learner's file, by name."""
    return {k: len(v) for k, v in ns.items() if type(v) is list and not k.startswith("__")}


def _added_global(ints, step_1, step_2):
    """Each round added the value a module-level integer had after that round (tick raises it and
    adds it to the count) instead of 1: named only when both rounds' increments are exactly that."""
    before, mid, after = ints
    for name, start in before.items():
        one, two = mid.get(name), after.get(name)
        if one is None or two is None or one == start or two == one:
            continue
        if (
            compare(step_1, np.full(step_1.shape, one), rtol=0, atol=0) is None
            and compare(step_2, np.full(step_2.shape, two), rtol=0, atol=0) is None
        ):
            fail(
                msg("ex_6_2_fix2.per_sample.added_global", name=name, one=one, two=two),
                changed=[f"{name}: {start} → {one} → {two}"],
            )


@checks.add("per_sample")
def _(L):
    import jax

    counts, vs = _inputs(621)
    batched = jax.vmap(L.tick)
    lists = _list_lengths(L.ns)
    ints = [_int_globals(L.ns)]
    counts, outs = _round(batched, counts, vs, 1)
    ints.append(_int_globals(L.ns))
    _swapped(counts, outs, vs)
    first = np.asarray(counts)
    counts, _ = _round(batched, counts, vs, 2)
    ints.append(_int_globals(L.ns))
    got = as_array(counts, msg("ex_6_2_fix2.per_sample.as_array"), shape=START.shape)
    want = START + 2
    if np.all(first == 1) and np.all(got == 1):  # the count passed in never mattered
        fail(msg("ex_6_2_fix2.per_sample.reset_to_one"), counts=got.tolist())
    if len(set(got.tolist())) == 1 and START.min() != START.max():
        grown = _list_lengths(L.ns)  # the list of the starter's append, when one grew
        appended = any(n > lists.get(k, n) for k, n in grown.items())
        said = msg("ex_6_2_fix2.per_sample.same_count", got=got[0])
        if appended:
            said = msg("ex_6_2_fix2.per_sample.assert_equal", got=got[0])
        assert_equal(
            got.tolist(),
            want.tolist(),
            said,
            what=msg("ex_6_2_fix2.per_sample.what_2"),
        )
    if compare(got, want, rtol=0, atol=0) is not None:
        _added_global(ints, first - START, got - first)
    assert_close(
        got,
        want,
        rtol=0,
        atol=0,
        what=msg("ex_6_2_fix2.per_sample.what"),
        msg=msg("ex_6_2_fix2.per_sample.msg"),
    )
    assert_close(
        as_array(outs, "outs", shape=START.shape),
        np.asarray(vs, np.float64) + 1,
        rtol=1e-6,
        atol=1e-6,
        what="outs",
        msg=msg("ex_6_2_fix2.per_sample.outputs_differ"),
        mistakes=[
            Mistake(
                "v_unchanged", np.asarray(vs, np.float64), msg("ex_6_2_fix2.per_sample.v_as_is")
            ),
            # the state mixed into the output: the count passed in, or the new one
            Mistake(
                "v_plus_count",
                np.asarray(vs, np.float64) + START,
                msg("ex_6_2_fix2.per_sample.v_plus_count", which="count"),
            ),
            Mistake(
                "v_plus_new_count",
                np.asarray(vs, np.float64) + START + 1,
                msg("ex_6_2_fix2.per_sample.v_plus_count", which="count + 1"),
            ),
        ],
    )


@checks.add("pure")
def _(L):
    import jax

    before = ModuleState(L.ns)
    counts, vs = _inputs(622)
    jax.block_until_ready(jax.vmap(L.tick)(counts, vs))
    jax.effects_barrier()  # let any callback finish before looking
    change = before.changes()
    if change:
        fail(
            msg("ex_6_2_fix2.pure.fail", v=change.words()) + _callbacks(L, counts, vs),
            **change.detail(),
        )


CALLBACKS = ("debug_callback", "pure_callback", "io_callback")


def _callbacks(L, counts, vs) -> str:
    """The words naming the callbacks in vmap(tick)'s program, when it has any: the outside list
    is then changed by Python the program calls back, with no append in the traced code."""
    import jax

    try:
        prims = primitive_counts(jax.vmap(L.tick), counts, vs)
    except Exception:  # the change itself is already said
        return ""
    found = [p for p in CALLBACKS if prims.get(p)]
    return msg("ex_6_2_fix2.pure.via_callback", v=", ".join(found)) if found else ""


@checks.add("jit", needs="per_sample")
def _(L):
    import jax

    fn = jax.jit(jax.vmap(L.tick))
    counts, vs = _inputs(623)
    dtypes = []
    with CompileLog() as log:
        for k in range(3):
            counts, _ = _round(fn, counts, vs, k + 1)
            dtypes.append(str(getattr(counts, "dtype", type(counts).__name__)))
    if any(d.startswith("float") for d in dtypes):
        fail(
            msg("ex_6_2_fix2.jit.fail", v=", ".join(dtypes)),
            dtypes=dtypes,
        )
    if any(d != "int32" for d in dtypes):  # another integer type, or not an array at all
        fail(msg("ex_6_2_fix2.jit.not_int32", v=", ".join(dtypes)), dtypes=dtypes)
    assert_compile_count(log, None, expected=1, msg=msg("ex_6_2_fix2.jit.msg", total=log.total))
