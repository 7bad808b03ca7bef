# Exercise 6.5: RMSProp, plugged into the generic training framework
# The context provides: Optimizer, apply_updates, sgd_momentum, adam, make_train, params0, X, Y, results.


class RMSState(NamedTuple):  # you can use this state container as it is
    sq_avg: dict  # moving average of squared gradients, s, shaped like the params


def rmsprop(lr,  # learning rate
            rho=0.9, eps=1e-8):
    """Returns Optimizer(init, update); update returns (updates, new_state), and the updates carry the minus sign."""
    raise NotImplementedError


# Once rmsprop is written, uncomment the two lines below: 1000 training steps, per-step losses kept in rms_losses.
# trainer = make_train(rmsprop(lr=0.003), num_steps=1000)
# _, _, rms_losses = trainer(params0, X, Y)
