# 修复练习:读历史时报 RuntimeError:数组已被删除。
# 改到检查通过为止(Ctrl+T 看提示)。


def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def record(state, n):
    history = []
    for _ in range(n):
        history.append(state)
        state = advance(state)
    return state, history
