# expect: failed history "被最新的状态替换了" not "同一块缓冲区"
# expect.en: "later replaced by the newest state" not "one buffer is appended"
# 错误示范:循环里只留着最近一次的快照,循环结束后再把它拷成 n 份当历史:每一项都是最后一步之前的状态。
def _next(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_next, donate_argnums=0)


def record(state, n):
    latest = None
    for _ in range(n):
        latest = {name: np.array(arr, copy=True) for name, arr in state.items()}
        state = advance(state)
    history = [{name: arr.copy() for name, arr in latest.items()} for _ in range(n)]
    return state, history
