# Repair exercise: jax.grad(power5) raises ValueError.
# Change it until the check passes (Ctrl+T shows hints).


def power5(x):
    def keep_going(state):
        return state[0] < 5

    def one_more(state):
        k, acc = state
        return k + 1, acc * x

    return lax.while_loop(keep_going, one_more, (0, 1.0))[1]
