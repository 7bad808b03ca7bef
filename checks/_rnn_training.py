"""The 6.7 statement's training set-up, checked from what the learner's file leaves at top level
(names are free, so values are found by shape): the training sequences (64×20×1, uniform on
[−0.5, 0.5]), the trained parameters (they fit the sequences' running sums about as well as the
end of rnn_losses says), and, when the initial parameters are kept too, the first Adam steps
replayed in float64. ex_6_7 registers the checks (their ids are read from there) and calls
these with the learner's matrix convention."""

from functools import partial

import _ch6 as H
import numpy as np
from _rnn_ref import HID, loss_grad, mse

from tutor.worker.checklib import Mistake, assert_close, compare, fail, msg, skip

SEQ_SHAPE, REPLAY_STEPS, LR = (64, 20, 1), 10, 0.01
PARAM_SHAPES = {"Wh": (HID, HID), "Wx": (1, HID), "b": (HID,), "Wo": (HID, 1)}
DEPTH = 3  # how far inside top-level containers parameter dicts are looked for


def _is_array(value) -> bool:
    import jax

    return isinstance(value, (np.ndarray, jax.Array))


def _sequences(L):
    """(name, float64 array) for every floating array of shape (64, 20, 1) kept at top level."""
    return [
        (name, np.asarray(v, np.float64))
        for name, v in H.module_values(L.ns)
        if _is_array(v) and np.shape(v) == SEQ_SHAPE and np.issubdtype(v.dtype, np.floating)
    ]


def _uniform_half(a) -> bool:
    """All in [−0.5, 0.5], both ends nearly reached (1280 uniform draws miss one by 0.05 with
    p = 0.9¹²⁸⁰)."""
    return a.min() >= -0.5 - 1e-6 and a.max() <= 0.5 + 1e-6 and a.min() < -0.45 and a.max() > 0.45


def _nested(name: str, value, depth: int):
    """(name, value) of a top-level value and of what its tuples, lists and dicts hold, `depth`
    levels down: a scan's whole result `run = ((params, opt_state), losses)` kept as it came back
    holds the trained parameters at `run[0][0]`."""
    yield name, value
    if depth and isinstance(value, (tuple, list)) and len(value) <= 16:
        for i, item in enumerate(value):
            yield from _nested(f"{name}[{i}]", item, depth - 1)
    elif depth and type(value) is dict and len(value) <= 16:
        for key, item in value.items():
            yield from _nested(f"{name}[{key!r}]", item, depth - 1)


def _param_dicts(L):
    """(name, dict of float64 leaves) for every dict with the keys Wh, Wx, b, Wo kept at top
    level, directly or inside top-level tuples, lists and dicts (up to DEPTH levels down)."""
    found = []
    top = ((name, v) for name, v in L.ns.items() if not name.startswith("__"))
    for name, v in (pair for n, t in top for pair in _nested(n, t, DEPTH)):
        if (
            type(v) is dict
            and set(PARAM_SHAPES) <= set(v)
            and all(_is_array(v[k]) for k in PARAM_SHAPES)
        ):
            found.append((name, {k: np.asarray(v[k], np.float64) for k in PARAM_SHAPES}))
    return found


def _loss_is(value: float, first_loss) -> bool:
    """The loss equals rnn_losses[0] (float32 training against a float64 recomputation)."""
    return compare(value, float(first_loss), rtol=1e-4, atol=1e-8) is None


def data(L) -> None:
    """Some top-level array of shape (64, 20, 1) holds sequences uniform on [−0.5, 0.5]."""
    seqs = _sequences(L)
    if any(_uniform_half(a) for _, a in seqs):
        return
    if seqs:
        ranges = msg("_rnn_training.joiner").join(
            msg("_rnn_training.data.text_2", name=name, v=a.min(), v_2=a.max())
            for name, a in seqs[:4]
        )
        unit = [
            name
            for name, a in seqs
            if a.min() >= 0 and a.max() < 1 and a.min() < 0.05 and a.max() > 0.95
        ]
        fail(
            msg("_rnn_training.data.text_3", ranges=ranges)
            + (
                msg("_rnn_training.data.text_6", unit=unit[0])
                if unit
                else msg("_rnn_training.data.text_7")
            ),
            ranges={name: [float(a.min()), float(a.max())] for name, a in seqs[:4]},
        )
    others = {
        name: list(np.shape(v))
        for name, v in H.module_values(L.ns)
        if _is_array(v) and np.ndim(v) == 3 and np.shape(v)[-1] == 1
    }
    fail(
        msg("_rnn_training.data.text")
        + (
            msg("_rnn_training.data.text_4", others=others)
            if others
            else msg("_rnn_training.data.text_5")
        ),
        expected=list(SEQ_SHAPE),
        found=others,
    )


def _kept_batch_sums(L, X) -> bool:
    """Some top-level array holds the running sums of the sequences X along the batch axis
    (axis 0) instead of the time axis."""
    wanted = np.cumsum(X, axis=0)
    return any(
        _is_array(v)
        and np.shape(v) == SEQ_SHAPE
        and compare(np.asarray(v, np.float64), wanted, rtol=1e-4, atol=1e-5) is None
        for _, v in H.module_values(L.ns)
    )


def batch_axis(L, row: bool) -> str | None:
    """The name of the training sequences whose running sums along the batch axis (axis 0) are
    the targets: kept at top level, or fitted by a top-level parameter dict with the mean squared
    error the end of rnn_losses reports. None when neither is seen."""
    rl = H.loss_trace(L, "rnn_losses", 300)
    low, high = float(rl[-10:].min()), float(rl[-10:].max())
    good = [P for _, P in _param_dicts(L) if all(P[k].shape == s for k, s in PARAM_SHAPES.items())]
    for sn, X in ((sn, X) for sn, X in _sequences(L) if _uniform_half(X)):
        target = np.cumsum(X, axis=0)
        if _kept_batch_sums(L, X):
            return sn
        for P in good:
            err = mse(P, X, target, row)
            if err < 0.5 * float(np.mean(target**2)) and low / 4 <= err <= 4 * high:
                return sn
    return None


def trained(L, row: bool) -> None:
    """Some top-level parameter dict, not the initial one, fits the running sums of the
    training sequences with the mean squared error the end of rnn_losses reports."""
    rl = H.loss_trace(L, "rnn_losses", 300)
    if compare(rl, np.full_like(rl, rl[0]), rtol=1e-6, atol=1e-8) is None:
        # the loss never moved: the improves check says so, and no dict kept is a trained one
        skip(msg("_rnn_training.trained.loss_constant"), covered_by="improves")
    dicts = _param_dicts(L)
    good = [(name, P) for name, P in dicts if all(P[k].shape == s for k, s in PARAM_SHAPES.items())]
    if not good:
        shapes = {name: {k: list(P[k].shape) for k in PARAM_SHAPES} for name, P in dicts}
        fail(
            (
                msg("_rnn_training.trained.text", shapes=shapes)
                if dicts
                else msg("_rnn_training.trained.text_2")
            ),
            found=shapes,
        )
    low, high = float(rl[-10:].min()), float(rl[-10:].max())
    seqs = [(name, a) for name, a in _sequences(L) if _uniform_half(a)]
    pairs = [(pn, P, sn, X, np.cumsum(X, axis=1)) for pn, P in good for sn, X in seqs]
    initial = {pn for pn, P, _, X, Y in pairs if _loss_is(mse(P, X, Y, row), rl[0])}
    pairs = [pair for pair in pairs if pair[0] not in initial]
    if not pairs:
        fail(
            msg("_rnn_training.trained.fail_2", sorted_initial=sorted(initial), depth=DEPTH),
            initial=sorted(initial),
        )

    def fits(P, X, target):
        """The model predicts `target` far better than zeros, and not far better than the trace
        ends. No closer upper bound: the last update can land on an Adam spike the trace never
        records (a right answer's trained MSE was 9 times the lowest of its last 10 losses)."""
        err = mse(P, X, target, row)
        return err < 0.5 * float(np.mean(target**2)) and low / 4 <= err

    def closest_to_sum(P, X, Y) -> bool:
        """P predicts the running sum better than the targets of the slips named below (the
        negated sum, the sequences themselves, the sum without the current step): past the
        trace's bound, this is what tells those slips from a right answer on a late spike."""
        err = mse(P, X, Y, row)
        return all(mse(P, X, other, row) > err for other in (-Y, X, Y - X))

    def on_trace(P, X, Y) -> bool:
        """The error lies within a factor of 4 of the last 10 losses (a spike the trace recorded
        included); past that, the parameters must be closest to the running sums themselves."""
        return mse(P, X, Y, row) <= 4 * high or closest_to_sum(P, X, Y)

    if any(fits(P, X, Y) and on_trace(P, X, Y) for _, P, _, X, Y in pairs):
        return
    summed = batch_axis(L, row)
    if summed is not None:
        fail(msg("_rnn_training.trained.batch_axis", sn=summed))
    for pn, P, sn, X, Y in pairs:
        err = mse(P, X, Y, row)

        def instead(target, P=P, X=X, err=err) -> bool:
            """P fits this other target, and better than the running sum itself."""
            return fits(P, X, target) and mse(P, X, target, row) < err

        if instead(-Y):
            fail(msg("_rnn_training.trained.fail_3", pn=pn, sn=sn))
        # X fits itself, and is no other kept array's target (a running mean of the sequences,
        # kept as train_targets, also lies in [-0.5, 0.5] and fits itself as well)
        if instead(X) and not any(
            fits(Q, S, X) for _, Q, _, S, _ in pairs if compare(S, X, rtol=0, atol=0) is not None
        ):
            fail(msg("_rnn_training.trained.fail_4", pn=pn))
        if instead(Y - X):
            fail(msg("_rnn_training.trained.exclusive_sum", pn=pn, sn=sn))
        near = err < 0.5 * float(np.mean(Y**2))
        if near and low / 1.5 <= np.sqrt(err) <= 1.5 * high:  # the trace is √MSE
            fail(
                msg("_rnn_training.trained.root_of_mean", pn=pn, err=err, root=np.sqrt(err)),
                mse=err,
                rnn_losses_last10=[low, high],
            )
        if near and any(low / 4 <= err * n <= 4 * high for n in X.shape[:2] + (X.size,)):
            fail(
                msg("_rnn_training.trained.fail_5", pn=pn, err=err, v=np.median(rl[-10:]) / err),
                mse=err,
                rnn_losses_last10=[low, high],
            )
    fail(
        msg(
            "_rnn_training.trained.fail",
            v=_best_errors(pairs, row),
            low=low,
            high=high,
        ),
        rnn_losses_last10=[low, high],
    )


def _best_errors(pairs, row: bool) -> dict:
    """Each dict's smallest error over the candidate sequences (a running mean kept at top level
    is a candidate too): the number said is the one of the sequences it fits best."""
    best: dict = {}
    for pn, P, _, X, Y in pairs:
        err = round(mse(P, X, Y, row), 6)
        best[pn] = min(err, best.get(pn, err))
    return best


def _one_step_late(L, rl, row: bool) -> None:
    """Fails when rnn_losses[:10] are the losses after steps 1…10 of adam(0.01) replayed from a
    top-level parameter dict: each step recorded the loss of its updated parameters."""
    for pn, P in _param_dicts(L):
        for _sn, X in _sequences(L):
            if not (all(P[k].shape == s for k, s in PARAM_SHAPES.items()) and _uniform_half(X)):
                continue
            Y = np.cumsum(X, axis=1)
            late = H.np_adam(partial(loss_grad, X=X, Y=Y, row=row), P, REPLAY_STEPS + 1, LR)[1:]
            if compare(rl[:REPLAY_STEPS], late, rtol=2e-3, atol=1e-6) is None:
                fail(msg("_rnn_training.replay.one_step_late", pn=pn))


def replay(L, row: bool) -> None:
    """When the initial parameters are kept at top level (their loss is rnn_losses[0]), the
    first 10 losses are those of adam(0.01) replayed from them in float64; when they are not,
    there is nothing to replay: skipped, judged by `trained`."""
    rl = H.loss_trace(L, "rnn_losses", 300)
    starts = [
        (pn, P, sn, X)
        for pn, P in _param_dicts(L)
        for sn, X in _sequences(L)
        if all(P[k].shape == s for k, s in PARAM_SHAPES.items())
        and _uniform_half(X)
        and _loss_is(mse(P, X, np.cumsum(X, axis=1), row), rl[0])
    ]
    if not starts:  # the initial parameters were not kept: the trajectory cannot be replayed
        _one_step_late(L, rl, row)
        skip(msg("_rnn_training.no_initial_params"), covered_by="trained")
    (pn, P, sn, X), Y = starts[0], np.cumsum(starts[0][3], axis=1)

    def losses(lr, restarted=False):
        return H.np_adam(
            lambda p: loss_grad(p, X, Y, row), P, REPLAY_STEPS, lr, restarted=restarted
        )

    # float32 training drifts from a float64 replay by at most ~3e-4 (relative) in the first 10
    # steps; later, Adam's sign-like steps on tiny gradients amplify rounding and the runs part
    assert_close(
        rl[:REPLAY_STEPS],
        losses(LR),
        rtol=2e-3,
        atol=1e-6,
        what="rnn_losses[:10]",
        mistakes=[
            Mistake(
                "lr_1e-3",
                losses(1e-3),
                msg("_rnn_training.replay.mistake_lr_1e-3"),
            ),
            Mistake(
                "state_restarted",
                losses(LR, restarted=True),
                msg("_rnn_training.replay.opt_state_restarted"),
            ),
        ],
        msg=msg("_rnn_training.replay.msg", pn=pn, sn=sn),
    )
