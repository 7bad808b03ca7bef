# expect: failed jit "float()"
# expect.en: "float()"
# 错误示范(把症状压下去的错误办法):去掉 @jax.jit。自己调用时不再报错,可函数一放进 jit 就又失败了。
def scale_to_peak(x):
    peak = float(jnp.max(jnp.abs(x)))
    return x / peak
