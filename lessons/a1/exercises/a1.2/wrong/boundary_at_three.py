# expect: failed vmap_values "分界点从 π 挪到" not "差别见下面的对比"
# expect.en: "moved from π to somewhere in" not "see the comparison below"
# 错误示范:把中间一段的右端粗略写成 3,以为“π 差不多就是 3”,x = 3 落进了最后一段。
RIGHT_END = 3.0


def piecewise(x):
    branches = (lambda t: t**2, lambda t: jnp.sin(t), lambda t: t - jnp.pi)
    which = jnp.sum(jnp.array([x >= 0, x >= RIGHT_END]).astype(jnp.int32))
    return lax.switch(which, branches, x)


def piecewise_select(x):
    shifted = x - jnp.pi
    middle = jnp.where(x >= RIGHT_END, shifted, jnp.sin(x))
    return jnp.where(x < 0, x**2, middle)
