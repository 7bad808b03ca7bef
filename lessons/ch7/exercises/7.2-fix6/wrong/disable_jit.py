# expect: failed jit "disable_jit"
# expect.en: "disable_jit"
# isolated: 在 jax.disable_jit() 和 jax.debug_nans(True) 里运行,改的是整个进程的 JAX 配置
# 错误示范(压下症状的错误办法):套一层 jax.disable_jit(),让整步逐个算子执行。报告出来了,可 jit 也没了。
def nan_report(step, *inputs):
    with jax.disable_jit(), jax.debug_nans(True):
        try:
            result = step(*inputs)
            jax.block_until_ready(result)
        except FloatingPointError as e:
            return str(e).partition("\n")[0]
    return None
