# expect: failed grad "x = 0 被划进了 x² 那一段"
# expect.en: "x = 0 is put in the x² region"
# 分界点差一:用了 x > 0,于是 x = 0 落进了 x² 那一段。值碰巧相同(都是 0),导数却是 0 而不是 cos 0 = 1。
def piecewise(x):
    which = (x > 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    conds = [x < 0, x < jnp.pi]
    return jnp.select(conds, [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
