# Repair exercise: the state raises an error as soon as it is handed to a training step that donates its arguments.
# Adam's state holds two moments, mu and nu, both shaped like the parameters and all zero at first;
# the training step donates the whole state with donate_argnums, so the new state reuses the old state's memory.
# Change it until the checks pass (Ctrl+T shows a hint).


def adam_init(weights):
    zeros_for_both = jax.tree.map(jnp.zeros_like, weights)   # only one all-zero tree built
    step0 = jnp.zeros((), jnp.int32)
    return AdamState(count=step0, mu=zeros_for_both, nu=zeros_for_both)
