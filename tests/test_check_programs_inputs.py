"""Program inspection helpers that see how a learner's program was built: which inputs it reads,
which constants it carries, and which jax.jit function produced a value."""

import warnings

import pytest

from tutor.worker.checklib import (
    HostRandomDraws,
    JitCalls,
    LearnerClears,
    LegacyKeyUses,
    argument_use,
    rebuilt_jit,
    scan_lengths,
)

jax = pytest.importorskip("jax")
jnp = jax.numpy


def test_argument_use_sees_a_weight_taken_from_a_closure():
    W = jnp.ones((4, 3))

    def closed(p, x):
        return W @ x

    def reads(p, x):
        return p["W"] @ x

    p, x = {"W": jnp.zeros((4, 3))}, jnp.ones(3)
    assert argument_use(closed, p, x) == ([False, True], [(4, 3)])
    assert argument_use(reads, p, x) == ([True, True], [])


def test_jit_calls_find_the_producer_and_its_scan():
    def fit(x):
        return jax.lax.scan(lambda c, _: (c + 1.0, None), x, None, length=5)[0]

    def step(x):
        return x + 2.0

    with JitCalls() as log:
        by_scan = jax.jit(fit)(jnp.zeros(2))
        y = jnp.zeros(2)
        stepper = jax.jit(step)
        for _ in range(5):
            y = stepper(y)
    assert not isinstance(jax.jit(step), type(stepper))  # jax.jit is restored on exit
    scan_producer = log.producer_of(by_scan)
    assert scan_producer.label == "fit" and scan_lengths(scan_producer.jaxpr) == [5]
    loop_producer = log.producer_of({"y": y})
    assert loop_producer.label == "step" and loop_producer.count == 5
    assert scan_lengths(loop_producer.jaxpr) == []
    assert log.producer_of(jnp.full(2, 7.0)) is None


def test_legacy_key_uses_count_raw_keys_only_and_let_other_warnings_through():
    before = jax.config.jax_legacy_prng_key
    with warnings.catch_warnings(record=True) as shown:
        warnings.simplefilter("always")
        with LegacyKeyUses() as uses:
            jax.random.normal(jax.random.key(0), (2,))
            jax.random.split(jax.random.PRNGKey(0))
            warnings.warn("the learner's own warning", UserWarning, stacklevel=1)
    assert uses.count == 1
    assert [str(w.message) for w in shown] == ["the learner's own warning"]
    assert jax.config.jax_legacy_prng_key == before


LEARNER_DRAWS = """
import random
import numpy as np
from jax.test_util import check_grads
np.random.seed(1)
a = np.random.randn(3)
g = np.random.default_rng(2)
b = g.normal(size=2)
c = [random.gauss(0.0, 1.0) for _ in range(2)]
d = np.asarray([1.0, 2.0]).sum()
check_grads(lambda x: (x ** 2).sum(), (jax.numpy.ones(2),), order=1, modes=["rev"])
"""


def test_host_random_draws_count_the_learners_own_calls_only():
    import random

    import numpy as np

    real = (np.random.randn, np.random.default_rng, np.random.RandomState, random.gauss)
    with HostRandomDraws() as draws:
        exec(LEARNER_DRAWS, {"__name__": "__main__", "jax": jax})
        np.random.randn(2)  # a library's (here: the test module's) draw is not the learner's
    assert dict(draws.calls) == {
        "np.random.randn": 1,
        "np.random.default_rng": 1,
        "random.gauss": 2,
    }
    assert (np.random.randn, np.random.default_rng, np.random.RandomState, random.gauss) == real


def test_rebuilt_jit_is_said_only_when_every_repeat_compiles_a_new_function():
    def body(x):
        return jnp.sin(x) * 2.0

    once = jax.jit(body)

    def fresh_each_call(x):
        return jax.jit(lambda v: body(v))(x)

    def clears_then_calls(x):
        jax.clear_caches()
        return once(x)

    x = jnp.arange(3.0)
    said = rebuilt_jit(lambda: fresh_each_call(x))
    assert "<lambda>" in said
    assert rebuilt_jit(lambda: body(x)) == ""  # op by op: the repeats reuse compiled operations
    assert rebuilt_jit(lambda: once(x)) == ""  # one jitted object: its cache is reused
    assert rebuilt_jit(lambda: clears_then_calls(x)) == ""  # recompiles, but caches were cleared

    def clears_own_then_calls(x):
        once.clear_cache()
        return once(x)

    assert rebuilt_jit(lambda: clears_own_then_calls(x)) == ""  # its own cache cleared: not rebuilt


def test_learner_clears_names_each_kind_of_clear_and_restores_both():
    jitted = jax.jit(lambda v: v + 1.0)
    real_clear_caches = jax.clear_caches
    with LearnerClears() as clears:
        jitted(jnp.ones(2))
        jitted.clear_cache()
        jitted.clear_cache()
        jax.clear_caches()
    assert clears.calls == 3
    assert clears.what == "<lambda>.clear_cache(), jax.clear_caches()"
    assert jax.clear_caches is real_clear_caches
    with LearnerClears() as untouched:
        jitted.clear_cache()  # the type's own method again: nothing counted in a later block...
    assert untouched.calls == 1
    jitted.clear_cache()  # ...and nothing counted outside one
    assert untouched.calls == 1 and clears.calls == 3
