# expect: failed scalar_cond "没有 cond" "select_n"
# expect.en: "has no cond" "select_n"
# 标量版也用 jnp.where 嵌套实现:数值对,但三个分支永远都会计算,jaxpr 里没有 cond。
def piecewise(x):
    tail = jnp.where(x >= jnp.pi, x - jnp.pi, jnp.sin(x))
    return jnp.where(x >= 0, tail, jnp.square(x))


def piecewise_select(x: jax.Array):
    conds = [x < 0, x < jnp.pi]
    return jnp.select(conds, [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
