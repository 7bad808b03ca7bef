# expect: failed vmap_values "3.14159" not "3.14 得到"
# expect.en: "3.14159" not "as 3.14 gives"
# π 手写成了 3.14159:差约 2.7e-6,看起来很准,却超出了 1e-6 的容差。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= 3.14159).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - 3.14159), x)


def piecewise_select(x: jax.Array):
    return jnp.select([x < 0, x < 3.14159], [x * x, jnp.sin(x)], default=x - 3.14159)
