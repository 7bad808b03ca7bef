"""Repair 6.6-fix1: learning rate and momentum marked static_argnums -> every new value
recompiles; make them dynamic arguments.

Checks: five momentum steps with a changing (learning rate, momentum) schedule match a float64
reference ("values"); the five calls compile exactly once ("one_compile"), saying that fast_update
never compiled and ran operation by operation only when no jitted function it calls compiled
either; a plain wrapper around one that did is told that function's count and what tracing the
wrapper showed (an error, or operations outside the jitted call)."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_scalar,
    as_tuple,
    assert_close,
    assert_compile_count,
    fn_name,
    msg,
    rebuilt_jit,
)

checks = Checks("ex_6_6_fix1")

RATES = (0.10, 0.09, 0.08, 0.07, 0.06)
MOMENTA = (0.5, 0.6, 0.5, 0.7, 0.6)


def _reference(rates, momenta):
    x = v = 0.0
    path = []
    for lr, mu in zip(rates, momenta, strict=False):
        v = mu * v + lr * 2.0 * (x - 3.0)  # Sutskever form: v ← μ·v + η·g, θ ← θ − v
        x = x - v
        path.append(x)
    return np.array(path)


def _variant(kind):
    """The path of a momentum step written by hand another way: an EMA velocity ("ema",
    v ← μ·v + (1 − μ)·η·g), μ on the whole sum ("mu_all", v ← μ·(v + η·g)), the parameters moved
    by the old velocity ("stale"), by η·g alone ("sgd"), by +v ("ascent")
    or by η·v, the learning rate applied a second time ("lr_twice"), and the form with the learning
    rate outside the velocity ("lr_outside", v ← μ·v + g, θ ← θ − η·v, as Optax writes it)."""
    x = v = 0.0
    path = []
    for lr, mu in zip(RATES, MOMENTA, strict=False):
        g, old = 2.0 * (x - 3.0), v
        v = {
            "ema": mu * v + (1 - mu) * lr * g,
            "mu_all": mu * (v + lr * g),
            "lr_outside": mu * v + g,
        }.get(kind, mu * v + lr * g)
        step = {"stale": old, "sgd": lr * g, "ascent": -v, "lr_twice": lr * v, "lr_outside": lr * v}
        x = x - step.get(kind, v)
        path.append(x)
    return np.array(path)


def _walk(L, fn):
    import jax.numpy as jnp

    state = L.OptimizerState(params=jnp.zeros((), jnp.float32), velocity=jnp.zeros((), jnp.float32))
    path = []
    for k, (lr, mu) in enumerate(zip(RATES, MOMENTA, strict=False)):
        grad = 2.0 * (state.params - 3.0)
        state = fn(state, grad, lr, mu)
        params, _ = as_tuple(state, 2, msg("ex_6_6_fix1.walk.as_tuple", k=k + 1))
        path.append(as_scalar(params, msg("ex_6_6_fix1.walk.as_scalar", k=k + 1)))
        state = L.OptimizerState(*as_tuple(state, 2, msg("ex_6_6_fix1.walk.as_tuple_2")))
    return np.array(path)


def _constant(path) -> list[Mistake]:
    """The path of a step that ignores the lr and mu passed in and uses fixed ones: the pair is
    solved from the first two steps (x₁ = 6·η, then μ from x₂), the mistake is the whole path."""
    try:
        x1, x2 = float(path[0]), float(path[1])
        lr = x1 / 6.0
        v1 = -6.0 * lr
        mu = (x1 - x2 - lr * 2.0 * (x1 - 3.0)) / v1
    except (IndexError, TypeError, ZeroDivisionError):
        return []
    if not (np.isfinite(lr) and np.isfinite(mu)):
        return []
    n = len(RATES)
    fixed = _reference((lr,) * n, (mu,) * n)
    return [Mistake("constant", fixed, msg("ex_6_6_fix1.values.mistake_constant", lr=lr, mu=mu))]


@checks.add("values")
def _(L):
    path = _walk(L, L.fast_update)
    assert_close(
        path,
        _reference(RATES, MOMENTA),
        rtol=1e-5,
        atol=1e-5,
        what=msg("ex_6_6_fix1.values.what"),
        msg=msg("ex_6_6_fix1.values.msg"),
        mistakes=[
            Mistake(
                "swapped",
                _reference(MOMENTA, RATES),
                msg("ex_6_6_fix1.values.mistake_swapped"),
            ),
            Mistake(
                "no_lr",
                _reference((1.0,) * len(RATES), MOMENTA),
                msg("ex_6_6_fix1.values.mistake_no_lr"),
            ),
            *_constant(path),
            Mistake("ema", _variant("ema"), msg("ex_6_6_fix1.values.mistake_ema")),
            Mistake("mu_all", _variant("mu_all"), msg("ex_6_6_fix1.values.mistake_mu_all")),
            Mistake("stale", _variant("stale"), msg("ex_6_6_fix1.values.mistake_stale")),
            Mistake("sgd", _variant("sgd"), msg("ex_6_6_fix1.values.mistake_sgd")),
            Mistake("ascent", _variant("ascent"), msg("ex_6_6_fix1.values.mistake_ascent")),
            Mistake("lr_twice", _variant("lr_twice"), msg("ex_6_6_fix1.values.mistake_lr_twice")),
            Mistake(
                "lr_outside", _variant("lr_outside"), msg("ex_6_6_fix1.values.mistake_lr_outside")
            ),
        ],
    )


def _per_rate_words(L, fn, name, n) -> str:
    """One compile per learning rate: a new jitted function per call (rebuilt_jit), or a static
    learning rate, with the momentum static too when a new momentum alone compiles again."""
    import jax.numpy as jnp

    def call(mu):
        state = L.OptimizerState(
            params=jnp.zeros((), jnp.float32), velocity=jnp.zeros((), jnp.float32)
        )
        return fn(state, jnp.float32(1.0), RATES[0], mu)

    rebuilt = rebuilt_jit(lambda: call(MOMENTA[0]))
    if rebuilt:
        return rebuilt
    try:
        with CompileLog(clear=False) as log:
            call(0.95)  # the learning rate already compiled, a momentum never seen
    except Exception:  # the count already failed; a raising call shows nothing more
        return msg("ex_6_6_fix1.one_compile.why_4", n=n)
    if log.count(name):
        return msg("ex_6_6_fix1.one_compile.why_both", len_rates=len(RATES), n=n)
    return msg("ex_6_6_fix1.one_compile.why_2", len_rates=len(RATES), n=n)


def _jitted_callees(fn) -> list[str]:
    """The names of the jitted functions fn's code refers to (module level or closed over)."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return []
    scope = dict(getattr(fn, "__globals__", {}))
    for name, cell in zip(code.co_freevars, getattr(fn, "__closure__", None) or (), strict=False):
        try:
            scope[name] = cell.cell_contents
        except ValueError:  # an empty cell
            continue
    found = (scope.get(name) for name in code.co_names + code.co_freevars)
    return list(dict.fromkeys(fn_name(v) for v in found if hasattr(v, "lower")))


def _wrapper_words(fn, args, log) -> str:
    """No program compiled under fast_update's name. When fast_update is a plain function that
    calls a jitted one which did compile, what was computed: that function's compile count and why
    fast_update's own name is not that function's (tracing fast_update raised, or it runs other
    operations around the call); otherwise nothing but single operations ran."""
    import jax

    called = [name for name in _jitted_callees(fn) if log.count(name)]
    if hasattr(fn, "lower") or not called:
        return msg("ex_6_6_fix1.one_compile.why")
    inner = called[0]
    try:
        eqns = jax.make_jaxpr(fn)(*args).jaxpr.eqns
    except Exception as e:  # the learner's wrapper cannot be traced: that is what is said
        how = msg("ex_6_6_fix1.one_compile.wrapper_untraceable", error=type(e).__name__)
    else:
        around = sorted({e.primitive.name for e in eqns} - {"pjit", "jit"})
        if not around:
            return msg("ex_6_6_fix1.one_compile.why_not_own", inner=inner, k=log.count(inner))
        how = msg("ex_6_6_fix1.one_compile.wrapper_ops", ops=", ".join(around))
    return msg("ex_6_6_fix1.one_compile.why_wrapper", inner=inner, k=log.count(inner), how=how)


@checks.add("one_compile")
def _(L):
    import jax.numpy as jnp

    fn = L.fast_update
    zero = jnp.zeros((), jnp.float32)
    start = L.OptimizerState(params=zero, velocity=zero)
    # a plain function whose whole body calls one jitted function compiles under that one's name
    name = R.compiled_name(fn, start, zero, RATES[0], MOMENTA[0])
    with CompileLog() as log:
        _walk(L, fn)
    n = log.count(name)
    pairs = len(set(zip(RATES, MOMENTA, strict=True)))
    per_pair = [other for other in dict.fromkeys(log.names) if log.count(other) == pairs]
    if n == 0 and per_pair:
        why = msg("ex_6_6_fix1.one_compile.why_per_pair", inner=per_pair[0], n=pairs)
    elif n == 0:
        why = _wrapper_words(fn, (start, zero, RATES[0], MOMENTA[0]), log)
    elif n == len(set(RATES)):
        why = _per_rate_words(L, fn, name, n)
    elif n == len(set(MOMENTA)):
        why = msg("ex_6_6_fix1.one_compile.why_3", len_v=len(set(MOMENTA)), n=n)
    else:
        why = msg("ex_6_6_fix1.one_compile.why_4", n=n)
    assert_compile_count(log, name, expected=1, msg=why + msg("ex_6_6_fix1.one_compile.text"))
