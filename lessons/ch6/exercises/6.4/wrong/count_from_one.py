# expect: failed mean "计数从 1 开始" not "旧的计数"
# expect.en: "a count that starts at 1" not "old count"
# 错误示范:初始计数写成 1(以为“第一个数”),之后每一步都多除了 1。
def welford_step(state, x):
    seen, avg, spread = state
    seen = seen + 1
    gap = x - avg
    avg = avg + gap / seen
    spread = spread + gap * (x - avg)
    return (seen, avg, spread), spread / seen


def online_var(xs):
    zero = jnp.zeros((), xs.dtype)
    (seen, avg, spread), trace = lax.scan(welford_step, (jnp.ones((), jnp.int32), zero, zero), xs)
    return avg, spread / seen, trace
