# 修复练习:jit 跑一串数据时编译了两次。
# 改到检查通过为止(Ctrl+T 看提示)。


def initial_state():
    return (float("-inf"), 0)


def peak_step(state, v):
    peak, n = state
    return (jnp.maximum(peak, v), n + 1), peak
