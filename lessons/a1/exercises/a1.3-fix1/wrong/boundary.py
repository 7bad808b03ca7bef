# expect: failed values "max(v) 恰好等于 1"
# expect.en: "max(v) exactly 1"
# 错误示范:把 > 写成了 >=,max(v) 恰好等于 1 时走错了分支。
@jax.jit
def square_or_cube(v):
    return lax.cond(jnp.max(v) >= 1, lambda u: u ** 2, lambda u: u ** 3, v)
