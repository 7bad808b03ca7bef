# expect: failed history "调用 advance 之前" not "复制了字典"
# expect.en: "before the call to advance" not "a copy of its dict"
# 错误示范:主机副本取得太晚:先调用 advance,再给旧状态做 np.array(..., copy=True)。
# 拷贝本身是真拷贝,可旧状态这时已被捐赠删除,读它就报错;原因不是历史里存了字典或状态本身。


def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def host_snapshot(tree):
    return jax.tree.map(lambda leaf: np.array(leaf, copy=True), tree)


def record(state, n):
    history = []
    for _ in range(n):
        new_state = advance(state)
        history.append(host_snapshot(state))
        state = new_state
    return state, history
