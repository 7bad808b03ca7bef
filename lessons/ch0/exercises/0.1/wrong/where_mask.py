# expect: failed scatter "select_n" ".at[i].set"
# expect.en: "select_n" ".at[i].set"
# 错误示范:用整行比较加 jnp.where 把第 i 个元素换成 0。结果是对的,但本题练的是 .at[i].set:
# 每次都对整个数组做一遍比较和选择,程序里也就没有 scatter。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    kept = jnp.where(jnp.arange(w.shape[0]) == i, 0.0, w)
    return kept / jnp.sum(kept)
