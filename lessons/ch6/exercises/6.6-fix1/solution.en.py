# Reference solution: the learning rate and the momentum only take part in the arithmetic, so they are ordinary (dynamic) arguments;
# new values, same program: the whole schedule compiles only once.


def momentum_step(opt_state, g, lr, mu):
    """A thin wrapper around the context's momentum_update, with shorter argument names for the training loop."""
    return momentum_update(opt_state, g, lr, mu)


fast_update = jax.jit(momentum_step)
