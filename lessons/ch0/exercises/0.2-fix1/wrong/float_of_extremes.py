# expect: failed jit "x 以及由它算出的每个值" not "jnp.max(jnp.abs(x)) 只是追踪值"
# expect.en: "x and every value computed from it" not "jnp.max(jnp.abs(x)) is only a tracer"
# 错误示范:按 NumPy 的习惯先把最大值和最小值转成 Python 数,再用 Python 的 max 挑出峰值。
# jit 里被 float() 转换的是 jnp.max(x) 和 jnp.min(x),不是 jnp.max(jnp.abs(x)),消息只说由 x 算出的值都是追踪值。
def scale_to_peak(x):
    top = float(jnp.max(x))
    bottom = float(jnp.min(x))
    return x / max(top, -bottom)
