# expect: failed scalar_cond "没有一个是三分支的"
# expect.en: "none with three"
# 错误示范:没有用 lax.switch,而是两层 lax.cond 一层层地分:先分出 x < 0,再在剩下的里面分出 x < π。
# 值和导数都对,vmap 之后也变成 select_n,可程序里是两个两分支的 cond,不是题目要的三分支 switch。
def piecewise(x):
    def upper(v):
        return lax.cond(v >= jnp.pi, lambda u: u - jnp.pi, jnp.sin, v)

    return lax.cond(x >= 0, upper, lambda u: u * u, x)


def piecewise_select(x):
    conditions = [x < 0, (x >= 0) & (x < jnp.pi)]
    choices = [x**2, jnp.sin(x)]
    return jnp.select(conditions, choices, default=x - jnp.pi)
