# expect: failed vmap_values "x + π" not "错配到了"
# expect.en: "x + π" not "wrong regions"
# 错误示范:第三段的平移方向写反了,两个版本都加上了 π。

SHIFT = jnp.pi


def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v + SHIFT), x)


def piecewise_select(x):
    right = jnp.where(x < jnp.pi, jnp.sin(x), x + SHIFT)
    return jnp.where(x < 0, x * x, right)
