# expect: failed history "每个叶子就存 np.array(x, copy=True) 得到的数组" not "先拷到主机上"
# expect.en: "Store each leaf as the array np.array(x, copy=True) gives" not "Copy the state you keep to the host first"
# 错误示范:留底时拷到了主机,却又 .tolist() 变成了 Python 列表;叶子已经在主机上,所以不能说“先拷到主机上”,只说要存成 NumPy 数组。
def _advance(state):
    return {"m": 0.9 * state["m"] + 1.0, "v": state["v"] + 2.0}


advance = jax.jit(_advance, donate_argnums=0)


def record(state, n):
    history = []
    for _ in range(n):
        history.append(jax.tree.map(lambda x: np.array(x, copy=True).tolist(), state))
        state = advance(state)
    return state, history
