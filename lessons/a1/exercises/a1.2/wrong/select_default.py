# expect: failed select_values "与 f 的 float64 参考值不一致"
# expect.en: "float64 reference of f"
# 条件顺序没问题,但 jnp.select 的默认值写成了 x,忘了减 π:最后一段整体高了 π。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    negative, below_pi = x < 0, x < jnp.pi
    return jnp.select(condlist=[negative, below_pi], choicelist=[jnp.square(x), jnp.sin(x)], default=x)
