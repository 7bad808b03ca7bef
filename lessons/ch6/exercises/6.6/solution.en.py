# Exercise 6.6 reference solution
# The idea: three pieces of state packed in one NamedTuple; the training step is "old state in, new state out".


class TrainState(NamedTuple):  # training state: all three fields are needed
    step: jax.Array  # number of steps trained so far
    params: dict  # current parameters {'w', 'b'}
    ema_params: dict  # exponential moving average of the parameters, shaped like params


linear_grad = jax.grad(loss_fn_linear)  # differentiate w.r.t. argument 0 (the whole parameter tree)


@jax.jit  # the whole training step compiles once
def ema_train_step(state, x, y,  # the state and a batch of data
                   lr, decay):  # two dynamic hyperparameters
    g = linear_grad(state.params, x, y)
    moved = jax.tree.map(lambda w, dw: w - lr * dw, state.params, g)
    # the EMA uses the updated parameters; the closer decay is to 1, the slower the copy moves
    smooth = jax.tree.map(lambda avg, w: decay * avg + (1.0 - decay) * w, state.ema_params, moved)
    return state._replace(step=state.step + 1, params=moved, ema_params=smooth)


if __name__ == "__main__":
    zeros = lambda: {"w": jnp.zeros(()), "b": jnp.zeros(())}
    # two zero trees, each in its own buffers: donating the state never donates one buffer twice
    st = TrainState(jnp.asarray(0), zeros(), zeros())
    for _ in range(100):
        st = ema_train_step(st, x_data, y_data, 0.05, 0.9)
    rounded = lambda tree: {name: round(float(val), 4) for name, val in tree.items()}
    print("steps trained:", int(st.step))
    print("parameters   :", rounded(st.params))
    print("EMA copy     :", rounded(st.ema_params))
