# Reference solution: each leaf is really copied on the host before it is stored, and the donation is unaffected.


def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def host_snapshot(tree):
    return jax.tree.map(lambda leaf: np.array(leaf, copy=True), tree)


def record(state, n):
    history = []
    for _ in range(n):
        history.append(host_snapshot(state))
        state = advance(state)
    return state, history
