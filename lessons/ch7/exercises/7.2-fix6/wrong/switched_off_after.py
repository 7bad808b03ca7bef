# expect: failed finds "config.update" "vmap"
# expect.en: "config.update" "vmap"
# isolated: 用 jax.config.update 全局开关 jax_debug_nans
# 错误示范:只补上了「用完关掉」。开关不再漏到后面,可对执行过的函数仍然什么也查不出来。
def nan_report(step, *inputs):
    jax.config.update(name="jax_debug_nans", val=True)
    message = None
    try:
        jax.block_until_ready(step(*inputs))
    except FloatingPointError as e:
        message = str(e).partition("\n")[0]
    jax.config.update(name="jax_debug_nans", val=False)       # 用完就关
    return message
