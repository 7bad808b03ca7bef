# expect: failed history "同一块缓冲区" not "差同一个数"
# expect.en: "one buffer is appended at every step" not "by the same amount"
# 错误示范:想省内存,只在主机上开一块缓冲区,每步原地填进当前状态再追加:历史里的每一项都是这同一块。
def _next(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_next, donate_argnums=0)


def record(state, n):
    scratch = {name: np.empty(np.shape(arr), np.float32) for name, arr in state.items()}
    kept = []
    for _ in range(n):
        for name in scratch:
            scratch[name][...] = np.array(state[name])
        kept.append(scratch)
        state = advance(state)
    return state, kept
