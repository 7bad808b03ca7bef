# expect: failed select_values "第一个" "x < π"
# expect.en: "first" "x < π"
# jnp.select 的条件顺序写反了:x < π 先被匹配,负数也走了 sin 分支。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    conds = [x < jnp.pi, x < 0]
    return jnp.select(conds, [jnp.sin(x), jnp.square(x)], default=x - jnp.pi)
