# expect: failed grad "x = π 被划进了 sin 那一段"
# expect.en: "x = π is put in the sin region"
# 分界点差一:用了 x > π,于是 x = π 落进了 sin 那一段。值只差 1e-7,导数却是 cos π = -1 而不是 1。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x > jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    conds = [x < 0, x < jnp.pi]
    return jnp.select(conds, [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
