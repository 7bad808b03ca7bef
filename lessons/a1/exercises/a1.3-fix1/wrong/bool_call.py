# expect: failed values "TracerBoolConversionError" not "没有加 @jax.jit"
# expect.en: "TracerBoolConversionError" not "has no @jax.jit"
# 错误示范:先用 bool() 把条件转成 Python 布尔值。在 jit 里条件是追踪值,bool() 一样做不到。
@jax.jit
def square_or_cube(v):
    big = bool(jnp.max(v) > 1)
    return v ** 2 if big else v ** 3
