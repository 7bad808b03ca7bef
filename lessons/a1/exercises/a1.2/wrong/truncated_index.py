# expect: failed vmap_values "向零截断" not "错配到了"
# expect.en: "truncates towards zero" not "wrong regions"
# 错误示范:想用除法一步算出分支号,x / π 转成整数再加一。转 int 是向零截断,
# 于是 −π 到 0 之间的负数都落进了 sin 那一支。

BRANCHES = (jnp.square, jnp.sin, lambda v: v - jnp.pi)


def piecewise(x):
    slot = jnp.int32(x / jnp.pi) + 1
    return lax.switch(jnp.minimum(jnp.maximum(slot, 0), 2), BRANCHES, x)


def piecewise_select(x):
    below, middle = x < 0, (x >= 0) & (x < jnp.pi)
    return jnp.select([below, middle], [jnp.square(x), jnp.sin(x)], x - jnp.pi)
