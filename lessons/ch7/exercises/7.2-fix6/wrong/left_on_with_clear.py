# expect: failed scoped "仍然开着"
# expect.en: "is still on"
# isolated: 改了进程级的 NaN 调试开关(打开后没关回去),还清空了编译缓存
# 错误示范:全局打开后清一次缓存,能报告了,却忘了把开关关回去。
def nan_report(step, *inputs):
    jax.config.update(name="jax_debug_nans", val=True)
    jax.clear_caches()
    try:
        result = step(*inputs)
        jax.block_until_ready(result)
    except FloatingPointError as e:
        return str(e).partition("\n")[0]
    return None
