# expect: failed cond "cond"
# expect.en: "cond"
# 错误示范:用 jnp.where 代替 cond。数值对,但两个分支每次都完整算一遍。
@jax.jit
def square_or_cube(v):
    return jnp.where(jnp.max(v) > 1, v ** 2, v ** 3)
