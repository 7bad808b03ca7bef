# Repair exercise: running a data stream through jit compiles twice.
# Change it until the checks pass (Ctrl+T shows a hint).


def initial_state():
    return (float("-inf"), 0)


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
