"""The 7.7 project's parts, each checked on its own before any training: ce_loss, weight_mask and
init_state, the optimizer chain and its learning-rate schedule (ex_7_7 registers these checks), and
the fresh spiral data every check of the project trains on."""

import numpy as np
from _ch7 import (
    PARAMS_LIKE,
    np_log_softmax,
    np_mlp,
    np_mlp_params,
    np_spiral,
    np_spiral_schedule,
    np_spiral_updates,
)
from _layer_tree import layer_leaves

from tutor.worker.checklib import (
    Mistake,
    as_array,
    as_callable,
    as_entry,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    compare,
    fail,
    msg,
    primitive_counts,
    skip,
)

SEED = 7707
N_TEST = 360


def spiral_data():
    """(X_train, y_train, X_test, y_test): a fresh spiral, 600 per class, 360 test samples."""
    X, y = np_spiral(SEED, 600)
    perm = np.random.default_rng(SEED + 1).permutation(X.shape[0])
    return X[perm[N_TEST:]], y[perm[N_TEST:]], X[perm[:N_TEST]], y[perm[:N_TEST]]


def np_params(params):
    return {k: {n: np.asarray(v) for n, v in layer.items()} for k, layer in params.items()}


def np_ce(logits, y):
    return float(-np.mean(np_log_softmax(logits)[np.arange(len(y)), y]))


def ce_loss(L):
    """ce_loss equals the float64 cross-entropy, and stays finite and right for logits in the
    thousands (log_softmax, not log(softmax))."""
    import jax.numpy as jnp

    g = np.random.default_rng(71)
    params = np_mlp_params(72, (2, 64, 64, 3))
    X = g.standard_normal((50, 2)).astype(np.float32)
    Y = g.integers(0, 3, 50).astype(np.int32)
    jp = {k: {n: jnp.asarray(v) for n, v in layer.items()} for k, layer in params.items()}
    got = as_scalar(L.ce_loss(jp, jnp.asarray(X), jnp.asarray(Y)), "ce_loss(params, X, Y)")
    ce = np_ce(np_mlp(params, X), Y)
    block = float(-np.mean(np_log_softmax(np_mlp(params, X))[:, Y]))  # log_probs[:, Y]: n × n
    assert_close(
        got,
        ce,
        rtol=1e-5,
        atol=0,
        what="ce_loss(params, X, Y)",
        msg=msg("_ch7_project_parts.ce_differs"),
        mistakes=[
            *ce_mistakes(ce, len(Y), params),
            Mistake("block", block, msg("_ch7_project_parts.ce_label_block", n=len(Y))),
        ],
    )
    big = {
        k: {n: (v * 40.0 if n == "w" else v) for n, v in layer.items()}
        for k, layer in params.items()
    }
    jbig = {k: {n: jnp.asarray(v) for n, v in layer.items()} for k, layer in big.items()}
    ref = np_ce(np_mlp(big, X), Y)
    got_big = as_scalar(L.ce_loss(jbig, jnp.asarray(X), jnp.asarray(Y)), "ce_loss(params, X, Y)")
    assert_that(
        np.isfinite(got_big),
        _nonfinite_cause(L, jbig, X, Y) if not np.isfinite(got_big) else "",
        expected=ref,
        actual=got_big,
    )
    assert_close(
        got_big,
        ref,
        rtol=1e-4,
        atol=0,
        what=msg("_ch7_project_parts.ce_big_logits"),
        msg=msg("_ch7_project_parts.ce_big_inaccurate"),
    )


def _nonfinite_cause(L, params, X, Y) -> str:
    """Why ce_loss is inf/NaN at large logits, read from its program: without a reduce_max no
    maximum was subtracted and exp overflowed; with one (jax.nn.softmax subtracts it), the log was
    taken of a probability that underflowed to 0."""
    import jax.numpy as jnp

    try:
        prims = primitive_counts(L.ce_loss, params, jnp.asarray(X), jnp.asarray(Y))
    except Exception:  # noqa: BLE001 - the probe is ours: a failure of it names no cause
        return msg("_ch7_project_parts.ce_not_finite")
    if "reduce_max" in prims:
        return msg("_ch7_project_parts.ce_not_finite_log_of_softmax")
    return msg("_ch7_project_parts.ce_not_finite_overflow")


def ce_mistakes(ce, n, params):
    """What ce_loss returns for a batch of n samples whose mean cross-entropy is `ce` when it sums
    instead of averaging, or adds an L2 term c·Σ‖w‖² (weights only, c = λ/2 or λ, λ = 1e-4)."""
    squares = sum(
        float(np.sum(np.square(layer["w"], dtype=np.float64))) for layer in params.values()
    )
    return [
        Mistake("summed", ce * n, msg("_ch7_project_parts.ce_summed", n=n)),
        *(
            Mistake("l2_in_loss", ce + c * squares, msg("_ch7_project_parts.l2_in_loss", c=c))
            for c in (0.5e-4, 1e-4)
        ),
    ]


def setup(L):
    """weight_mask selects w only; init_state creates every leaf apart, step an int32 0."""
    import jax

    params = L.init_mlp(jax.random.key(3), (2, 64, 64, 3))
    m = L.weight_mask(params) if callable(L.weight_mask) else L.weight_mask
    read = layer_leaves(
        m,
        params,
        msg("_ch7_project_parts.mask_result"),
        lambda name: msg("_ch7_project_parts.mask_of_layer", name=name),
        lambda name, k: msg("_ch7_project_parts.mask_of_leaf", name=name, k=k),
    )
    flags = {name: {k: bool(np.all(v)) for k, v in layer.items()} for name, layer in read.items()}
    marked = {v for layer in flags.values() for v in layer.values()}
    if marked == {False}:  # no leaf selected: no weight is decayed
        fail(msg("_ch7_project_parts.mask_none"), actual=flags)
    if marked == {True}:  # every leaf selected: the biases are decayed too
        fail(msg("_ch7_project_parts.mask_all"), actual=flags)
    for name, layer in flags.items():
        assert_that(
            layer == {"w": True, "b": False},
            msg("_ch7_project_parts.mask_wrong", name=name),
            actual=layer,
        )
    st = L.init_state(jax.random.key(4), jax.random.key(5))
    sizes = (2, 64, 64, 3)
    for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        layer = as_entry(
            getattr(st, "params", None), f"dense_{i}", "init_state(...).params", PARAMS_LIKE
        )
        as_array(
            as_entry(layer, "w", f"dense_{i}", PARAMS_LIKE),
            f"init_state(...).params['dense_{i}']['w']",
            shape=(n_in, n_out),
        )
        as_array(
            as_entry(layer, "b", f"dense_{i}", PARAMS_LIKE),
            f"init_state(...).params['dense_{i}']['b']",
            shape=(n_out,),
        )
    seen, shared = {}, []
    for path, leaf in jax.tree_util.tree_flatten_with_path(st)[0]:
        where = jax.tree_util.keystr(path)
        if id(leaf) in seen:
            shared.append(msg("_ch7_project_parts.shared_pair", seen=seen[id(leaf)], where=where))
        seen.setdefault(id(leaf), where)
    assert_that(
        not shared,
        msg("_ch7_project_parts.leaves_shared", shared=shared[:3]),
        shared=shared,
    )
    step = as_array(st.step, "init_state(...).step")
    assert_that(
        str(step.dtype) == "int32" and step.shape == () and int(step) == 0,
        msg("_ch7_project_parts.step_not_int32_zero", dtype=step.dtype, shape=step.shape),
        actual=repr(st.step),
    )


def _mask_marks_biases(L, params) -> bool:
    """Whether weight_mask itself marks every bias (the setup check's mistake), so that passing
    mask=weight_mask cannot keep the biases from decaying."""
    try:
        m = L.weight_mask(params) if callable(L.weight_mask) else L.weight_mask
        return all(bool(np.all(np.asarray(m[name]["b"]))) for name in params)
    except Exception:  # the probe is ours: a mask it cannot read shows nothing
        return False


def optimizer(L):
    """Five updates against a float64 chain: two zero gradients isolate the decay, then gradients
    of very different norms show the clipping; a known mistake is named only when matched."""
    import jax
    import jax.numpy as jnp

    params = np_mlp_params(77, (2, 64, 64, 3))
    gen = np.random.default_rng(78)

    def noise(size):
        return {
            name: {
                k: (size * gen.standard_normal(v.shape)).astype(np.float32)
                for k, v in layer.items()
            }
            for name, layer in params.items()
        }

    def to_jax(tree):
        return {name: {k: jnp.asarray(v) for k, v in layer.items()} for name, layer in tree.items()}

    # two zero gradients (the second update is the decay alone, at lr 1e-4), then norms ≫ 1, ≪ 1
    # and ≈ 1
    grads_seq = [noise(0.0), noise(0.0), noise(3.0), noise(0.01), noise(0.1)]
    opt = L.optimizer
    for part in ("init", "update"):
        as_callable(getattr(opt, part, None), f"optimizer.{part}")
    state = opt.init(to_jax(params))
    update = jax.jit(opt.update)  # one compile instead of an eager compile per op
    actual = []
    for grads in grads_seq:
        delta, state = as_tuple(
            update(to_jax(grads), state, to_jax(params)), 2, msg("_ch7_project_parts.update_result")
        )
        actual.append(
            layer_leaves(
                delta,
                params,
                msg("_ch7_project_parts.updates"),
                lambda name: msg("_ch7_project_parts.updates_of_layer", name=name),
                lambda name, k: msg("_ch7_project_parts.updates_of_leaf", name=name, k=k),
                leaves=lambda name: params[name],
            )
        )
    mistakes = [
        Mistake(
            "no_clip",
            np_spiral_updates(params, grads_seq, clip=False),
            msg("_ch7_project_parts.no_clip"),
        ),
        Mistake(
            "decay_biases",
            np_spiral_updates(params, grads_seq, decay_biases=True),
            msg("_ch7_project_parts.biases_decayed_by_mask")
            if _mask_marks_biases(L, params)
            else msg("_ch7_project_parts.biases_decayed"),
        ),
        Mistake(
            "constant_lr",
            np_spiral_updates(params, grads_seq, constant_lr=1e-2),
            msg("_ch7_project_parts.constant_lr"),
        ),
        *(
            Mistake(
                "l2_adam",
                np_spiral_updates(params, grads_seq, l2=where),
                msg("_ch7_project_parts.l2_adam"),
            )
            for where in ("after_clip", "before_clip")
        ),
        Mistake(
            "no_decay",
            np_spiral_updates(params, grads_seq, decay=False),
            msg("_ch7_project_parts.no_decay"),
        ),
        *(
            Mistake(
                "clip_after_adam",
                np_spiral_updates(params, grads_seq, clip_after=stage),
                msg("_ch7_project_parts.clip_after_adam"),
            )
            for stage in ("adam", "decay")
        ),
    ]
    # Each update is compared at its own scale: rtol 1e-4 plus an atol of 2e-5 × the update's
    # largest entry (float32 Adam loses ~1e-5 of it where m̂ cancels, and 1 − 0.999^t cancels too).
    # The second update is the decay alone (~1e-8), so a decayed bias (~1e-9) stays far outside its
    # atol (~1e-12).
    expected = np_spiral_updates(params, grads_seq)
    atols = [
        2e-5 * max(float(np.max(np.abs(v))) for layer in step.values() for v in layer.values())
        + 1e-15
        for step in expected
    ]

    def first_bad(values):
        return next(
            (
                t
                for t, (a, e, tol) in enumerate(zip(actual, values, atols, strict=True))
                if compare(a, e, rtol=1e-4, atol=tol) is not None
            ),
            None,
        )

    t = first_bad(expected)
    if t is not None:
        found = next((m for m in mistakes if first_bad(m.value) is None), None)
        assert_close(
            actual[t],
            expected[t],
            rtol=1e-4,
            atol=atols[t],
            what=msg("_ch7_project_parts.updates_of_step", t=t + 1),
            mistakes=[Mistake(found.label, actual[t], found.message)] if found else (),
            msg=msg("_ch7_project_parts.updates_differ", t=t + 1, agreed=t),
        )


def schedule(L):
    """The interface constants, and the learning rate of 1650 zero-gradient updates (read from the
    decay of w) against lr_schedule's definition."""
    import jax
    import jax.numpy as jnp

    total = 150 * 11
    for name, want in (("BATCH", 128), ("EPOCHS", 150), ("STEPS_PER_EPOCH", 11)):
        got = as_scalar(L.ns.get(name), name)
        assert_equal(
            got,
            want,
            what=name,
            msg=msg("_ch7_project_parts.constant_wrong", name=name, want=want, got=got),
        )
    opt = L.optimizer
    for part in ("init", "update"):
        as_callable(getattr(opt, part, None), f"optimizer.{part}")
    w = np.array([[1.0, -2.0], [0.5, 4.0]], np.float32)
    tiny = {"dense_0": {"w": jnp.asarray(w), "b": jnp.ones(2, jnp.float32)}}
    zero = jax.tree.map(jnp.zeros_like, tiny)

    def body(state, _):
        # zero gradients: Adam's part is 0, so the update of w is −lr(t) × 1e-4 × w
        delta, state = opt.update(zero, state, tiny)
        return state, delta["dense_0"]["w"]

    _, moves = jax.jit(lambda st: jax.lax.scan(body, st, None, length=total))(opt.init(tiny))
    moves = as_array(moves, msg("_ch7_project_parts.w_moves"), shape=(total, 2, 2))
    per_w = moves.astype(np.float64) / w  # −lr(t) × 1e-4 in every entry when the decay is decoupled
    rates = -per_w[:, 0, 0] / 1e-4
    proportional = compare(per_w, np.broadcast_to(per_w[:, :1, :1], per_w.shape), rtol=1e-3, atol=0)
    if not np.any(moves != 0) or proportional is not None:
        # the rate is read from the decoupled decay −lr(t) × 1e-4 × w: when the moves of w are not
        # proportional to w (L2 + Adam) or w never moves (no decay), they say nothing about the
        # schedule, and the optimizer check names what the chain does
        how = (
            msg("_ch7_project_parts.w_moves_not_proportional")
            if np.any(moves != 0)
            else msg("_ch7_project_parts.w_never_moves")
        )
        skip(msg("_ch7_project_parts.schedule_unreadable", how=how), covered_by="optimizer")
    sched = np_spiral_schedule(total)
    on = sched > 0
    factor = float(np.median(rates[on] / sched[on]))
    if abs(factor - 1) > 1e-2 and compare(rates, factor * sched, rtol=1e-3, atol=1e-7) is None:
        # a constant factor at every step: the decay of w shows only the product of the decay rate
        # and the learning rate, so the message names the product, not which of the two is off
        assert_close(
            rates,
            sched,
            rtol=1e-3,
            atol=1e-7,
            what=msg("_ch7_project_parts.decay_per_step"),
            msg=msg("_ch7_project_parts.decay_times_lr_scaled", factor=factor),
        )
    assert_close(
        rates,
        sched,
        rtol=1e-3,
        atol=1e-7,
        what=msg("_ch7_project_parts.rate_per_step"),
        msg=msg("_ch7_project_parts.schedule_differs"),
    )
