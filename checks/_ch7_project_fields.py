"""The 7.7 project's state carried from epoch to epoch: two epochs of train_epoch_jit and of a
reference epoch, each from its own fresh init_state, on 1440 copies of one sample (every
mini-batch is the same whatever the shuffle, so every step is known): every leaf the reference
advances (params, each leaf of opt_state, step) is advanced the same way (_state_fields). The key
must advance, its value is the learner's (the statement does not fix how it is split). The
reference epoch is built from parts already checked: the learner's optimizer, ce_loss and
STEPS_PER_EPOCH / BATCH (ex_7_7 registers the check after them). Also the cause accuracy and
hard_samples add when every step count in the trained state's opt_state lags its step."""

import numpy as np
from _state_fields import assert_fields_advance

from tutor.worker.checklib import as_callable, as_scalar, as_tuple, msg


def state_fields(L):
    import dataclasses

    import jax
    import jax.numpy as jnp

    point, label = np.array([[0.3, -0.2]], np.float32), np.array([1], np.int32)
    X, Y = jnp.asarray(np.repeat(point, 1440, axis=0)), jnp.asarray(np.repeat(label, 1440))
    steps = int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))
    batch = int(as_scalar(L.BATCH, "BATCH"))
    opt, loss = L.optimizer, L.ce_loss

    @jax.jit
    def reference(state):
        def one(cur, _unused):
            g = jax.grad(loss)(cur.params, X[:batch], Y[:batch])
            delta, opt_state = opt.update(g, cur.opt_state, cur.params)
            params = jax.tree.map(lambda p, d: p + d, cur.params, delta)
            return dataclasses.replace(
                cur, params=params, opt_state=opt_state, step=cur.step + 1
            ), None

        final, _ = jax.lax.scan(one, state, length=steps)
        return dataclasses.replace(final, key=jax.random.split(state.key)[0])

    epoch = as_callable(L.train_epoch_jit, "train_epoch_jit")
    assert_fields_advance(
        lambda st: as_tuple(epoch(st, X, Y), 3, msg("_ch7_project_epoch.epoch_result"))[0],
        reference,
        lambda: L.init_state(jax.random.key(51), jax.random.key(52)),
        steps=2,
        rtol=1e-4,
        atol=1e-6,
        loose=(".key",),
    )


def opt_state_behind(L, state) -> str:
    """After training: the step counts inside state.opt_state (its integer scalar leaves) against
    state.step. Said only when every count lags the step: then the optimizer state did not
    advance with the training; a count of at most one epoch's steps means it restarts each
    epoch."""
    import jax

    try:
        step = int(np.asarray(state.step))
        counts = sorted(
            {
                int(np.asarray(leaf))
                for leaf in jax.tree.leaves(state.opt_state)
                if np.ndim(leaf) == 0 and np.issubdtype(np.asarray(leaf).dtype, np.integer)
            }
        )
        per_epoch = int(as_scalar(L.STEPS_PER_EPOCH, "STEPS_PER_EPOCH"))
    except Exception:  # a state this cannot read leaves the cause unsaid
        return ""
    if not counts or step <= 0 or max(counts) >= step:
        return ""
    if max(counts) <= per_epoch:
        return msg(
            "_ch7_project_fields.opt_state_restarts", step=step, counts=counts, per_epoch=per_epoch
        )
    return msg("_ch7_project_fields.opt_state_behind", step=step, counts=counts)
