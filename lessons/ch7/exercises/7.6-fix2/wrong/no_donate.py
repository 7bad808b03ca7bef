# expect: failed donate "没有被捐赠" not "视图"
# expect.en: "was not donated" not "on the host"
# 错误示范(压下症状的错误办法):把捐赠去掉。历史能读了,可每一步都多占一份状态的内存。
advance = jax.jit(lambda state: {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0})


def record(state, n):
    history = []
    for _ in range(n):
        history.append(state)
        state = advance(state)
    return state, history
