# expect: failed one_compile "容器类型" "list"
# expect.en: "container type" "list"
# 错误示范:初始状态写成了列表,dtype 都对,可 peak_step 返回的是元组,pytree 结构变了,照样多编译一次。
def initial_state():
    return [jnp.full((), -jnp.inf, jnp.float32), jnp.zeros((), jnp.int32)]

def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
