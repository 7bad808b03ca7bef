"""One epoch of the 7.7 project from a fresh state, checked apart from the full training: the key
advances and drives the shuffle, the epoch's losses and gradient norms are those of each step
before its update (on 1440 copies of one sample every step is known exactly: _ch7_replay), and the
epoch is one lax.scan over its mini-batches (ex_7_7 registers these checks)."""

import numpy as np
from _ch7_project_parts import ce_loss, np_params, optimizer, spiral_data
from _ch7_replay import np_replay

from tutor.worker.checklib import (
    CheckFailed,
    Mistake,
    as_array,
    as_callable,
    as_scalar,
    as_tuple,
    assert_close,
    assert_that,
    compare,
    fail,
    later,
    msg,
    scan_lengths,
    skip,
)
from tutor.worker.mistakes import Known, produced


def _key_bits(key):
    import jax

    try:
        return np.asarray(jax.random.key_data(key))
    except Exception:  # a raw uint32 key
        return np.asarray(key)


def _same_order_at_later_step(L, epoch, X, Y, losses) -> bool:
    """The same initial state but for a later state.step: True when the epoch's losses are the
    same (the order of the mini-batches does not move with the step, so an unchanged key repeats
    it), or when the probe cannot be made."""
    import dataclasses

    import jax

    state = L.init_state(jax.random.key(21), jax.random.key(22))
    try:
        later_state = dataclasses.replace(state, step=state.step + 11)
        again = as_tuple(epoch(later_state, X, Y), 3, msg("_ch7_project_epoch.epoch_result"))
        moved = compare(np.asarray(again[1]), np.asarray(losses), rtol=0, atol=0) is not None
    except Exception:  # the probe is ours: a state it cannot rebuild names nothing
        return True
    return not moved


def shuffle(L):
    """The key advances in an epoch, and two epochs that differ only in the key differ in their
    losses (the key decides the order of the mini-batches)."""
    import jax
    import jax.numpy as jnp

    Xtr, ytr, _, _ = spiral_data()
    X, Y = jnp.asarray(Xtr), jnp.asarray(ytr)
    epoch = as_callable(L.train_epoch_jit, "train_epoch_jit")
    before = _key_bits(jax.random.key(22))
    out = as_tuple(
        epoch(L.init_state(jax.random.key(21), jax.random.key(22)), X, Y),
        3,
        msg("_ch7_project_epoch.epoch_result"),
    )
    after = _key_bits(out[0].key)
    if compare(after, before, rtol=0, atol=0) is None:
        fail(
            msg("_ch7_project_epoch.key_not_advanced")
            if _same_order_at_later_step(L, epoch, X, Y, out[1])
            else msg("_ch7_project_epoch.key_not_advanced_order_moves"),
            key_before=before,
            key_after=after,
        )
    other = as_tuple(
        epoch(L.init_state(jax.random.key(21), jax.random.key(23)), X, Y),
        3,
        msg("_ch7_project_epoch.epoch_result"),
    )
    first_losses = as_array(out[1], msg("_ch7_project_epoch.returned_losses"))
    other_losses = as_array(other[1], msg("_ch7_project_epoch.returned_losses"))
    assert_that(
        compare(other_losses, first_losses, rtol=0, atol=0) is not None,
        msg("_ch7_project_epoch.order_ignores_key"),
        losses_key_22=first_losses,
        losses_key_23=other_losses,
    )


def _late(values, first):
    """`values` one step late: what a scan gives when each step outputs the value the carry kept
    from the step before (`first` where the carry started)."""
    return np.concatenate([[first], values[:-1]])


# The mistakes the epoch's outputs invite, each computed from the float64 replay: the losses before
# each update, the gradient norms before clipping, the losses after each update, and the learner's
# own first output (which a one-step-late output takes from the carry's start).
LOSS_MISTAKES = [
    Known(
        "swapped_outputs",
        lambda before, norms, after, first: norms,
        later("_ch7_project_epoch.losses_are_gnorms"),
    ),
    Known(
        "loss_after_update",
        lambda before, norms, after, first: after,
        later("_ch7_project_epoch.loss_after_update"),
    ),
    Known(
        "one_step_late",
        lambda before, norms, after, first: _late(before, first),
        later("_ch7_project_epoch.losses_one_step_late"),
    ),
]
GNORM_MISTAKES = [
    Known(
        "swapped_outputs",
        lambda before, norms, after, first: before,
        later("_ch7_project_epoch.gnorms_are_losses"),
    ),
    Known(
        "clipped_norm",
        lambda before, norms, after, first: np.minimum(norms, 1.0),
        later("_ch7_project_epoch.gnorms_clipped"),
    ),
    Known(
        "one_step_late",
        lambda before, norms, after, first: _late(norms, first),
        later("_ch7_project_epoch.gnorms_one_step_late"),
    ),
]


def epoch_outputs(L):
    """On 1440 copies of one sample, the epoch's losses and gradient norms are, step by step,
    those of a float64 replay before each update."""
    import jax
    import jax.numpy as jnp

    # 1440 copies of one sample: every mini-batch is the same whatever the shuffle, so each step's
    # loss and gradient norm are known exactly
    point, label = np.array([[0.3, -0.2]], np.float32), np.array([1], np.int32)
    X, Y = jnp.asarray(np.repeat(point, 1440, axis=0)), jnp.asarray(np.repeat(label, 1440))
    state = L.init_state(jax.random.key(31), jax.random.key(32))
    P0 = np_params(state.params)
    out = as_tuple(
        as_callable(L.train_epoch_jit, "train_epoch_jit")(state, X, Y),
        3,
        msg("_ch7_project_epoch.epoch_result"),
    )
    losses = as_array(out[1], msg("_ch7_project_epoch.returned_losses"), shape=(11,))
    gnorms = as_array(out[2], msg("_ch7_project_epoch.returned_gnorms"), shape=(11,))
    # the whole epoch replayed in float64: the first update has learning rate 0 and changes
    # nothing, so only the later steps tell a loss taken before the update from one taken after
    update_norms: list = []
    replay = np_replay(P0, point[0], label[0], 11, _total_steps(L), update_norms)
    if any(
        compare(got, want, rtol=1e-4, atol=1e-6) is not None
        for got, want in ((losses, replay[0]), (gnorms, replay[1]))
    ):
        _silent_if_ce_wrong(L)
        _silent_if_optimizer_wrong(L)
    assert_close(
        losses,
        replay[0],
        rtol=1e-4,
        atol=1e-6,
        what=msg("_ch7_project_epoch.losses_of_11_steps"),
        msg=msg("_ch7_project_epoch.losses_differ"),
        mistakes=produced(LOSS_MISTAKES, *replay, float(losses[0])),
    )
    assert_close(
        gnorms,
        replay[1],
        rtol=1e-4,
        atol=1e-6,
        what=msg("_ch7_project_epoch.gnorms_of_11_steps"),
        msg=msg("_ch7_project_epoch.gnorms_differ"),
        mistakes=[
            *produced(GNORM_MISTAKES, *replay, float(gnorms[0])),
            Mistake(
                "update_norm",
                np.array(update_norms),
                msg("_ch7_project_epoch.gnorms_of_updates"),
            ),
        ],
    )


def _silent_if_ce_wrong(L):
    """The replay computes the cross-entropy of the statement: when the learner's ce_loss is not
    that (the ce_loss check fails), every loss and gradient norm of the epoch differs for that
    reason alone, and this check has nothing of its own to say."""
    try:
        ce_loss(L)
    except CheckFailed:
        skip(msg("_ch7_project_epoch.ce_loss_wrong"), covered_by="ce_loss")


def _silent_if_optimizer_wrong(L):
    """The replay updates with the statement's optimizer: when the learner's optimizer is another
    (the optimizer check fails), the parameters part from the replay's once the updates start, the
    losses and gradient norms can differ for that reason alone, and this check has nothing of its
    own to say (it would name a loss taken at the wrong moment, which is no cause here)."""
    try:
        optimizer(L)
    except CheckFailed:
        skip(msg("_ch7_project_epoch.optimizer_wrong"), covered_by="optimizer")


def epoch_scan(L):
    """train_epoch runs its mini-batches as one lax.scan: its program holds a scan as long as
    STEPS_PER_EPOCH; a Python loop, which unrolls every step into the program, is named only when
    the program's top level holds at least one matrix product per step."""
    import jax
    import jax.numpy as jnp

    Xtr, ytr, _, _ = spiral_data()
    steps = int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))
    state = L.init_state(jax.random.key(41), jax.random.key(42))
    fn = as_callable(L.train_epoch, "train_epoch")
    closed = jax.make_jaxpr(fn)(state, jnp.asarray(Xtr), jnp.asarray(ytr))
    lengths = scan_lengths(closed)
    if steps in lengths:
        return
    # unrolled: the program's top level (outside any loop) holds a matrix product per step at least
    top = sum(eqn.primitive.name == "dot_general" for eqn in closed.jaxpr.eqns)
    fail(
        msg("_ch7_project_epoch.no_epoch_scan", steps=steps, lengths=lengths)
        + (msg("_ch7_project_epoch.steps_unrolled", top=top) if top >= steps else ""),
        scan_lengths=lengths,
    )


def _total_steps(L) -> int:
    """The length of the learner's schedule: EPOCHS × STEPS_PER_EPOCH (the statement's 1650)."""
    epochs = int(as_scalar(L.EPOCHS, "EPOCHS"))
    return epochs * int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))
