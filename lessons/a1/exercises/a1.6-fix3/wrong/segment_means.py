# expect: failed values "平均值" not "互相覆盖"
# expect.en: "mean of its segment" not "overwrite each other"
# 错误示范:把“分组汇总”理解成了分组平均,和又除以了每段的个数(空段按 1 算)。
def _group_sum(d, owner, K):
    totals = jax.ops.segment_sum(d, owner, num_segments=K)
    ones = jnp.ones_like(d)
    sizes = jax.ops.segment_sum(ones, owner, num_segments=K)
    return totals / jnp.where(sizes > 0, sizes, 1.0)


group_sum = jax.jit(_group_sum, static_argnames="K")
