# expect: failed segment "不是通过 jax.ops.segment_sum"
# expect.en: "not through jax.ops.segment_sum"
# 错误示范:绕开了 segment_sum,自己用 .at[owner].add 按段累加;结果和编译次数都对,可题目要修的是 segment_sum 的调用。
def _group_sum(d, owner, K):
    totals = jnp.zeros(K, dtype=d.dtype)
    return totals.at[owner].add(d)


group_sum = jax.jit(_group_sum, static_argnames="K")
