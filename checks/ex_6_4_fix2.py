"""Repair 6.4-fix2: assigning a field of a frozen dataclass -> FrozenInstanceError; use
dataclasses.replace.

Checks: a new Linear with the new b, the same w and name ("values"); the caller's layer is left
as it was ("original"); under jit, three biases compile once and keep the name ("jit")."""

import _repair_ch6 as R
import numpy as np

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    assert_close,
    assert_compile_count,
    assert_equal,
    compare,
    fail,
    msg,
    rng,
)

checks = Checks("ex_6_4_fix2")

SYMPTOMS = {
    "FrozenInstanceError": msg("ex_6_4_fix2.module.frozeninstanceerror"),
    "word:has no attribute '_replace'": msg("ex_6_4_fix2.module.namedtuple_replace"),
}


def _layer(L, seed, name):
    import jax.numpy as jnp

    g = rng(seed)
    w = g.normal(size=(3, 2)).astype(np.float32)
    b = g.normal(size=2).astype(np.float32)
    return L.Linear(w=jnp.asarray(w), b=jnp.asarray(b), name=name), w, b


def _fields(out, what):
    if type(out).__name__ != "Linear" or not all(hasattr(out, f) for f in ("w", "b", "name")):
        fail(
            msg("ex_6_4_fix2.fields.fail", what=what, name=type(out).__name__),
            actual=repr(out)[:200],
        )
    return (
        as_array(out.w, f"{what}.w", shape=(3, 2)),
        as_array(out.b, f"{what}.b", shape=(2,)),
        out.name,
    )


@checks.add("values")
def _(L):
    import jax.numpy as jnp

    layer, w, b = _layer(L, 641, "enc")
    new_b = rng(642).uniform(5.0, 9.0, size=2).astype(np.float32)
    out = R.call(L.with_bias, layer, jnp.asarray(new_b), what="with_bias", symptoms=SYMPTOMS)
    leaves = [getattr(out, "w", None), getattr(out, "b", None)]  # both the new b: all replaced
    if all(
        np.shape(v) == new_b.shape and compare(np.asarray(v), new_b, rtol=0, atol=0) is None
        for v in leaves
    ):
        fail(msg("ex_6_4_fix2.values.every_leaf"), shape=list(new_b.shape))
    got_w = getattr(out, "w", None)
    if np.shape(got_w) == new_b.shape and compare(np.asarray(got_w), new_b, rtol=0, atol=0) is None:
        fail(msg("ex_6_4_fix2.values.bias_into_w"), shape=list(new_b.shape))  # replace(layer, w=b)
    got_w, got_b, got_name = _fields(out, msg("ex_6_4_fix2.values.fields"))
    assert_close(
        got_b,
        new_b,
        rtol=0,
        atol=0,
        what=msg("ex_6_4_fix2.values.what"),
        msg=msg("ex_6_4_fix2.values.msg"),
        mistakes=[
            Mistake(
                "bias_unchanged",
                b,
                msg("ex_6_4_fix2.values.mistake_bias_unchanged"),
            ),
            Mistake(
                "bias_added",
                b + new_b,  # float32 + float32, as JAX adds them
                msg("ex_6_4_fix2.values.mistake_bias_added"),
            ),
        ],
    )
    assert_close(
        got_w,
        w,
        rtol=0,
        atol=0,
        what=msg("ex_6_4_fix2.values.what_2"),
        msg=msg("ex_6_4_fix2.values.w_changed"),
    )
    assert_equal(
        got_name,
        "enc",
        msg("ex_6_4_fix2.values.assert_equal", got_name=got_name),
        what=msg("ex_6_4_fix2.values.what_3"),
    )


@checks.add("original")
def _(L):
    import jax.numpy as jnp

    layer, w, b = _layer(L, 643, "dec")
    try:
        L.with_bias(layer, jnp.full(2, 7.0, jnp.float32))
    except Exception:  # the symptom itself is reported by "values"
        pass
    assert_close(
        as_array(layer.b, msg("ex_6_4_fix2.original.as_array"), shape=(2,)),
        b,
        rtol=0,
        atol=0,
        what=msg("ex_6_4_fix2.original.what"),
        msg=msg("ex_6_4_fix2.original.msg") if _frozen(L) else msg("ex_6_4_fix2.original.unfrozen"),
    )


def _frozen(L) -> bool:
    """Linear as the learner's file leaves it is still a frozen dataclass (a file may define its
    own Linear without frozen=True, and then plain assignment changes the caller's layer)."""
    params = getattr(L.Linear, "__dataclass_params__", None)
    return params is None or bool(getattr(params, "frozen", True))


@checks.add("jit", needs="values")
def _(L):
    import jax.numpy as jnp

    layer, w, _ = _layer(L, 644, "head")
    fn = R.jitted(L.with_bias)
    biases = [jnp.full(2, v, jnp.float32) for v in (1.0, -2.0, 3.5)]
    with CompileLog() as log:
        outs = [fn(layer, bb) for bb in biases]
    assert_compile_count(log, None, expected=1, msg=msg("ex_6_4_fix2.jit.msg", total=log.total))
    for bb, out in zip(biases, outs, strict=False):
        got_w, got_b, name = _fields(out, msg("ex_6_4_fix2.jit.fields"))
        assert_close(
            got_b,
            np.asarray(bb),
            rtol=0,
            atol=0,
            what=msg("ex_6_4_fix2.jit.what"),
            msg=msg("ex_6_4_fix2.jit.bias_differs"),
        )
        assert_equal(name, "head", msg("ex_6_4_fix2.jit.assert_equal", name=name), what="name")
