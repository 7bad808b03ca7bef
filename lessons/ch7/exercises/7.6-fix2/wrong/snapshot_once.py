# expect: failed history "循环之前只拍了一次快照" not "和每一步之前的状态不一致"
# expect.en: "taken once before the loop" not "does not match the state before each step"
# 错误示范:主机副本做对了,可只在进循环前做了一份,之后每一步都把它再放一次。
advance = jax.jit(lambda state: {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}, donate_argnums=0)


def record(state, n):
    start = {key: np.array(leaf, copy=True) for key, leaf in state.items()}
    history = [start for _ in range(n)]
    for _ in range(n):
        state = advance(state)
    return state, history
