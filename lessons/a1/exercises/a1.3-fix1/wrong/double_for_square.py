# expect: failed values "平方写成了乘 2"
# expect.en: "the square was written as v * 2"
# 错误示范:平方的那一支写成了 u * 2。


@jax.jit
def square_or_cube(v):
    return lax.cond(jnp.max(v) > 1, lambda u: u * 2, lambda u: u ** 3, v)
