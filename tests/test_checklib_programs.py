"""The check library on programs: traces and compiles counted by function name (whatever the
learner does to logging or jit), the state a learner's module keeps, and where primitives sit in
a program."""

import numpy as np
from test_checklib import failure

from tutor.protocol import details as D
from tutor.worker.checklib import (
    CompileLog,
    TraceCounter,
    assert_compile_count,
    scan_carry_shapes,
    scan_operand_shapes,
)


def test_trace_counter_and_compile_log_by_name():

    import jax
    import jax.numpy as jnp

    def scaled_step(x, lr):
        return x - lr * x

    counter = TraceCounter(scaled_step)
    dyn = jax.jit(counter.wrapped)
    static = jax.jit(scaled_step, static_argnums=1)
    with CompileLog() as log:
        for lr in (0.1, 0.2, 0.3):
            dyn(jnp.float32(1.0), lr)
    assert counter.count == 1
    assert_compile_count(log, "scaled_step", expected=1, msg="m")
    with CompileLog() as log:
        for lr in (0.1, 0.2, 0.3):
            static(jnp.float32(1.0), lr)
    e = failure(assert_compile_count, log, "scaled_step", expected=1, msg="recompiles")
    assert e.detail.actual == 3 and e.detail.function == "scaled_step"


def test_module_state_sees_rebinding_mutation_tracers_and_vanished_names():
    import jax
    import jax.numpy as jnp

    from tutor.worker.checklib import ModuleState

    ns = {"__name__": "__main__", "calls": 0, "seen": [], "scale": np.ones(3), "gone": 1}

    def tally(x):
        ns["calls"] = ns["calls"] + 1  # `global calls; calls = calls + 1` in a jitted function
        return x

    before = ModuleState(ns)
    assert not before.changes()
    jax.make_jaxpr(lambda x: tally(x) * 2)(jnp.ones(3))
    assert before.changes().changed == ["calls"]  # an int became an int: same type, new value
    ns["calls"] = 0
    before = ModuleState(ns)
    jax.make_jaxpr(lambda x: (ns.__setitem__("calls", x), x)[1])(jnp.ones(3))
    change = before.changes()
    assert change.changed == ["calls"] and change.tracers == ["calls"]
    ns["calls"] = 0
    before = ModuleState(ns)
    ns["seen"].append(1.0)
    ns["scale"][0] = 2.0  # in place: same object, new values
    del ns["gone"]
    ns["fresh"] = 3
    change = before.changes()
    assert change.changed == ["scale", "seen"]
    assert (change.new, change.vanished) == (["fresh"], ["gone"])
    assert "calls" not in change.names and "tracer" not in change.words()


def test_module_state_looks_into_closures_objects_and_nan_values():
    from tutor.worker.checklib import ModuleState

    def make():
        n = 0

        def bump():
            nonlocal n
            n += 1
            return n

        return bump

    class Box:
        pass

    box = Box()
    box.value = float("nan")
    ns = {"__name__": "__main__", "bump": make(), "box": box, "nan": float("nan")}
    before = ModuleState(ns)
    assert not before.changes()  # NaN equals itself in the picture
    ns["bump"]()
    box.value = 1.0
    assert before.changes().changed == ["box", "bump"]


def test_trace_counter_counts_traces_when_the_learner_disabled_jit():
    import jax
    import jax.numpy as jnp

    def step(x):
        return x + 1

    counter = TraceCounter(step)
    jax.config.update("jax_disable_jit", True)
    try:
        f = counter.jit()
        for _ in range(5):
            f(jnp.float32(1.0))
        assert jax.config.jax_disable_jit is True
    finally:
        jax.config.update("jax_disable_jit", False)
    assert counter.count == 1


def test_compile_log_ignores_the_learners_logging_and_disable_jit():
    import logging

    import jax
    import jax.numpy as jnp

    def doubled(x):
        return 2 * x

    logging.disable(logging.WARNING)
    jax.config.update("jax_disable_jit", True)
    try:
        f = jax.jit(doubled)
        with CompileLog() as log:
            f(jnp.ones(3))
            f(jnp.ones(4))
        assert log.count("doubled") == 2
        assert log.total >= 2
        assert jax.config.jax_disable_jit is True  # the learner's setting is restored after
    finally:
        logging.disable(logging.NOTSET)
        jax.config.update("jax_disable_jit", False)
    e = failure(assert_compile_count, log, None, at_most=1, msg="too many")
    assert e.detail.function is None and e.detail.actual == log.total
    with CompileLog() as empty:
        pass
    assert isinstance(
        failure(assert_compile_count, empty, "doubled", at_least=1, msg="none").detail, D.Compiles
    )


def test_primitive_sites_walk_into_sub_programs():
    import jax
    import jax.numpy as jnp

    from tutor.worker.checklib import primitive_counts, primitive_sites

    def body(c, x):
        return c + jnp.sin(x), c

    def scanned(xs):
        return jax.lax.scan(jax.checkpoint(body), 0.0, xs)[0]

    counts = primitive_counts(scanned, jnp.ones(4))
    assert counts["scan"] == 1 and counts["sin"] == 1
    sites = primitive_sites(scanned, jnp.ones(4))
    sin_site = next(enclosing for name, enclosing in sites if name == "sin")
    assert sin_site[0] == "scan" and sin_site[-1] in ("checkpoint", "remat", "remat2"), sin_site


def test_scan_carry_shapes_reads_every_scan_and_its_carry_leaves():
    """The shapes of each scan's initial carry, one per carry leaf, scans inside other
    transformations included; consts (closed-over arrays) and xs are not the carry."""
    import jax
    import jax.numpy as jnp

    w = jnp.ones((16, 16))

    def run(xs, h0):
        def step(carry, x):
            h, n = carry
            return (jnp.tanh(h @ w + x), n + 1), h.sum()

        return jax.lax.scan(step, (h0, 0), xs)[1]

    xs = jnp.zeros((7, 16))
    assert scan_carry_shapes(run, xs, jnp.zeros((1, 16))) == [[(1, 16), ()]]
    assert scan_carry_shapes(run, xs, jnp.zeros(16)) == [[(16,), ()]]
    batched = jax.vmap(run, (0, None))
    assert scan_carry_shapes(batched, jnp.zeros((3, 7, 16)), jnp.zeros(16)) == [[(3, 16), ()]]
    inner = jax.jit(lambda xs: run(xs, jnp.zeros(16)) * 2)
    assert scan_carry_shapes(inner, xs) == [[(16,), ()]]
    assert scan_carry_shapes(lambda x: x + 1, xs) == []


def test_scan_operand_shapes_sees_a_carry_passed_on_unchanged_among_the_consts():
    """A carry that every step hands on unchanged (a mask indexed by a counter) is hoisted by JAX
    into the scan's consts; what each step is handed (xs) is the third group."""
    import jax
    import jax.numpy as jnp

    def by_counter(xs, mask):
        def step(carry, x):
            h, m, i = carry
            return (jnp.where(m[i], h + x, h), m, i + 1), None

        return jax.lax.scan(step, (0.0, mask, 0), xs)[0][0]

    def with_input(xs, mask):
        def step(h, xm):
            x, m = xm
            return jnp.where(m, h + x, h), None

        return jax.lax.scan(step, 0.0, (xs, mask))[0]

    xs, mask = jnp.ones(5), jnp.ones(5, bool)
    ((consts, carry, per_step),) = scan_operand_shapes(by_counter, xs, mask)
    assert (5,) in consts and (5,) not in carry and per_step == [(5,)]
    assert scan_operand_shapes(with_input, xs, mask) == [([], [()], [(5,), (5,)])]
