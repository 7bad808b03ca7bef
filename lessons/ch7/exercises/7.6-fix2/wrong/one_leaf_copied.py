# expect: failed history "'v' 却是状态自己的数组" not "只复制了字典"
# expect.en: "'v' is the state's own array" not "a copy of its dict"
# 错误示范:只把 m 拷到主机上,v 仍是状态自己的设备数组,被 advance 捐掉了。提示要说出是哪个叶子没拷贝,
# 不能说"只复制了字典"。
def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def record(state, n):
    kept = []
    for _ in range(n):
        kept.append({"m": np.array(state["m"]), "v": state["v"]})
        state = advance(state)
    return state, kept
