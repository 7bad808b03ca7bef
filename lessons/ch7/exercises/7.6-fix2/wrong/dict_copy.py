# expect: failed history "复制了字典"
# expect.en: "a copy of its dict"
# 错误示范:存进历史的是 dict(state),只复制了外面的字典,里面还是同一批数组,
# 下一行 advance 把它们捐掉以后,历史里的数组就读不出来了。


def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def record(state, n):
    history = []
    for _ in range(n):
        history.append(dict(state))
        state = advance(state)
    return state, history
