# expect: failed values "两个分支对反了" not "严格大于"
# expect.en: "the wrong way round" not "strictly greater"
# 错误示范:条件没错,可 lax.cond 的真分支放的是立方。
@jax.jit
def square_or_cube(v):
    big = jnp.max(v) > 1
    return lax.cond(big, lambda w: w * w * w, lambda w: w * w, v)
