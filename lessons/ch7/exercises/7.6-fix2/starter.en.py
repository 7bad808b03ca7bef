# Repair exercise: reading the history raises RuntimeError: the array has been deleted.
# Change it until the checks pass (Ctrl+T shows a hint).


def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def record(state, n):
    history = []
    for _ in range(n):
        history.append(state)
        state = advance(state)
    return state, history
