# expect: failed values "mean(v) > 1"
# expect.en: "mean(v) > 1"
# 错误示范:条件写成了平均值大于 1。只要最大值和平均值落在 1 的同一侧,结果都对。
@jax.jit
def square_or_cube(v):
    pick = jnp.mean(v) > 1
    return lax.cond(pick, lambda a: a * a, lambda a: a * a * a, v)
