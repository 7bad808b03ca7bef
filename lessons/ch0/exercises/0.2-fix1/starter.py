# 修复练习:scale_to_peak 一调用就报 ConcretizationTypeError。
# 改到检查通过为止(Ctrl+T 看提示)。


@jax.jit
def scale_to_peak(x):
    peak = float(jnp.max(jnp.abs(x)))  # NumPy 的习惯:先变成 Python 数
    return x / peak
