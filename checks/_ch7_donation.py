"""7.7's donation, read from train_epoch_jit's lowering: what it donates, and why the buffers of the
initial parameters were kept (said only once the check saw them not deleted)."""

from tutor.worker.checklib import msg


def donated(fn, run):
    """From fn's lowering on the run's arguments (state, X, Y): whether each leaf of state is
    donated, and the names of the data arguments (X, Y) it donates."""
    import jax

    args = (run["state"], run["X_train"], run["y_train"])
    (state_info, x_info, y_info), _ = fn.lower(*args).args_info
    named = (("X", x_info), ("Y", y_info))
    return [i.donated for i in jax.tree.leaves(state_info)], [n for n, i in named if i.donated]


def why_kept(L, run) -> str:
    """The message for initial parameters that were not deleted: the data donated in place of
    state, state donated yet kept (no advice to donate it then), or state not donated."""
    try:
        state_donated, data = donated(L.train_epoch_jit, run)
    except Exception:  # noqa: BLE001 - the probe is ours: a failure of it names nothing
        state_donated, data = [], []
    if state_donated and all(state_donated):
        return msg("ex_7_7.state_donated_kept")
    if data and not any(state_donated):
        return msg("ex_7_7.data_donated_not_state", donated=msg("ex_7_7.list_sep").join(data))
    return msg("ex_7_7.params_not_deleted")
