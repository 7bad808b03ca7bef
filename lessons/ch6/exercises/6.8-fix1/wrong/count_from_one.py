# expect: failed values "计数的初值是 1"
# expect.en: "count starts at 1"
# 错误示范:计数从 1 开始数,dtype 对了,只编译一次,可计数多了 1。
def initial_state():
    return (jnp.full((), -jnp.inf, jnp.float32), jnp.ones((), jnp.int32))

def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
