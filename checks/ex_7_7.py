"""Exercise 7.7 (the chapter's project): an MLP classifier for a three-arm spiral.

Interface (names from the chapter's ★ project): BATCH, EPOCHS, STEPS_PER_EPOCH,
weight_mask(params), optimizer, init_state(k_init, k_train) -> TrainState, ce_loss(params, X, Y),
train_epoch(state, X, Y) -> (state, losses, gnorms), train_epoch_jit (jit, donates state),
accuracy_fn(params, X, Y), grad_norms_all(params, X, Y).

The project's checklist (★.4–★.6, ★.8) and where it lives; everything runs on a fresh spiral
(NumPy, seed 7707: 600 per class, noise 0.15, 360 test / 1440 train):
  ★.3 ce_loss ≈ reference CE (chapter: vs jax.nn.log_softmax, rtol 1e-6; here vs float64,
      rtol 1e-5), and finite for huge logits (log_softmax, not log(softmax))        -> ce_loss
  ★.2 weight decay only on w; no leaf object shared inside the state                -> setup
  ★.4 EPOCHS epochs: train_epoch compiled exactly once (budget 1, counted by name);
      step == EPOCHS · STEPS_PER_EPOCH                                               -> compile_once
      initial parameter buffer deleted (donation), training data not deleted         -> donation
      train and test accuracy > 0.95                                                  -> accuracy
  ★.5 logits vs NumPy float64 forward (atol 1e-4); CE (rtol 1e-3, atol 1e-6);
      accuracy_fn equals the float64 accuracy (atol 1e-6)                             -> float64
  ★.6 grad_norms_all ≈ per-sample gradient norms (rtol 1e-4, atol 1e-5; float64 reference);
      their mean loss of the top-5 > 10 × the mean loss; top-5 samples and the misclassified
      test samples all within r < 0.05 of the origin                          -> hard_samples
The parts checked on their own (optimizer against a float64 chain, the whole lr schedule, the
interface constants) are in _ch7_project_parts; one epoch from a fresh state (the key drives the
shuffle, the outputs of every step, the epoch as one scan) in _ch7_project_epoch. Added here:
accuracy_fn, grad_norms_all jitted -> jitted; grad_norms_all chunked by lax.map(batch_size=256),
read from its program at two sizes -> norms_chunked; two epochs carry every field of the state the
reference epoch advances (_ch7_project_fields) -> state_fields. When accuracy or hard_samples
fails and every step count in the trained opt_state lags state.step, the message says the
optimizer state was not carried across epochs (computed from the trained state)."""

import _ch7_donation as donation
import _ch7_project_epoch as epoch
import _ch7_project_fields as fields
import _ch7_project_parts as parts
import numpy as np
from _ch7 import grad_norms_off, np_log_softmax, np_mlp, np_per_sample_grad_norms
from _ch7_project_parts import ce_mistakes, np_ce, np_params, spiral_data
from _ch7_rules import assert_chunked_map

from tutor.worker.checklib import (
    Checks,
    CompileLog,
    as_array,
    as_callable,
    as_scalar,
    as_tuple,
    assert_close,
    assert_equal,
    assert_that,
    fail,
    fn_name,
    msg,
)

checks = Checks("ex_7_7")


@checks.add("ce_loss")
def _(L):
    parts.ce_loss(L)


@checks.add("setup")
def _(L):
    parts.setup(L)


@checks.add("optimizer")
def _(L):
    parts.optimizer(L)


@checks.add(
    "schedule",
)
def _(L):
    parts.schedule(L)


@checks.add(
    "compile_once",
    needs="setup",
)
def _(L):
    import jax
    import jax.numpy as jnp

    Xtr, ytr, Xte, yte = spiral_data()
    per_epoch = as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH")
    assert_equal(
        per_epoch,
        Xtr.shape[0] // int(as_scalar(L.BATCH, "BATCH")),
        what="STEPS_PER_EPOCH",
        msg=msg("ex_7_7.steps_per_epoch_wrong"),
    )
    X_train, y_train = jnp.asarray(Xtr), jnp.asarray(ytr)
    state = L.init_state(jax.random.key(11), jax.random.key(12))
    start_step = np.asarray(getattr(state, "step", np.nan)).copy()  # a copy: the state is donated
    first_leaf = jax.tree.leaves(state.params)[0]
    epochs = int(as_scalar(L.EPOCHS, "EPOCHS"))
    epoch_fn = as_callable(L.train_epoch_jit, "train_epoch_jit")

    def signature(st):  # a weak type is part of jit's signature too
        return {
            jax.tree_util.keystr(path): (
                tuple(np.shape(leaf)),
                str(getattr(leaf, "dtype", type(leaf).__name__)),
            )
            + (("weak_type=True",) if getattr(leaf, "weak_type", False) else ())
            for path, leaf in jax.tree_util.tree_flatten_with_path(st)[0]
        }

    signatures = [signature(state)]
    with CompileLog() as log:
        for _ in range(epochs):
            state = as_tuple(
                epoch_fn(state, X_train, y_train),
                3,
                msg("ex_7_7.epoch_result"),
            )[0]
            if len(signatures) < 2:
                signatures.append(signature(state))
            if log.count("train_epoch") > 1:  # over budget: stop early, like CompileBudget would
                break
        jax.block_until_ready(state)
    n = log.count("train_epoch")
    if n != 1:
        others = sorted({x for x in log.names if x != "train_epoch"})
        if n == 0:
            why = msg("ex_7_7.no_train_epoch_compile")
        else:
            moved = {
                k: (signatures[0].get(k), v)
                for k, v in signatures[1].items()
                if signatures[0].get(k) != v
            }
            moved.update({k: (v, None) for k, v in signatures[0].items() if k not in signatures[1]})
            why = (
                msg("ex_7_7.state_signature_changed", moved=dict(list(moved.items())[:4]))
                if moved
                else msg("ex_7_7.recompiled_same_state")
            )
        assert_equal(
            n,
            1,
            what=msg("ex_7_7.compile_count"),
            msg=msg("ex_7_7.compiled_n_times", n=n, why=why)
            + (msg("ex_7_7.other_compiles", others=others) if others else ""),
        )
    want = epochs * int(per_epoch)
    got = as_scalar(state.step, msg("ex_7_7.step_after"))
    assert_equal(
        got,
        want,
        what=msg("ex_7_7.step_after_training"),
        msg=(
            msg("ex_7_7.step_never_advanced", got=got)
            if np.shape(start_step) == () and got == start_step
            else msg("ex_7_7.step_once_per_epoch", want=want, got=got, epochs=epochs)
            if np.shape(start_step) == () and got == start_step + epochs
            else msg("ex_7_7.step_wrong", want=want, got=got)
        ),
    )
    L.ns["_jaxtutor_7_7"] = {
        "state": state,
        "first_leaf": first_leaf,
        "X_train": X_train,
        "y_train": y_train,
        "data": (Xtr, ytr, Xte, yte),
    }


@checks.add("donation", needs="compile_once")
def _(L):
    run = L.ns["_jaxtutor_7_7"]
    if not run["first_leaf"].is_deleted():  # why, only once it failed: data donated, not state
        assert_that(False, donation.why_kept(L, run), actual=False)
    assert_that(not run["X_train"].is_deleted(), msg("ex_7_7.data_deleted"))
    # On CPU a donated input that cannot be reused is not deleted (JAX only warns): what the jit
    # function was told to donate is read from its lowering instead.
    if hasattr(L.train_epoch_jit, "lower"):
        state_donated, donated = donation.donated(L.train_epoch_jit, run)
        assert_that(
            not donated,
            msg("ex_7_7.data_donated", donated=msg("ex_7_7.list_sep").join(donated)),
            donated=donated,
        )
        assert_that(all(state_donated), msg("ex_7_7.state_not_donated"))


@checks.add("accuracy", needs="compile_once")
def _(L):
    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, Xte, yte = run["data"]
    P = np_params(run["state"].params)
    acc_tr = float(np.mean(np_mlp(P, Xtr).argmax(1) == ytr))
    acc_te = float(np.mean(np_mlp(P, Xte).argmax(1) == yte))
    assert_that(
        acc_tr > 0.95 and acc_te > 0.95,
        msg(
            "ex_7_7.accuracy_low",
            epochs=int(as_scalar(L.EPOCHS, "EPOCHS")),
            acc_tr=acc_tr,
            acc_te=acc_te,
        )
        + fields.opt_state_behind(L, run["state"]),
        train_accuracy=acc_tr,
        test_accuracy=acc_te,
    )


@checks.add("float64", needs="compile_once")
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    _, _, Xte, yte = run["data"]
    params = run["state"].params
    P = np_params(params)
    logits_np = np_mlp(P, Xte)
    logits_jx = as_array(L.mlp_apply(params, jnp.asarray(Xte)), "mlp_apply(params, X_test)")
    assert_close(
        logits_jx,
        logits_np,
        rtol=0,
        atol=1e-4,
        what=msg("ex_7_7.test_logits"),
        msg=msg("ex_7_7.logits_differ"),
    )
    ce_np = np_ce(logits_np, yte)
    ce_jx = as_scalar(
        L.ce_loss(params, jnp.asarray(Xte), jnp.asarray(yte)), "ce_loss(params, X_test, Y_test)"
    )
    assert_close(
        ce_jx,
        ce_np,
        rtol=1e-3,
        atol=1e-6,
        what=msg("ex_7_7.test_ce"),
        msg=msg("ex_7_7.ce_differs"),
        mistakes=ce_mistakes(ce_np, len(yte), P),
    )
    acc_np = float(np.mean(logits_np.argmax(1) == yte))
    acc_jx = as_scalar(
        L.accuracy_fn(params, jnp.asarray(Xte), jnp.asarray(yte)),
        "accuracy_fn(params, X_test, Y_test)",
    )
    assert_close(
        acc_jx,
        acc_np,
        rtol=0,
        atol=1e-6,
        what=msg("ex_7_7.test_accuracy"),
        msg=msg("ex_7_7.accuracy_differs"),
    )


@checks.add(
    "hard_samples",
    needs="compile_once",
)
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, Xte, yte = run["data"]
    params = run["state"].params
    P = np_params(params)
    norms = as_array(
        L.grad_norms_all(params, jnp.asarray(Xtr), jnp.asarray(ytr)), "grad_norms_all(params, X, Y)"
    ).astype(np.float64)
    assert_equal(
        norms.shape,
        (Xtr.shape[0],),
        what=msg("ex_7_7.norms_shape"),
        msg=msg("ex_7_7.norms_shape_wrong", shape=norms.shape, n=Xtr.shape[0]),
    )
    ref = np_per_sample_grad_norms(P, Xtr, ytr)
    bad = ~(
        np.abs(norms - ref) <= 2e-5 + 1e-4 * np.abs(ref)
    )  # assert_close's tolerance; NaN is bad
    near = np.flatnonzero(bad)
    bad[near] = grad_norms_off(P, Xtr, ytr, near, norms[near], rtol=1e-4, atol=2e-5)
    if bad.any():
        assert_close(
            norms[bad],
            ref[bad],
            rtol=1e-4,
            atol=2e-5,
            what=msg("ex_7_7.norms_mismatched"),
            msg=msg("ex_7_7.norms_differ"),
        )
    top_idx = np.argsort(-norms)[:5]
    logp = np_log_softmax(np_mlp(P, Xtr))
    per_loss = -logp[np.arange(len(ytr)), ytr]
    assert_that(
        per_loss[top_idx].mean() > 10 * per_loss.mean(),
        msg("ex_7_7.top5_loss_low") + fields.opt_state_behind(L, run["state"]),
        top5_mean_loss=float(per_loss[top_idx].mean()),
        mean_loss=float(per_loss.mean()),
    )
    r_hard = np.linalg.norm(Xtr[top_idx], axis=1)
    wrong = np_mlp(P, Xte).argmax(1) != yte
    r_wrong = np.linalg.norm(Xte[wrong], axis=1)
    assert_that(
        r_hard.max() < 0.05 and (r_wrong < 0.05).all(),
        msg(
            "ex_7_7.hard_far_from_origin",
            far=int((r_wrong >= 0.05).sum()) + int((r_hard >= 0.05).sum()),
        )
        + fields.opt_state_behind(L, run["state"]),
        r_top5=r_hard,
        r_misclassified=r_wrong,
    )


@checks.add("shuffle", needs="setup")
def _(L):
    epoch.shuffle(L)


@checks.add(
    "epoch_outputs",
    needs="setup",
)
def _(L):
    epoch.epoch_outputs(L)


@checks.add("epoch_scan", needs="setup")
def _(L):
    epoch.epoch_scan(L)


@checks.add("state_fields", needs=("ce_loss", "setup", "optimizer", "shuffle", "epoch_outputs"))
def _(L):
    fields.state_fields(L)


@checks.add("jitted", needs="compile_once")
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, _, _ = run["data"]
    params = run["state"].params
    for name in ("accuracy_fn", "grad_norms_all"):
        fn = as_callable(L.ns.get(name), name)
        if hasattr(fn, "lower"):  # jax.jit's own wrapper: nothing to trace again to know it
            continue
        with CompileLog() as log:
            fn(params, jnp.asarray(Xtr[:300]), jnp.asarray(ytr[:300]))
        if fn_name(fn) in log.names:
            continue
        fail(
            msg(
                "ex_7_7.not_jitted",
                name=name,
                compiled_name=fn_name(fn),
                count=len(log.names),
                names=sorted(set(log.names))[:8],
            ),
            compiles=log.names,
        )


@checks.add(
    "norms_chunked",
    needs="compile_once",
)
def _(L):
    import jax.numpy as jnp

    run = L.ns["_jaxtutor_7_7"]
    Xtr, ytr, _, _ = run["data"]
    fn = as_callable(L.grad_norms_all, "grad_norms_all")
    params = run["state"].params
    assert_chunked_map(
        lambda n: (fn, params, jnp.asarray(Xtr[:n]), jnp.asarray(ytr[:n])),
        "grad_norms_all",
        sizes=(Xtr.shape[0], 512),
        chunk=256,
    )
