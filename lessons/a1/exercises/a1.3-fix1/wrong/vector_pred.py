# expect: failed values "标量布尔值"
# expect.en: "one scalar boolean"
# 错误示范:条件没有归约,把逐元素的比较结果直接交给了 lax.cond。
@jax.jit
def square_or_cube(v):
    return lax.cond(v >= 1.0001, jnp.square, lambda w: w**3, v)
