# expect: failed donate "视图" not "另一份数组"
# expect.en: "on the host" not "other arrays"
# 错误示范:用 np.asarray 存到主机。CPU 上这是视图,历史能读了,可 JAX 默默放弃了捐赠。
advance = jax.jit(lambda state: {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}, donate_argnums=0)


def record(state, n):
    history = []
    for _ in range(n):
        history.append(jax.tree.map(np.asarray, state))
        state = advance(state)
    return state, history
