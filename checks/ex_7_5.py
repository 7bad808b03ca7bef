"""Exercise 7.5: implement the Lion optimizer: scale_by_lion and lion (written by hand, compared
with optax's lion / scale_by_lion).

The chapter's self-check (problem from default_rng(55): params w (4, 3) and b (3,) standard
normal, coefficients a = 1 + 3·U[0, 1), c standard normal, gradient a·θ + c, 6 manual steps):
  1. every step and leaf within atol 1e-6 of optax.lion for (a) lr 0.02, b1 0.8, b2 0.95,
     decay 0.05; (b) schedule count -> 0.02·(count + 1)/6 with decay 0.01; (c) lr 0.02,
     decay 0.1, mask w only                                                  -> lion_vs_optax
  2. bit-for-bit equal to optax.scale_by_lion() on a zeros(4) leaf for the gradients
     (1, 1, 1, 1), (-0.085, -0.095, -0.08, 0.5), (0.3, -0.2, 0, -1) — the second one sits at
     the sign boundary; update is called without params                 -> scale_by_lion_steps
  3. the state has count and mu                                              -> state_count
  4. one update -> count == 1                                                -> state_count
  5. lion with lr 0.03 and no decay: first update |u| ≈ 0.03 on every leaf    -> first_step
Added: written by hand (no optax transform or state inside lion / scale_by_lion) -> hand_written;
every update of two settings compared step by step with an independent float64 NumPy Lion
(_ch7_lion), fed the same params and gradients, with the known mistakes (β swapped, momentum updated
first, decay inside the sign, decay chained after the learning rate, mask ignored, no sign; a
schedule called once and frozen at its first value) simulated and named only when the updates
match one -> steps_vs_numpy; sign(0) = 0 where the
interpolation is exactly 0 (a where(u > 0, 1, −1) sign fails) -> sign_of_zero; (d) optax's
warmup-cosine schedule, and case (a) again on a fresh problem (seed 555). optax 0.2.8 is the
reference of 1 and 2 (seed-errata: bit-identical to the chapter's reference Lion)."""

import _ch7_lion as H
import numpy as np

from tutor.worker.checklib import (
    Checks,
    Mistake,
    as_scalar,
    assert_close,
    assert_that,
    compare,
    fail,
    later,
    msg,
)

checks = Checks("ex_7_5")


@checks.add("hand_written")
def _(L):
    start, _, _ = H.problem(55)
    for call, make in (
        ("scale_by_lion()", lambda: L.scale_by_lion()),
        ("lion(0.02, weight_decay=0.05)", lambda: L.lion(0.02, weight_decay=0.05)),
    ):
        transform = H.transform(make(), call)
        parts = H.optax_parts(transform) + H.optax_parts(transform.init(start))
        assert_that(
            not parts,
            msg("ex_7_5.uses_optax", call=call, parts=sorted(set(parts))[:4]),
            optax_objects=sorted(set(parts)),
        )


# ---------------------------------------------------------------- float64 NumPy reference


@checks.add(
    "steps_vs_numpy",
)
def _(L):
    H.pair_shaped(L)

    def ramp(count):
        return 0.02 * (count + 1) / 6.0

    settings = {
        msg("ex_7_5.case_constant"): (
            555,
            0.02,
            dict(b1=0.8, b2=0.95, weight_decay=0.05),
        ),
        msg("ex_7_5.case_schedule_masked"): (
            556,
            ramp,
            dict(weight_decay=0.05, mask={"w": True, "b": False}),
        ),
        msg("ex_7_5.case_defaults_noisy"): (557, 0.01, {}),
    }
    for name, (seed, rate, kw) in settings.items():
        start, curv, lin = H.problem(seed)
        start64 = {k: np.asarray(v) for k, v in start.items()}
        # the third setting adds noise of size 2 to every gradient, so the sign often flips between
        # steps and the direction depends on how the momentum averages the past (b2)
        gen = np.random.default_rng(seed)
        jitter = (
            [
                {k: 2.0 * gen.standard_normal(np.shape(v)) for k, v in start64.items()}
                for _ in range(6)
            ]
            if not kw
            else None
        )
        inputs, expected = H.np_lion(6, start64, curv, lin, lr=rate, jitter=jitter, **kw)
        opt = H.transform(L.lion(rate, **kw), f"lion({name})")
        state = opt.init(H.to_jax(inputs[0][0]))
        actual = []
        for p32, g32 in inputs:
            delta, state = H.update(opt, H.to_jax(g32), state, H.to_jax(p32), f"lion({name})")
            actual.append(
                {k: H.leaf(delta, k, msg("ex_7_5.update_of_lion", name=name)) for k in ("w", "b")}
            )
        mistakes = [
            Mistake(
                label,
                H.np_lion(6, start64, curv, lin, lr=rate, mistake=label, replay=inputs, **kw)[1],
                str(message),
            )
            for label, message in H.MISTAKES.items()
        ]
        mistakes = [m for m in mistakes if m.label not in _momentum_ruled_out(state, (4, 3))]
        if not kw:  # the defaults: lion's default weight decay left at 0
            no_decay = H.np_lion(6, start64, curv, lin, lr=rate, replay=inputs, weight_decay=0.0)
            mistakes.insert(0, Mistake("default_no_decay", no_decay[1], msg("ex_7_5.no_decay")))
        if callable(rate):  # the schedule called once, its first value frozen into a constant
            frozen = H.np_lion(6, start64, curv, lin, lr=float(rate(0)), replay=inputs, **kw)[1]
            mistakes.append(Mistake("frozen_schedule", frozen, msg("ex_7_5.schedule_frozen")))
        first_bad = next(
            (
                t
                for t, (got, want) in enumerate(zip(actual, expected, strict=True), 1)
                if compare(got, want, rtol=0, atol=1e-6) is not None
            ),
            None,
        )
        if first_bad is not None:
            ruled_out = H.probe(L)
            mistakes = [m for m in mistakes if m.label not in ruled_out]
            assert_close(
                actual,
                expected,
                rtol=0,
                atol=1e-6,
                what=msg("ex_7_5.six_updates_of", name=name),
                mistakes=mistakes,
                msg=msg(
                    "ex_7_5.update_differs_at", name=name, first_bad=first_bad, good=first_bad - 1
                ),
            )


def _momentum_ruled_out(state, shape) -> set:
    """The mistake the learner's state rules out: momentum leaves shaped like w that moved rule out
    a frozen momentum; all still 0, a swapped interpolation; none found, both (they can give the
    same signs, so neither is said)."""
    import jax

    moms = [
        np.asarray(x)
        for x in jax.tree.leaves(state)
        if np.shape(x) == shape and np.issubdtype(np.asarray(x).dtype, np.floating)
    ]
    if not moms:
        return {"momentum_frozen", "interp_swapped"}
    return {"momentum_frozen"} if any(np.any(m != 0) for m in moms) else {"interp_swapped"}


def _start_not_zero(state, shape) -> str:
    """What init puts in the momentum when it is not 0 (said instead of a cause that assumes
    m₀ = 0): the float leaves of the fresh state shaped like the parameter."""
    import jax

    for x in jax.tree.leaves(state):
        m = np.asarray(x)
        if m.shape == shape and np.issubdtype(m.dtype, np.floating) and np.any(m != 0):
            return msg("ex_7_5.momentum_starts_nonzero", start=m.tolist())
    return ""


@checks.add("sign_of_zero")
def _(L):
    import jax.numpy as jnp

    transform = H.transform(L.scale_by_lion(), "scale_by_lion()")
    leaf = dict(w=jnp.zeros(4))
    state = transform.init(leaf)
    if start := _start_not_zero(state, (4,)):
        fail(start.strip())
    grads = dict(
        w=jnp.asarray([0.0, 1.0, -2.0, 0.0], jnp.float32)
    )  # m = 0: the interpolation is (1 − b1)·g
    direction, _ = H.update(transform, grads, state, leaf, "scale_by_lion()")
    got = H.leaf(direction, "w", msg("ex_7_5.direction_of"))
    expected = np.array([0.0, 1.0, -1.0, 0.0])
    assert_close(
        got,
        expected,
        rtol=0,
        atol=0,
        what=msg("ex_7_5.first_direction"),
        msg=msg("ex_7_5.sign_zero_not_zero", got=got.tolist()),
        mistakes=[
            Mistake(
                "where_sign",
                np.array([-1.0, 1.0, -1.0, -1.0]),
                msg("ex_7_5.zero_got_minus_one", got=got.tolist()),
            ),
            Mistake(
                "where_sign_plus",
                np.array([1.0, 1.0, -1.0, 1.0]),
                msg("ex_7_5.zero_got_plus_one", got=got.tolist()),
            ),
        ],
    )


@checks.add("lion_vs_optax")
def _(L):
    H.pair_shaped(L)
    import optax

    def linear_ramp(count):
        return (count + 1) * 0.02 / 6.0

    only_w = dict(w=True, b=False)
    cosine = optax.warmup_cosine_decay_schedule(
        init_value=0.0, peak_value=0.03, warmup_steps=2, decay_steps=10, end_value=0.001
    )
    settings = {  # label: (seed, keyword arguments shared by both implementations)
        msg("ex_7_5.case_constant_lr"): (
            55,
            dict(b1=0.8, b2=0.95, weight_decay=0.05),
            0.02,
        ),
        msg("ex_7_5.case_schedule_decay"): (55, dict(weight_decay=0.01), linear_ramp),
        msg("ex_7_5.case_masked_decay"): (55, dict(weight_decay=0.1, mask=only_w), 0.02),
        msg("ex_7_5.case_warmup_cosine"): (55, {}, cosine),
        msg("ex_7_5.case_fresh_constant"): (
            555,
            dict(b1=0.8, b2=0.95, weight_decay=0.05),
            0.02,
        ),
    }
    for name, (seed, kw, rate) in settings.items():
        start, curv, lin = H.problem(seed)
        mine_traj = H.run(
            H.transform(L.lion(rate, **kw), f"lion({name})"), start, curv, lin, f"lion({name})"
        )
        ref_traj = H.run(optax.lion(rate, **kw), start, curv, lin, "optax.lion")
        for t, (x, y) in enumerate(zip(mine_traj, ref_traj, strict=True), 1):
            for k in y:
                assert_close(
                    x[k],
                    y[k],
                    rtol=0,
                    atol=1e-6,
                    what=msg("ex_7_5.param_at_step", name=name, t=t, k=k),
                    msg=msg("ex_7_5.param_differs_from_optax", name=name, t=t, k=k, good=t - 1)
                    if t > 1
                    else msg("ex_7_5.param_differs_from_optax_at_once", name=name, k=k),
                )


@checks.add("scale_by_lion_steps")
def _(L):
    import jax.numpy as jnp
    import optax

    ours, theirs = H.transform(L.scale_by_lion(), "scale_by_lion()"), optax.scale_by_lion()
    leaf = dict(w=jnp.zeros(4))
    s_mine, s_ref = ours.init(leaf), theirs.init(leaf)
    start = _start_not_zero(s_mine, (4,))  # the known mistakes all start from m₀ = 0
    # the second gradient is near the sign boundary of (1 − b1)·g + b1·m
    sequence = np.array(
        [[1.0, 1.0, 1.0, 1.0], [-0.085, -0.095, -0.080, 0.5], [0.3, -0.2, 0.0, -1.0], H.G4],
        dtype=np.float32,
    )
    wrong_seq = H.wrong_directions(sequence.tolist())
    mine, ref = [], []
    for t, gl in enumerate(sequence.tolist(), start=1):
        g = dict(w=jnp.asarray(gl, dtype=jnp.float32))
        u_ref, s_ref = theirs.update(g, s_ref)
        differed = any(
            compare(a, b, rtol=0, atol=0) is not None for a, b in zip(mine, ref, strict=True)
        )
        try:
            out = ours.update(g, s_mine)
        except TypeError as e:
            if differed:  # an earlier step already differs: that is what is said
                break
            fail(msg("ex_7_5.params_needs_default", error=str(e).splitlines()[0][:200]))
        if not (isinstance(out, (tuple, list)) and len(out) == 2):
            fail(
                msg("ex_7_5.update_not_pair", name=type(out).__name__),
                actual=repr(out)[:200],
            )
        u_mine, s_mine = out
        mine.append(H.leaf(u_mine, "w", msg("ex_7_5.direction_at_step", t=t)))
        ref.append(np.asarray(u_ref["w"]))
    # a known wrong order is named only when it gives the learner's direction at every step seen
    # (several orders can coincide on one step), and only when it is the only one that does
    whole = [
        k
        for k, seq in wrong_seq.items()
        if all(compare(v, a, rtol=0, atol=0) is None for v, a in zip(seq, mine, strict=False))
        and k not in _momentum_ruled_out(s_mine, (4,))
    ]
    for t, (a, b) in enumerate(zip(mine, ref, strict=True), start=1):
        gl = sequence[t - 1].tolist()
        differs = msg("ex_7_5.direction_differs", t=t, mine=a.tolist(), optax=b.tolist(), gl=gl)
        differs += start
        assert_close(
            a,
            b,
            rtol=0,
            atol=0,
            what=msg("ex_7_5.direction_at_step_plain", t=t),
            mistakes=[
                Mistake(k, wrong_seq[k][t - 1], differs + str(WRONG_ORDERS[k]))
                for k in whole
                if not start and len(whole) == 1
            ],
            msg=differs,
        )


# The wrong orders the direction check can name (each shown only when the direction matches it).
WRONG_ORDERS = {
    "momentum_b1": later("ex_7_5.momentum_b1"),
    "momentum_first": later("ex_7_5.momentum_first"),
    "interp_b2": later("ex_7_5.interp_b2"),
    "swapped_betas": later("ex_7_5.swapped_betas"),
    "momentum_frozen": later("ex_7_5.momentum_frozen"),
    "interp_swapped": later("ex_7_5.interp_swapped"),
}


@checks.add("state_count")
def _(L):
    start, curv, lin = H.problem(55)
    tr = H.transform(L.scale_by_lion(), "scale_by_lion()")
    st = tr.init(start)
    # a NamedTuple without a count field still has tuple's count method: a field is a value
    missing = [f for f in ("count", "mu") if callable(getattr(st, f, len))]
    as_keys = isinstance(st, dict) and {"count", "mu"} <= set(st)
    assert_that(
        not missing,
        msg("ex_7_5.count_mu_as_keys")
        if as_keys
        else msg("ex_7_5.no_count_mu", missing=", ".join(missing)),
        actual=repr(st)[:300],
    )
    _, st1 = H.update(tr, H.grad(start, curv, lin), st, start, "scale_by_lion()")
    count = as_scalar(getattr(st1, "count", None), msg("ex_7_5.count_after_one"))
    kept = count == as_scalar(st.count, msg("ex_7_5.count_after_one")) and _hands_back(
        tr, st, H.grad(start, curv, lin), start
    )
    said = (
        msg("ex_7_5.count_kept", count=count) if kept else msg("ex_7_5.count_not_one", count=count)
    )
    assert_that(count == 1, said, expected=1, actual=count)


def _hands_back(tr, st, grads, params) -> bool:
    """Whether update returns the count it receives (given count 5, it returns 5), not a count it
    sets back to init's value: only then is the count said to be handed back."""
    import jax.numpy as jnp

    try:
        probe = st._replace(count=jnp.asarray(5, jnp.asarray(st.count).dtype))
        return int(np.asarray(tr.update(grads, probe, params)[1].count)) == 5
    except Exception:  # the probe is ours: a state it cannot build names nothing
        return False


@checks.add("first_step")
def _(L):
    H.pair_shaped(L)
    start, curv, lin = H.problem(55)
    opt = H.transform(L.lion(0.03, weight_decay=0.0), "lion(0.03, weight_decay=0.0)")
    grads = H.grad(start, curv, lin)
    u, _ = H.update(opt, grads, opt.init(start), start, "lion(0.03, weight_decay=0.0)")
    for k in ("w", "b"):
        plain = (
            0.03 * 0.1 * np.abs(np.asarray(grads[k], np.float64))
        )  # −lr·(1 − b1)·g: no sign taken
        assert_close(
            np.abs(H.leaf(u, k, msg("ex_7_5.first_update"))),
            0.03 * np.ones(np.shape(start[k])),
            rtol=1e-5,
            atol=1e-8,
            what=msg("ex_7_5.first_update_abs", k=k),
            msg=msg("ex_7_5.first_update_not_lr", k=k),
            mistakes=[
                Mistake(
                    "no_sign",
                    plain,
                    msg("ex_7_5.first_update_no_sign", k=k),
                )
            ],
        )
