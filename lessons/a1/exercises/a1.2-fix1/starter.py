# 修复练习:iterate 一调用就报 TracerIntegerConversionError。
# 改到检查通过为止(Ctrl+T 看提示)。


@jax.jit
def iterate(v, times):
    x = 0.0
    for _ in range(times):
        x = 0.5 * jnp.cos(x) + v
    return x
