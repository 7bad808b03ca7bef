# expect: failed values "数据和段号对调" not "平均值"
# expect.en: "data and the ids swapped" not "mean of its segment"
# 错误示范:记反了 segment_sum 的参数顺序,段号当成了数据、数据当成了段号(还得先转成整数才不报错)。
def _group_sum(d, owner, K):
    return jax.ops.segment_sum(jnp.float32(1) * owner, d.astype(jnp.int32), K)


group_sum = jax.jit(_group_sum, static_argnames="K")
