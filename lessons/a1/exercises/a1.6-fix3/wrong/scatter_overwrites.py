# expect: failed values "互相覆盖"
# expect.en: "overwrite each other"
# 错误示范:散射用的是 set,同一个 id 的几个值后写的盖掉先写的,没有加起来。
def _group_sum(d, owner, K):
    empty = jnp.zeros(K, dtype=d.dtype)
    return empty.at[owner].set(d, mode="drop")


group_sum = jax.jit(_group_sum, static_argnames="K")
