# expect: failed variance "应为 0.258179" not "有效数字"
# expect.en: "to be 0.258179" not "significant digits" "cancellation"
# 错误示范:计数从 0 开始、先加 1,可更新均值时又除以 count + 1,均值一路偏小;
# 方差随之错得离谱,但这不是大数相减的问题,检查不该把它说成那样。
def welford_step(state, x):
    k, m, acc = state
    k = k + 1
    d = x - m
    m = m + d / (k + 1)
    acc = acc + d * (x - m)
    return (k, m, acc), acc / k


def online_var(xs):
    z = jnp.zeros((), xs.dtype)
    (k, m, acc), trace = lax.scan(welford_step, (jnp.zeros((), jnp.int32), z, z), xs)
    return m, acc / k, trace
