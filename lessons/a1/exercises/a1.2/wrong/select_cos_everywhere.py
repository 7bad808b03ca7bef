# expect: failed select_values "cos" not "对错了号"
# expect.en: "cos" not "matched to the wrong regions"
# expect.silent: select_grad fresh
# select 版中间一段抄成了 cos x(switch 版是对的)。值的检查说出这一点;导数和新随机点、二维输入上的
# 比较算出的是同一个错误的函数,不再重复。
def piecewise(x):
    which = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(which, (jnp.square, jnp.sin, lambda v: v - jnp.pi), x)


def piecewise_select(x: jax.Array):
    return jnp.select([x < 0, x < jnp.pi], [jnp.square(x), jnp.cos(x)], default=x - jnp.pi)
