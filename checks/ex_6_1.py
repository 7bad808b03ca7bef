"""Exercise 6.1, a stateful counter under JIT: update_counter(count, increment) -> (count + 1,
increment).

The chapter's own example (its first exercise): jax.jit(update_counter) from count 0, called 5
times with increment i = 0…4, gives counts 1…5 and echoes 0…4 -> checks "jit_loop", "trace_once"
The statement also promises: no state kept in module-level variables -> check "pure"."""

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import numpy as np

from tutor.worker.checklib import (
    Checks,
    ModuleState,
    TraceCounter,
    as_array,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    msg,
    rng,
)

checks = Checks("ex_6_1")
_loop: dict = {}  # what jit_loop saw, for trace_once


def _pair(out, what):
    new_count, aux = as_tuple(out, 2, what)
    return (
        float(as_array(new_count, msg("ex_6_1.new_count_of", what=what), ndim=0)),
        float(as_array(aux, msg("ex_6_1.aux_of", what=what), ndim=0)),
    )


def _known_mistakes(count, increment):
    """What common mistakes return for update_counter(count, increment), with their names."""
    return [
        ((count + increment, increment), msg("ex_6_1.adds_increment")),
        ((count + 1, count), msg("ex_6_1.echoes_old_count")),
        ((count + 1, count + 1), msg("ex_6_1.echoes_new_count")),
        ((increment, count + 1), msg("ex_6_1.swapped")),
        ((count, increment), msg("ex_6_1.no_increment")),
        ((increment + 1, increment), msg("ex_6_1.from_increment")),
        ((count + 1, increment + 1), msg("ex_6_1.aux_bumped")),
        ((2 * count + 1, increment), msg("ex_6_1.count_doubled")),
    ]


def _hidden_state(L, before, call, got, args):
    """Names state kept between calls when it is shown: the call changed module state and the
    same arguments at once give another result."""
    change = before.changes()
    if not change:
        return
    again = _pair(L.update_counter(*args), call)
    if again != got:
        fail(
            msg(
                "ex_6_1.hidden_state",
                call=call,
                count=args[0] + 1,
                increment=args[1],
                got_count=got[0],
                got_aux=got[1],
                again_count=again[0],
                again_aux=again[1],
                change=change.words(),
            ),
            **change.detail(),
        )


@checks.add("eager")
def _(L):
    for count, increment in ((41, 3), (0, 0), (-7, 12)):
        call = f"update_counter({count}, {increment})"
        before = ModuleState(L.ns)
        got = _pair(L.update_counter(count, increment), call)
        want = (count + 1, increment)
        if got == want:
            continue
        _hidden_state(L, before, call, got, (count, increment))
        why = next((m for value, m in _known_mistakes(count, increment) if value == got), None)
        assert_equal(
            list(got),
            list(want),
            why
            or msg(
                "ex_6_1.eager_differs",
                call=call,
                count=count + 1,
                increment=increment,
                got_count=got[0],
                got_aux=got[1],
            ),
            what=call,
        )


@checks.add("jit_loop")
def _(L):
    counter = TraceCounter(L.update_counter)
    step = counter.jit()
    state = ModuleState(L.ns)
    count, counts, echoed, inputs = 0, [], [], []
    for i in range(5):
        inputs.append(count)
        out = step(count, i)
        new_count, aux = as_tuple(out, 2, msg("ex_6_1.jit_call_result", n=i + 1))
        counts.append(float(as_array(new_count, msg("ex_6_1.jit_new_count"), ndim=0)))
        echoed.append(float(as_array(aux, msg("ex_6_1.jit_aux"), ndim=0)))
        count = new_count
    _loop.update(traces=counter.count, inputs=inputs)
    change = state.changes()
    if len(set(counts)) == 1 and counts != [1.0, 2.0, 3.0, 4.0, 5.0] and change:
        # shown: the output is frozen and the function touched module state while tracing
        fail(
            msg("ex_6_1.frozen", count=counts[0], change=change.words()),
            expected=[1, 2, 3, 4, 5],
            actual=counts,
            **change.detail(),
        )
    seen = [float(as_array(c, msg("ex_6_1.count_passed_in"), ndim=0)) for c in inputs]
    if counts == seen:
        assert_equal(
            counts,
            [1.0, 2.0, 3.0, 4.0, 5.0],
            what=msg("ex_6_1.counts_of_5_calls"),
            msg=msg("ex_6_1.jit_no_increment"),
        )
    assert_close(
        np.array(counts),
        np.arange(1, 6),
        rtol=0,
        atol=0,
        what=msg("ex_6_1.counts_after_5_calls"),
        msg=msg("ex_6_1.jit_counts_differ"),
    )
    assert_close(
        np.array(echoed),
        np.arange(5),
        rtol=0,
        atol=0,
        what=msg("ex_6_1.aux_of_5_calls"),
        msg=msg("ex_6_1.jit_aux_differs"),
    )


@checks.add("fresh")
def _(L):
    import jax
    import jax.numpy as jnp

    g = rng(61)
    start = int(g.integers(-1000, 1000))
    incs = g.integers(-50, 50, size=6)
    step = jax.jit(L.update_counter)
    count = jnp.asarray(start, jnp.int32)
    got, aux_got = [], []
    for inc in incs:
        out = step(count, jnp.asarray(inc, jnp.int32))
        new_count, aux = as_tuple(out, 2, msg("ex_6_1.jit_result"))
        got.append(float(as_array(new_count, msg("ex_6_1.new_count"), ndim=0)))
        aux_got.append(float(as_array(aux, msg("ex_6_1.aux"), ndim=0)))
        count = new_count
    assert_close(
        np.array(got),
        start + np.arange(1, 7),
        rtol=0,
        atol=0,
        what=msg("ex_6_1.counts_from", start=start),
        msg=msg("ex_6_1.fresh_counts_differ", start=start, first=start + 1, last=start + 6),
    )
    assert_close(
        np.array(aux_got),
        incs,
        rtol=0,
        atol=0,
        what=msg("ex_6_1.aux"),
        msg=msg("ex_6_1.fresh_aux_differs"),
    )


@checks.add("trace_once", needs="jit_loop")
def _(L):
    traces = _loop["traces"]
    if traces == 1:
        return
    change = H.first_change(_loop["inputs"], msg("ex_6_1.count"))
    if change:
        k, why = change
        assert_equal(
            traces,
            1,
            msg("ex_6_1.retraced_because", traces=traces, call=k + 1, why=why),
            what=msg("ex_6_1.traces_of_5_calls"),
        )
    assert_equal(
        traces,
        1,
        msg("ex_6_1.retraced", traces=traces, signature=H.render(_loop["inputs"][0])),
        what=msg("ex_6_1.traces_of_5_calls"),
    )


@checks.add("pure")
def _(L):
    before = ModuleState(L.ns)
    results = [_pair(L.update_counter(5, 2), "update_counter(5, 2)") for _ in range(3)]
    change = before.changes()
    if change:
        fail(
            msg("ex_6_1.impure", change=change.words()),
            **change.detail(),
        )
    assert_that(
        len(set(results)) == 1,
        msg("ex_6_1.not_repeatable"),
        results=[list(r) for r in results],
    )
