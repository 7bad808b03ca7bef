# Exercise 6.6: an exponential moving average (EMA) of the parameters
# The context provides: jax, jnp, NamedTuple, the linear-model loss loss_fn_linear of section 6.7, and the data x_data and y_data.
# Note: the context's TrainState has only the two fields step and params; add the third field below and redefine it.


class TrainState(NamedTuple):  # add the ema_params field
    step: jax.Array  # step count
    params: dict  # parameters


@jax.jit  # the whole training step compiles once
def ema_train_step(state, x, y,  # the state and a batch of data
                   lr, decay):  # two dynamic hyperparameters
    """One SGD step + update of the EMA copy + step plus 1; returns the new TrainState."""
    raise NotImplementedError


# You can try it out below (the checks do not use this code):
# zeros = lambda: {"w": jnp.zeros(()), "b": jnp.zeros(())}
# st = TrainState(jnp.asarray(0), zeros(), zeros())  # two zero trees, not one shared buffer
# for _ in range(100):
#     st = ema_train_step(st, x_data, y_data, 0.05, 0.9)
# print(st)
