# expect: failed vmap_values "对错了号"
# expect.en: "matched to the wrong regions"
# expect.silent: grad fresh
# switch 版把第一段和第三段写反了:负数用 x − π,x ≥ π 用平方(select 版是对的)。值的检查说出
# 这一点;导数和新随机点上的比较算出的是同一个写反了的函数,不再重复。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (lambda v: v - jnp.pi, jnp.sin, jnp.square), x)


def piecewise_select(x: jax.Array):
    return jnp.select([x < 0, x < jnp.pi], [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
