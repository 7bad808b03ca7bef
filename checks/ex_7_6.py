"""Exercise 7.6: a training step with frozen layers and a donated state: freeze(mask), frozen_mask,
ex6_opt, finetune_step(state, X, Y).

The chapter's self-check, here:
  1. an update tree with leaves a = 1 (3), b.c = 2 (2), b.d = −1 (4) and the mask a: True,
     b.c: False, b.d: True, given as a tree first and as a function if that raises: a and b.d
     become 0                                                            -> freeze_transform
  2. b.c passes through unchanged                                       -> freeze_transform
     (added: a mask given as a function is called on the params passed to update)
  3. frozen_mask on init_mlp(key(2024), (20, 64, 10)) (or the tree itself): every dense_0 leaf
     True, no dense_1 leaf True                                         -> frozen_mask
  4. TrainState with int32 step 0, those params, ex6_opt.init(params), key(1); three steps on
     512 samples under a budget of 1 compile of finetune_step: step == 3 and a finite loss
                                                                        -> train_steps
  5. dense_0 w and b bit-identical to the host copy taken before training -> frozen_bits
  6. dense_1.w changed                                                  -> frozen_bits
  7. a device reference to dense_1.w taken before training is deleted (donation) -> donation
Compiles are counted by the jitted function's own name (CompileLog, caches cleared): exactly 1 in
three steps (a count of 0 means nothing named finetune_step was compiled, which fails; more,
with no dtype changed and a new compile for inputs already compiled for, a jit made anew);
optimizer and train_steps run only once freeze_transform passed (ex6_opt is built on freeze);
the first loss equals the float64 cross-entropy of the initial params (that of the params after
the first step is named); a mask with only one of dense_0's two leaves true is named, a mask
with no leaf true is named, with keystr's bracketed path when
frozen_mask's code uses keystr; the 512 training samples
are fresh blobs (20 features, 10 classes) made here with NumPy.
Added: ex6_opt compared update by update (three updates: a zero gradient, then two random ones) with
a float64 NumPy AdamW (lr 0.01, decay 1e-4 on every dense_1 leaf) followed by the freeze of dense_0;
the known mistakes (no decay, freeze before adamw, a mask without dense_0.b, nothing frozen) are
simulated and named only when the updates match one -> optimizer. A failure of frozen_bits names a
cause only when the changed leaves show it.
Added: three steps of finetune_step and of a reference step built from the parts already checked
(the context's loss_batch and apply_updates, the learner's ex6_opt), each from its own fresh state:
every leaf of the state the reference advances (params, opt_state, step) is advanced the same way
(_state_fields; after optimizer and train_steps) -> state_fields."""

import _ch7_freeze as F
import numpy as np
from _ch7 import np_blobs, np_log_softmax, np_mlp
from _ch7_freeze import DECAY, LR
from _layer_tree import layer_leaves
from _state_fields import assert_fields_advance, type_changed

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    Mistake,
    as_callable,
    as_scalar,
    assert_close,
    assert_compile_count,
    assert_equal,
    assert_that,
    compare,
    fail,
    msg,
)

checks = Checks("ex_7_6")


@checks.add("freeze_transform")
def _(L):
    F.freeze_transform(L)


def _code_names(fn) -> set[str]:
    """The global and attribute names the code of fn (and of the functions defined in it) uses."""
    import types

    code = getattr(fn, "__code__", None)
    todo, out = [code] if isinstance(code, types.CodeType) else [], set()
    while todo:
        c = todo.pop()
        out |= set(c.co_names)
        todo += [k for k in c.co_consts if isinstance(k, types.CodeType)]
    return out


def _mask_of(L, params):
    m = L.frozen_mask(params) if callable(L.frozen_mask) else L.frozen_mask
    read = layer_leaves(
        m,
        ("dense_0", "dense_1"),
        msg("ex_7_6.mask_result"),
        lambda layer: msg("ex_7_6.mask_of_layer", layer=layer),
        lambda layer, k: msg("ex_7_6.mask_of_leaf", layer=layer, k=k),
    )
    return {
        layer: {k: bool(np.all(v)) for k, v in leaves.items()} for layer, leaves in read.items()
    }


@checks.add("frozen_mask")
def _(L):
    import jax

    flags = _mask_of(L, L.init_mlp(jax.random.key(2024), (20, 64, 10)))
    want = {"dense_0": {"w": True, "b": True}, "dense_1": {"w": False, "b": False}}
    if flags == {"dense_0": {"w": True, "b": False}, "dense_1": {"w": True, "b": False}}:
        assert_equal(
            flags,
            want,
            what=msg("ex_7_6.mask_result"),
            msg=msg("ex_7_6.froze_both_w"),
        )
    d0, d1 = flags["dense_0"], flags["dense_1"]
    if not any(d1.values()) and sum(d0.values()) == 1:  # one of dense_0's leaves left out
        kept, missing = ("w", "b") if d0["w"] else ("b", "w")
        assert_equal(
            flags,
            want,
            what=msg("ex_7_6.mask_result"),
            msg=msg("ex_7_6.mask_one_leaf", kept=kept, missing=missing),
        )
    if flags == {"dense_0": {"w": False, "b": False}, "dense_1": {"w": True, "b": True}}:
        assert_equal(
            flags, want, what=msg("ex_7_6.mask_result"), msg=msg("ex_7_6.frozen_mask_inverted")
        )
    if flags != want:  # a mask that marks no leaf at all is named
        assert_that(
            any(v for leaves in flags.values() for v in leaves.values()),
            msg("ex_7_6.mask_keystr_prefix")
            if "keystr" in _code_names(L.frozen_mask)
            else msg("ex_7_6.mask_empty"),
            expected=want,
            actual=flags,
        )
    assert_that(
        flags == want,
        msg("ex_7_6.mask_wrong"),
        expected=want,
        actual=flags,
    )


# ---------------------------------------------------------------- the optimizer, against float64


@checks.add("optimizer", needs="freeze_transform")
def _(L):
    F.freeze_pair_shaped(L)
    params, grads_seq = F.probe_inputs()
    actual = F.learner_updates(L, params, grads_seq)
    expected = F.np_opt_updates(params, grads_seq)
    mistakes = [
        Mistake(
            "no_decay",
            F.np_opt_updates(params, grads_seq, decay=0.0),
            msg("ex_7_6.no_weight_decay"),
        ),
        Mistake(
            "freeze_first",
            F.np_opt_updates(params, grads_seq, freeze_first=True),
            msg("ex_7_6.freeze_before_adamw"),
        ),
        Mistake(
            "mask_without_b",
            F.np_opt_updates(params, grads_seq, frozen=("w",)),
            msg("ex_7_6.b_not_frozen"),
        ),
        Mistake(
            "nothing_frozen",
            F.np_opt_updates(params, grads_seq, frozen=()),
            msg("ex_7_6.dense0_not_frozen"),
        ),
    ]
    mistakes += [  # another learning rate or weight decay than adamw(0.01, weight_decay=1e-4)
        Mistake(
            f"adamw_{lr:g}_{wd:g}",
            F.np_opt_updates(params, grads_seq, lr=lr, decay=wd),
            msg("ex_7_6.other_lr_decay", lr=lr, wd=wd),
        )
        for lr in (0.01, 0.001, 0.1, 1e-4)
        for wd in (1e-4, 1e-3, 1e-2, 0.1, 1e-5)
        if (lr, wd) != (0.01, 1e-4)
    ]
    # rtol 1e-4: float32 bias correction 1 − 0.999^t loses ~1e-5 (relative) to cancellation; the
    # zero-gradient first update isolates the decay (−0.01 × 1e-4 × θ), which atol 1e-9 resolves
    assert_close(
        actual,
        expected,
        rtol=1e-4,
        atol=1e-9,
        what=msg("ex_7_6.three_updates"),
        mistakes=mistakes,
        msg=msg("ex_7_6.updates_differ"),
    )


@checks.explains
def _(L, exc):
    """The file's own code raised (its assertion that dense_0 stays bit for bit, say) with ex6_opt
    already defined: when its updates are exactly those of freeze placed before adamw, that is
    the cause (the optimizer check names it the same way when the file loads)."""
    if "ex6_opt" not in L.ns:
        return None
    try:
        params, grads_seq = F.probe_inputs()
        actual = F.learner_updates(L, params, grads_seq)
    except Exception:  # noqa: BLE001 - the probe is ours: a failure of it names nothing
        return None
    first = F.np_opt_updates(params, grads_seq, freeze_first=True)
    same = compare(actual, first, rtol=1e-4, atol=1e-9) is None
    return msg("ex_7_6.freeze_before_adamw") if same else None


# ---------------------------------------------------------------- training with finetune_step


def _fresh_state(L, seed):
    import jax
    import jax.numpy as jnp

    weights = L.init_mlp(jax.random.key(seed), (20, 64, 10))
    return L.TrainState(
        key=jax.random.key(1),
        opt_state=F.as_transform(L.ex6_opt, "ex6_opt").init(weights),
        params=weights,
        step=jnp.array(0, dtype=jnp.int32),
    )


def _host(params):
    return {
        layer: {k: np.array(v, copy=True) for k, v in leaves.items()}
        for layer, leaves in params.items()
    }


@checks.add("train_steps", needs="freeze_transform")
def _(L):
    F.freeze_pair_shaped(L)
    import jax.numpy as jnp

    X, Y = np_blobs(76, 512, 20, 10)
    Xj, Yj = jnp.asarray(X), jnp.asarray(Y)
    st = _fresh_state(L, 2024)
    host = _host(st.params)
    ref = st.params["dense_1"]["w"]  # a device reference, not a copy
    step_fn = as_callable(L.finetune_step, "finetune_step")
    losses, after_first = [], None
    with CompileLog() as log:
        for _ in range(3):
            st, loss = F.pair(step_fn(st, Xj, Yj), msg("ex_7_6.step_result"))
            losses.append(as_scalar(loss, msg("ex_7_6.returned_loss")))
            after_first = _host(st.params) if after_first is None else after_first
    n = log.count("finetune_step")
    if n > 1 and not type_changed(_fresh_state(L, 2024), st) and _compiles_anew(L, step_fn, Xj, Yj):
        assert_compile_count(log, "finetune_step", expected=1, msg=msg("ex_7_6.jit_anew", n=n))
    assert_compile_count(
        log,
        "finetune_step",
        expected=1,
        msg=(
            msg("ex_7_6.no_finetune_compile", compiled=sorted(set(log.names)))
            if n == 0
            else msg("ex_7_6.compiled_n_times", n=n) + type_changed(_fresh_state(L, 2024), st)
        ),
    )
    step = as_scalar(st.step, msg("ex_7_6.step_after"))
    said = msg("ex_7_6.step_not_3", step=step)
    if step != 3 and step == as_scalar(_fresh_state(L, 2024).step, msg("ex_7_6.step_after")):
        if F.hands_back_step(_fresh_state(L, 2024), step_fn, Xj, Yj):
            said = msg("ex_7_6.step_never_advanced", step=step)
    assert_that(step == 3, said, expected=3, actual=step)

    def ce(params):
        return float(-np.mean(np_log_softmax(np_mlp(params, X))[np.arange(len(Y)), Y]))

    assert_close(
        losses[0],
        ce(host),
        rtol=1e-5,
        atol=0,
        what=msg("ex_7_6.first_loss"),
        msg=msg("ex_7_6.first_loss_wrong"),
        mistakes=[Mistake("after", ce(after_first), msg("ex_7_6.loss_after_update"))],
    )
    assert_that(all(np.isfinite(losses)), msg("ex_7_6.loss_not_finite"), actual=losses)
    L.ns["_jaxtutor_7_6"] = (st, host, ref)


def _compiles_anew(L, step_fn, X, Y) -> bool:
    """Whether finetune_step compiles again when called on inputs of the types it has already
    compiled for (a fresh state, the same data): no type signature explains that."""
    with CompileLog(clear=False) as log:  # the caches kept: a compile here is a new one
        step_fn(_fresh_state(L, 2024), X, Y)
    return log.count("finetune_step") > 0


@checks.add("frozen_bits", needs="train_steps")
def _(L):
    st, host, _ = L.ns["_jaxtutor_7_6"]
    after = _host(st.params)
    changed = {
        k: compare(after["dense_0"][k], host["dense_0"][k], rtol=0, atol=0) is not None
        for k in ("w", "b")
    }
    if any(changed.values()):
        change = {
            k: float(np.max(np.abs(after["dense_0"][k] - host["dense_0"][k]))) for k in ("w", "b")
        }
        decayed_only = all(
            compare(
                after["dense_0"][k],
                host["dense_0"][k] * (1 - LR * DECAY) ** 3,
                rtol=5e-7,
                atol=1e-12,
            )
            is None
            for k in ("w", "b")
        )
        if decayed_only:
            why = msg("ex_7_6.decayed_while_frozen")
        elif changed["b"] and not changed["w"]:
            why = msg("ex_7_6.b_changed")
        elif changed["w"] and not changed["b"]:
            why = msg("ex_7_6.w_changed")
        else:
            why = ""
        fail(
            msg("ex_7_6.dense0_changed", w=change["w"], b=change["b"]) + why,
            max_change=change,
        )
    moved = compare(after["dense_1"]["w"], host["dense_1"]["w"], rtol=1e-5, atol=1e-8) is not None
    assert_that(moved, msg("ex_7_6.dense1_unchanged"))


@checks.add("donation", needs="train_steps")
def _(L):
    _, _, ref = L.ns["_jaxtutor_7_6"]
    assert_that(
        ref.is_deleted(),
        msg("ex_7_6.not_donated"),
        expected=True,
        actual=False,
    )


@checks.add("state_fields", needs=("optimizer", "train_steps"))
def _(L):
    import dataclasses

    import jax
    import jax.numpy as jnp

    X, Y = (jnp.asarray(a) for a in np_blobs(78, 512, 20, 10))
    opt = F.as_transform(L.ex6_opt, "ex6_opt")

    @jax.jit
    def reference(state):
        g = jax.grad(L.loss_batch)(state.params, X, Y)
        delta, opt_state = opt.update(g, state.opt_state, state.params)
        params = L.apply_updates(state.params, delta)
        return dataclasses.replace(state, params=params, opt_state=opt_state, step=state.step + 1)

    step_fn = as_callable(L.finetune_step, "finetune_step")
    assert_fields_advance(
        lambda st: F.pair(step_fn(st, X, Y), msg("ex_7_6.step_result"))[0],
        reference,
        lambda: _fresh_state(L, 2025),
    )
