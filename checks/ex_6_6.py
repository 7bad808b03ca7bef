"""Exercise 6.6 (extra exercise 1), an exponential moving average of the parameters:
TrainState(step, params, ema_params) and the jitted training step ema_train_step (five arguments:
state, x, y, learning rate, decay).

Each assertion of the chapter's self-check and its check (same numbers and tolerances):
  1. TrainState's fields include step, params, ema_params                     -> fields
  2. ema_train_step has a .lower attribute (compiled with jax.jit)             -> jitted
  3. x=[0.5,-1,2,3], y=[1,0,4,7.5], w0=1.5, b0=-0.5, ema=(0.2,0.3), lr=0.1,
     d=0.8, step=3: isinstance(new, TrainState)                                -> returns_state
  4. int(new.step) == 4                                                         -> step
  5. params = one SGD step (analytic MSE gradient), atol 1e-5                   -> sgd
  6. ema = d·e + (1−d)·θ_new or d·e + (1−d)·θ_old (both conventions), atol 1e-5 -> ema
Added: fresh (6 steps in a row on new data, either EMA convention, but the same one throughout),
      no_retrace (new lr / decay values do not recompile: they should be dynamic arguments),
      chain (the task's own 100-step loop: calls chained from one initial state compile once,
      and step stays an integer)."""

from __future__ import annotations

import _ch6 as H  # shared helpers: the runner puts checks/ on sys.path
import numpy as np
from _ema_compiles import compile_words, static_args
from _linear_sgd_ref import global_data_params as _global_data_params
from _linear_sgd_ref import sgd_ref as _sgd_ref

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_array,
    as_scalar,
    assert_close,
    assert_compile_count,
    assert_equal,
    assert_that,
    compare,
    fail,
    lead,
    msg,
    rng,
    skip,
    which_mistake,
)

checks = Checks("ex_6_6")

# the numbers of the chapter's self-check
X0 = [0.5, -1.0, 2.0, 3.0]
Y0 = [1.0, 0.0, 4.0, 7.5]
W0, B0, EW, EB, LR, DECAY = 1.5, -0.5, 0.2, 0.3, 0.1, 0.8
# no_retrace: 5 calls, 4 different (lr, decay) pairs
HYPER = ((0.1, 0.8), (0.05, 0.9), (0.1, 0.8), (0.02, 0.95), (0.01, 0.99))


def _make_state(L, step, w, b, ew, eb):
    import jax.numpy as jnp

    def pair(w_val, b_val):
        return {"w": jnp.asarray(w_val, jnp.float32), "b": jnp.asarray(b_val, jnp.float32)}

    return L.TrainState(step=jnp.asarray(step), params=pair(w, b), ema_params=pair(ew, eb))


def _wb(tree, what):
    if not isinstance(tree, dict) or set(tree) != {"w", "b"}:
        fail(msg("ex_6_6.wb.fail", what=what, v=H.render(tree)))
    return [as_scalar(tree["w"], f"{what}['w']"), as_scalar(tree["b"], f"{what}['b']")]


def _close(got, want, *, rtol: float, atol: float) -> bool:
    """[w, b] (or [ema_w, ema_b]) within the tolerances of a float64 reference pair."""
    return compare(np.array(got), np.array(want, np.float64), rtol=rtol, atol=atol) is None


def _state_parts(L, new, what):
    """(step, [w, b], [ema_w, ema_b]) of a returned state, structure checked first."""
    if not isinstance(new, L.TrainState):
        fail(msg("ex_6_6.state_parts.fail", what=what, v=H.render(new)))
    return (
        as_scalar(new.step, msg("ex_6_6.state_parts.as_scalar", what=what)),
        _wb(new.params, msg("ex_6_6.state_parts.wb", what=what)),
        _wb(new.ema_params, msg("ex_6_6.state_parts.wb_2", what=what)),
    )


def _chapter_call(L, w=W0, b=B0):
    import jax.numpy as jnp

    st = _make_state(L, 3, w, b, EW, EB)
    return _state_parts(
        L, L.ema_train_step(st, jnp.array(X0), jnp.array(Y0), LR, DECAY), lead("ema_train_step")
    )


@checks.add("fields")
def _(L):
    fields = tuple(getattr(L.TrainState, "_fields", ()))
    if set(fields) == {"step", "params"}:  # the two fields of the lesson's earlier TrainState
        assert_equal(
            list(fields),
            ["step", "params", "ema_params"],
            msg("ex_6_6.fields.assert_equal"),
            what=msg("ex_6_6.fields.what"),
        )
    assert_that(
        isinstance(L.TrainState, type) and {"ema_params", "params", "step"}.issubset(fields),
        msg("ex_6_6.fields.assert_that"),
        expected=["step", "params", "ema_params"],
        actual=list(fields),
    )


@checks.add("jitted")
def _(L):
    compiled = getattr(L.ema_train_step, "lower", None) is not None
    assert_that(
        compiled,
        msg("ex_6_6.jitted.assert_that"),
        actual=type(L.ema_train_step).__name__,
    )


@checks.add("returns_state", needs="fields")
def _(L):
    _chapter_call(L)


@checks.add("step", needs="returns_state")
def _(L):
    got = _chapter_call(L)[0]
    if got == 3:
        assert_equal(
            got,
            4,
            msg("ex_6_6.step.assert_equal"),
            what=msg("ex_6_6.step.what"),
        )
    assert_that(got == 4, msg("ex_6_6.step.assert_that", got=got), expected=4, actual=got)


def _fields_swapped(parts, pw, pb) -> bool:
    """params holds the EMA (either convention) and ema_params the SGD step: the two swapped."""
    d, (_, got, ema) = DECAY, parts
    emas = ([d * EW + (1 - d) * w, d * EB + (1 - d) * b] for w, b in ((pw, pb), (W0, B0)))
    close = _close(ema, [pw, pb], rtol=0, atol=1e-5)
    return close and any(_close(got, e, rtol=0, atol=1e-5) for e in emas)


@checks.add("sgd", needs="returns_state")
def _(L):
    parts = _chapter_call(L)
    got = parts[1]
    pw, pb = _sgd_ref(W0, B0, X0, Y0, LR)
    ew1, eb1 = _sgd_ref(EW, EB, X0, Y0, LR)  # the step the gradient at ema_params takes
    if _fields_swapped(parts, pw, pb):
        fail(msg("ex_6_6.fields_swapped"))
    assert_close(
        np.array(got),
        np.array([pw, pb]),
        rtol=0,
        atol=1e-5,
        what="[w, b]",
        msg=msg("ex_6_6.sgd.msg", pw=pw, pb=pb),
        mistakes=[
            Mistake(
                "unchanged",
                np.array([W0, B0]),
                msg("ex_6_6.sgd.mistake_unchanged"),
            ),
            Mistake(
                "ascent",
                np.array([2 * W0 - pw, 2 * B0 - pb]),
                msg("ex_6_6.sgd.mistake_ascent"),
            ),
            Mistake(
                "from_ema",
                np.array([EW - (W0 - pw), EB - (B0 - pb)]),
                msg("ex_6_6.sgd.mistake_from_ema"),
            ),
            Mistake(
                "grad_at_ema",
                np.array([W0 - (EW - ew1), B0 - (EB - eb1)]),
                msg("ex_6_6.sgd.mistake_grad_at_ema"),
            ),
            Mistake(
                "global_data",
                np.array(_global_data_params(W0, B0, LR, 1)),
                msg("ex_6_6.sgd.mistake_global_data"),
            ),
        ],
    )


def _ema_slips(pw, pb, d):
    """ē without the factor 1 − d on θ, ē bias-corrected as in Adam (t = 3 or 4: the step before
    or after the increment; the check's state is at step 3), ē moved by lr instead of 1 − d, and
    the old parameters blended in place of the old ē (d·θ_old + (1 − d)·θ_new)."""
    e, new = np.array([EW, EB]), np.array([pw, pb])
    plus = msg("ex_6_6.ema.no_one_minus_decay")
    slips = [Mistake("plus", d * e + new, plus), Mistake("plus_old", d * e + [W0, B0], plus)]
    for t in (3, 4):
        fixed = (d * e + (1 - d) * new) / (1 - d**t)
        slips.append(Mistake("bias_corrected", fixed, msg("ex_6_6.ema.bias_corrected")))
    slips.append(Mistake("by_lr", e + LR * (new - e), msg("ex_6_6.ema.moved_by_lr")))
    old = np.array([W0, B0])
    slips.append(Mistake("from_params", d * old + (1 - d) * new, msg("ex_6_6.ema.from_params")))
    return slips


@checks.add("ema", needs="returns_state")
def _(L):
    parts = _chapter_call(L)
    got = parts[2]
    pw, pb = _sgd_ref(W0, B0, X0, Y0, LR)
    d = DECAY
    ema_new = [d * EW + (1 - d) * pw, d * EB + (1 - d) * pb]
    ema_old = [d * EW + (1 - d) * W0, d * EB + (1 - d) * B0]
    if any(
        _close(got, accepted, rtol=1e-5, atol=1e-5) for accepted in (ema_new, ema_old)
    ):  # either convention is accepted
        return
    if _fields_swapped(parts, pw, pb):
        fail(msg("ex_6_6.fields_swapped"))
    own = np.array(parts[1], np.float64)  # the learner's own new parameters
    if not _close(own, [pw, pb], rtol=0, atol=1e-5) and _close(
        got, d * np.array([EW, EB]) + (1 - d) * own, rtol=1e-5, atol=1e-5
    ):  # the right blend of a wrong step: the step's mistake is named by sgd, not again here
        skip(msg("ex_6_6.ema.own_params"), covered_by="sgd")
    swap = msg("ex_6_6.ema.swap")
    copy = msg("ex_6_6.ema.copy")
    found = which_mistake(
        np.array(got),
        [
            Mistake("swapped", np.array([(1 - d) * EW + d * pw, (1 - d) * EB + d * pb]), swap),
            Mistake("swapped_old", np.array([(1 - d) * EW + d * W0, (1 - d) * EB + d * B0]), swap),
            Mistake("unchanged", np.array([EW, EB]), msg("ex_6_6.ema.mistake_unchanged")),
            Mistake("copy_new", np.array([pw, pb]), copy),
            Mistake(
                "of_gradient",
                np.array([d * EW + (1 - d) * (W0 - pw) / LR, d * EB + (1 - d) * (B0 - pb) / LR]),
                msg("ex_6_6.ema.of_gradient"),
            ),
            Mistake("copy_old", np.array([W0, B0]), copy),
            *_ema_slips(pw, pb, d),
        ],
        rtol=0,
        atol=1e-5,
    )
    if found is None:
        other = _chapter_call(L, w=W0 + 1.0, b=B0 - 1.0)[2]  # call again with other parameters
        if _close(other, got, rtol=0, atol=1e-7):
            fail(
                msg("ex_6_6.ema.fail"),
                expected_new_convention=ema_new,
                expected_old_convention=ema_old,
                actual=got,
            )
    fail(
        found.message if found else msg("ex_6_6.ema.text"),
        expected_new_convention=ema_new,
        expected_old_convention=ema_old,
        actual=got,
    )


@checks.add("fresh", needs="returns_state")
def _(L):
    import jax.numpy as jnp

    g = rng(64)
    x = g.uniform(-2.0, 2.0, 9)
    y = 1.7 * x - 0.4 + 0.3 * g.standard_normal(9)
    w, b = float(g.normal()), float(g.normal())
    ew, eb = float(g.normal()), float(g.normal())
    lr, d = 0.07, 0.75
    st = _make_state(L, 0, w, b, ew, eb)
    ref_w, ref_b = w, b
    e_new, e_old = [ew, eb], [ew, eb]
    conv = {"new": True, "old": True}
    for k in range(6):
        st = L.ema_train_step(st, jnp.asarray(x, jnp.float32), jnp.asarray(y, jnp.float32), lr, d)
        step, params, got_e = _state_parts(L, st, msg("ex_6_6.fresh.state_parts", k=k + 1))
        nw, nb = _sgd_ref(ref_w, ref_b, x, y, lr)
        e_new = [d * e_new[0] + (1 - d) * nw, d * e_new[1] + (1 - d) * nb]
        e_old = [d * e_old[0] + (1 - d) * ref_w, d * e_old[1] + (1 - d) * ref_b]
        ref_w, ref_b = nw, nb
        assert_that(
            step == k + 1,
            msg("ex_6_6.fresh.assert_that", k=k + 1, step=step),
            expected=k + 1,
            actual=step,
        )
        assert_close(
            np.array(params),
            np.array([nw, nb]),
            rtol=1e-4,
            atol=1e-5,
            what=msg("ex_6_6.fresh.what", k=k + 1),
            msg=msg("ex_6_6.fresh.msg", k=k + 1),
            mistakes=[
                Mistake(
                    "global_data",
                    np.array(_global_data_params(w, b, lr, k + 1)),
                    msg("ex_6_6.fresh.mistake_global_data"),
                )
            ],
        )
        conv["new"] = conv["new"] and _close(got_e, e_new, rtol=1e-4, atol=1e-5)
        conv["old"] = conv["old"] and _close(got_e, e_old, rtol=1e-4, atol=1e-5)
        if not (conv["new"] or conv["old"]):
            fail(
                msg("ex_6_6.fresh.fail", k=k + 1),
                expected_new_convention=e_new,
                expected_old_convention=e_old,
                actual=got_e,
            )


@checks.add("no_retrace", needs="returns_state")
def _(L):
    import jax.numpy as jnp

    x, y = jnp.array(X0), jnp.array(Y0)
    states = [_make_state(L, 0, W0, B0, EW, EB) for _ in HYPER]
    with CompileLog() as log:
        for st, (lr, d) in zip(states, HYPER, strict=False):
            L.ema_train_step(st, x, y, lr, d)

    def probe():  # which of lr and decay jit took as static (the counted calls' caches kept)
        step = lambda st, lr, d: L.ema_train_step(st, x, y, lr, d)  # noqa: E731
        return static_args(lambda: _make_state(L, 0, W0, B0, EW, EB), step, HYPER[0])

    assert_compile_count(
        log,
        None,
        expected=1,
        msg=compile_words(log.total, len(HYPER), len(set(HYPER)), probe)
        + msg("ex_6_6.no_retrace.text"),
    )


@checks.add(
    "chain",
    needs="returns_state",
)
def _(L):
    import jax.numpy as jnp

    x, y = jnp.asarray([1.0, 2.0, 3.0]), jnp.asarray([3.5, 5.5, 7.5])
    # params and the EMA copy start equal but in buffers of their own: an answer that donates
    # its state (as the chapter recommends) must not be handed one buffer twice
    st = L.TrainState(
        jnp.asarray(0),
        {"w": jnp.zeros(()), "b": jnp.zeros(())},
        {"w": jnp.zeros(()), "b": jnp.zeros(())},
    )
    seen, calls = [], 0
    with CompileLog() as log:
        for _ in range(100):
            seen.append(st)
            st = L.ema_train_step(st, x, y, 0.05, 0.9)
            calls += 1
            if H.first_change(
                [seen[-1], st], "state"
            ):  # stop at the first change: it would recompile every step
                seen.append(st)
                break
    change = H.first_change(seen, "state")
    if change:
        k, why = change
        fail(
            msg("ex_6_6.chain.fail", k=k, why=why, calls=calls, total=log.total),
            compiles=log.total,
        )
    assert_compile_count(
        log,
        None,
        expected=1,
        msg=msg("ex_6_6.chain.msg", total=log.total),
    )
    step = as_array(st.step, msg("ex_6_6.chain.as_array"))
    assert_that(
        np.issubdtype(step.dtype, np.integer),
        msg("ex_6_6.chain.assert_that", dtype=step.dtype),
    )
    _, params, _ = _state_parts(L, st, msg("ex_6_6.chain.state_parts"))
    w, b = 0.0, 0.0
    for _ in range(100):
        w, b = _sgd_ref(w, b, [1.0, 2.0, 3.0], [3.5, 5.5, 7.5], 0.05)
    assert_close(
        np.array(params),
        np.array([w, b]),
        rtol=1e-4,
        atol=1e-5,
        what=msg("ex_6_6.chain.what"),
        msg=msg("ex_6_6.chain.params_differ"),
    )
