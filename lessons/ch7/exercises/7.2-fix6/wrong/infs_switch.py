# expect: failed finds "jax_debug_infs" not "全局打开"
# expect.en: "jax_debug_infs was on" not "turned on globally"
# isolated: 用 with jax.debug_infs(True) 在这次调用里打开 inf 检查
# 错误示范:用了 with 块,作用范围没问题,可打开的开关是 inf 检查;NaN 不会触发它。


def nan_report(step, *inputs):
    try:
        with jax.debug_infs(True):
            out = step(*inputs)
            jax.block_until_ready(out)
    except FloatingPointError as err:
        return str(err).splitlines()[0]
    return None
