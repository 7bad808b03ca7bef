# expect: failed select_grad "x = 0 被划进了 x² 那一段"
# expect.en: "x = 0 is put in the x² region"
# switch 版正确;jnp.select 版把 x = 0 划进了第一段(x <= 0),只有导数能发现。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    conds = [x <= 0, x < jnp.pi]
    return jnp.select(conds, [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
