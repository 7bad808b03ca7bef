# expect: failed history "之后"
# expect.en: "after each step"
# 错误示范:改成存每一步之后的新状态的副本,错开了一步。
advance = jax.jit(lambda state: {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}, donate_argnums=0)


def record(state, n):
    history = []
    for _ in range(n):
        state = advance(state)
        history.append(jax.tree.map(lambda leaf: np.array(leaf, copy=True), state))
    return state, history
