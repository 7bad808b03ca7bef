# expect: failed cache "clear_caches"
# expect.en: "clear_caches" "would have to compile again before its next step" not "every step would have to recompile"
# isolated: 用 jax.config.update 全局开关 jax_debug_nans,并清空编译缓存
# 错误示范:全局打开之前先 jax.clear_caches(),用完再关掉。能报告了,可进程里所有编译好的程序都被扔掉了。
def nan_report(step, *inputs):
    jax.clear_caches()                               # 让执行过的函数重新受检查
    jax.config.update(name="jax_debug_nans", val=True)
    message = None
    try:
        jax.block_until_ready(step(*inputs))
    except FloatingPointError as e:
        message = str(e).partition("\n")[0]
    jax.config.update(name="jax_debug_nans", val=False)
    return message
