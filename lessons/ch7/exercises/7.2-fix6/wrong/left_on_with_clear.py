# expect: failed scoped "仍然开着"
# isolated: 用 jax.config.update 全局打开 jax_debug_nans 且不关,并清空编译缓存
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
