# expect: failed vmap_values "对错了号"
# expect.en: "matched to the wrong regions"
# 分支号算对了,分支列表却按“sin、平方、减 π”的顺序写:负数走了 sin,中间段走了平方。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.sin, jnp.square, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    negative, below_pi = x < 0, x < jnp.pi
    return jnp.select(condlist=[negative, below_pi], choicelist=[jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
