# expect: failed grad "两个分界点都被划进了左边那一段" "searchsorted" not "比较写成了 <="
# expect.en: "both boundary points are put in the region to their left" "searchsorted" not "the comparisons are written with <="
# 用 jnp.searchsorted 在 [0, π] 里找分支号,默认 side="left":x 恰好等于分界点时取左边那一段。
# 值在分界点上碰巧相同,导数不同。这份答案没有写任何比较,提示不能断言“比较写成了 <=”。
EDGES = jnp.array([0.0, jnp.pi])
PARTS = (jnp.square, jnp.sin, lambda v: v - jnp.pi)


def piecewise(x):
    slot = jnp.searchsorted(EDGES, x)
    return lax.switch(slot, PARTS, x)


def piecewise_select(x):
    below_zero, below_pi = x < 0, x < jnp.pi
    return jnp.select([below_zero, below_pi], [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
