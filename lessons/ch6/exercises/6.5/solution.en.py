# Exercise 6.5 reference solution
# The idea: like sgd_momentum / adam in the context, two closures share the hyperparameters, and the state is a tree shaped like the params.


class RMSState(NamedTuple):  # RMSProp has a single state item
    sq_avg: dict  # moving average of squared gradients, s


def rmsprop(lr,  # learning rate
            rho=0.9, eps=1e-8):
    def init(tree):
        return RMSState(jax.tree.map(jnp.zeros_like, tree))

    def update(grads, opt_state,  # the same interface as sgd_momentum
               params=None):
        avg = jax.tree.map(lambda old, g: rho * old + (1.0 - rho) * jnp.square(g),
                           opt_state.sq_avg, grads)
        # the minus sign: apply_updates adds the updates to the params
        delta = jax.tree.map(lambda g, v: -lr * g / (jnp.sqrt(v) + eps), grads, avg)
        return delta, RMSState(avg)

    return Optimizer(init=init, update=update)


trainer = make_train(rmsprop(lr=0.003), num_steps=1000)  # 1000 steps compiled into one program
_, _, rms_losses = trainer(params0, X, Y)

if __name__ == "__main__":
    print(f"RMSProp: initial loss {float(rms_losses[0]):.4f}, final loss {float(rms_losses[-1]):.5f}")
