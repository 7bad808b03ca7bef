# Repair exercise: fast_update recompiles for every new learning rate.
# During training the learning rate shrinks step by step along a schedule, and the momentum may be adjusted too; both are new values at every step.
# Change it until the checks pass (Ctrl+T shows a hint).


def momentum_step(opt_state, g, lr, mu):
    """A thin wrapper around the context's momentum_update, with shorter argument names for the training loop."""
    return momentum_update(opt_state, g, lr, mu)


fast_update = jax.jit(momentum_step, static_argnames=("lr", "mu"))
