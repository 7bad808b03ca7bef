# expect: failed values "需要具体数值" not "TracerBoolConversionError"
# expect.en: "needs a concrete value" not "TracerBoolConversionError"
# 换成了 lax.cond,却先用 float() 把 max(v) 取成 Python 数再比较:jit 里 max(v) 是追踪值,float()
# 拿不到具体的数。报的是 ConcretizationTypeError,不是 if 的问题。
@jax.jit
def square_or_cube(v):
    peak = float(jnp.max(v))
    return lax.cond(peak > 1.0, lambda u: u * u, lambda u: u * u * u, v)
