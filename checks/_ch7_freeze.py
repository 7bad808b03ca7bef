"""The freeze exercise's parts checked on their own (ex_7_6 registers the checks): the learner's
transforms run with their results' structure checked first, freeze(mask) on a small tree (mask as
a tree and as a function of the params), and the float64 reference of ex6_opt: AdamW (lr 0.01,
decay 1e-4) then the freeze of dense_0, with the known wrong orders simulated."""

import numpy as np
from _ch7 import np_mlp_params
from _layer_tree import layer_leaves

from tutor.worker.checklib import (
    as_array,
    as_callable,
    as_entry,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    later,
    msg,
)

FREEZE_LIKE = later("_ch7_freeze.freeze_like")  # what freeze(mask).update returns

LR, DECAY, B1, B2, EPS = 0.01, 1e-4, 0.9, 0.999, 1e-8


def as_transform(value, what):
    """A gradient transformation from the learner: anything with callable init and update."""
    for part in ("init", "update"):
        as_callable(getattr(value, part, None), f"{what}.{part}")
    return value


def pair(out, what):
    return as_tuple(out, 2, what)


def freeze_pair_shaped(L):
    """freeze(mask).update must return (updates, state) before ex6_opt's chain unpacks it."""
    import jax.numpy as jnp

    leaf = dict(w=jnp.ones(2))
    made = as_transform(as_callable(L.freeze, "freeze")(dict(w=True)), "freeze(mask)")
    pair(
        made.update(leaf, made.init(leaf), leaf),
        msg("_ch7_freeze.update_result"),
    )


def freeze_transform(L):
    """Leaves whose mask is true get a zero update, the others pass unchanged."""
    import jax.numpy as jnp

    incoming = dict(a=jnp.full((3,), 1.0), b=dict(c=jnp.full((2,), 2.0), d=jnp.full((4,), -1.0)))
    flags = dict(a=True, b=dict(c=False, d=True))

    def through(mask_arg):
        made = as_transform(as_callable(L.freeze, "freeze")(mask_arg), "freeze(mask)")
        return pair(
            made.update(incoming, made.init(incoming), incoming),
            "freeze(mask).update(...)",
        )[0]

    try:
        out = through(flags)
        tree_accepted = True
    except Exception:  # the chapter also accepts a freeze whose mask must be a function
        out = through(lambda _params: flags)
        tree_accepted = False
    inner = as_entry(out, "b", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE)
    a = as_array(
        as_entry(out, "a", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE),
        msg("_ch7_freeze.update_of_a"),
    )
    c = as_array(
        as_entry(inner, "c", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE),
        msg("_ch7_freeze.update_of_bc"),
    )
    d = as_array(
        as_entry(inner, "d", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE),
        msg("_ch7_freeze.update_of_bd"),
    )

    def same(x, y):
        return compare(x, y, rtol=0, atol=0) is None

    if same(a, np.ones(3)) and same(d, -np.ones(4)) and same(c, np.zeros(2)):
        fail(msg("_ch7_freeze.mask_inverted"), a=a, c=c, d=d)
    assert_that(np.all(a == 0) and np.all(d == 0), msg("_ch7_freeze.frozen_not_zero"), a=a, d=d)
    assert_close(
        c,
        np.full(2, 2.0),
        rtol=0,
        atol=0,
        what=msg("_ch7_freeze.update_of_bc"),
        msg=msg("_ch7_freeze.unfrozen_changed"),
    )
    # a mask given as a function of the params: it must be called on the params passed to update
    # (here their signs differ from the updates', so a mask computed from the updates differs)
    params = dict(a=jnp.full((3,), 1.0), b=dict(c=jnp.full((2,), -1.0), d=jnp.full((4,), 1.0)))

    def by_value(p):
        return dict(
            a=bool(np.sum(p["a"]) > 0),
            b=dict(c=bool(np.sum(p["b"]["c"]) > 0), d=bool(np.sum(p["b"]["d"]) > 0)),
        )

    made = as_transform(L.freeze(by_value), "freeze(mask_fn)")
    try:
        out = made.update(incoming, made.init(params), params)
    except Exception as e:
        if not tree_accepted:
            raise
        # the same freeze took a tree of flags: a function in its place is used as a tree
        fail(msg("_ch7_freeze.mask_fn_used_as_tree", error=type(e).__name__))
    out = pair(out, "freeze(mask_fn).update(...)")[0]
    got = {
        k: as_array(v, msg("_ch7_freeze.update_of_leaf", k=k))
        for k, v in (
            ("a", as_entry(out, "a", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE)),
            (
                "b.c",
                as_entry(
                    as_entry(out, "b", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE),
                    "c",
                    msg("_ch7_freeze.freeze_output"),
                    FREEZE_LIKE,
                ),
            ),
            (
                "b.d",
                as_entry(
                    as_entry(out, "b", msg("_ch7_freeze.freeze_output"), FREEZE_LIKE),
                    "d",
                    msg("_ch7_freeze.freeze_output"),
                    FREEZE_LIKE,
                ),
            ),
        )
    }
    want = {"a": np.zeros(3), "b.c": np.full(2, 2.0), "b.d": np.zeros(4)}
    assert_close(
        got,
        want,
        rtol=0,
        atol=0,
        what=msg("_ch7_freeze.updates_with_mask_fn"),
        msg=msg("_ch7_freeze.mask_fn_not_called"),
    )


def np_opt_updates(
    params, grads_seq, *, decay=DECAY, frozen=("w", "b"), freeze_first=False, lr=None
):
    """Updates of chain(adamw(lr, weight_decay=decay), freeze(dense_0 leaves in `frozen`)) in
    float64 (lr 0.01 unless given); freeze_first: the freeze is applied to the gradient before adamw
    instead."""
    rate = LR if lr is None else lr
    m = {(name, k): 0.0 for name in params for k in params[name]}
    v = dict(m)
    out = []
    for t, grads in enumerate(grads_seq, 1):
        step = {}
        for name in params:
            step[name] = {}
            for k in params[name]:
                p, g = (
                    np.asarray(params[name][k], np.float64),
                    np.asarray(grads[name][k], np.float64),
                )
                is_frozen = name == "dense_0" and k in frozen
                if freeze_first and is_frozen:
                    g = np.zeros_like(g)
                m[name, k] = B1 * m[name, k] + (1 - B1) * g
                v[name, k] = B2 * v[name, k] + (1 - B2) * g * g
                adam = (m[name, k] / (1 - B1**t)) / (np.sqrt(v[name, k] / (1 - B2**t)) + EPS)
                u = -rate * (adam + decay * p)
                step[name][k] = np.zeros_like(u) if (is_frozen and not freeze_first) else u
        out.append(step)
    return out


def hands_back_step(fresh, step_fn, X, Y) -> bool:
    """Whether the training step returns the step it receives (given step 5, it returns 5), not a
    step it sets back to a constant: only then is the step said to be handed back."""
    import dataclasses

    import jax.numpy as jnp

    try:
        probe = dataclasses.replace(fresh, step=jnp.array(5, dtype=jnp.int32))
        return int(np.asarray(pair(step_fn(probe, X, Y), "")[0].step)) == 5
    except Exception:  # the probe is ours: a failure of it names nothing
        return False


def probe_inputs():
    """The optimizer probe's parameters (20 → 64 → 10, seed 606) and three gradients: a zero one
    first (it isolates the weight decay), then two random ones."""
    params = np_mlp_params(606, (20, 64, 10))
    gen = np.random.default_rng(607)
    grads_seq = [
        {name: {k: np.zeros_like(v) for k, v in layer.items()} for name, layer in params.items()}
    ]
    grads_seq += [
        {
            name: {k: gen.standard_normal(v.shape).astype(np.float32) for k, v in layer.items()}
            for name, layer in params.items()
        }
        for _ in range(2)
    ]
    return params, grads_seq


def learner_updates(L, params, grads_seq):
    """The updates ex6_opt gives for `grads_seq` from its init on `params`, as NumPy arrays per
    layer and leaf (w, b of dense_0 and dense_1)."""
    import jax
    import jax.numpy as jnp

    def to_jax(tree):
        return {name: {k: jnp.asarray(v) for k, v in layer.items()} for name, layer in tree.items()}

    opt = as_transform(L.ex6_opt, "ex6_opt")
    state = opt.init(to_jax(params))
    update = jax.jit(opt.update)  # one compile instead of an eager compile per op
    actual = []
    for grads in grads_seq:
        delta, state = pair(update(to_jax(grads), state, to_jax(params)), "ex6_opt.update(...)")
        actual.append(
            layer_leaves(
                delta,
                ("dense_0", "dense_1"),
                msg("ex_7_6.opt_updates"),
                lambda name: msg("ex_7_6.opt_update_of", name=name),
                lambda name, k: msg("ex_7_6.opt_update_of_leaf", name=name, k=k),
            )
        )
    return actual
