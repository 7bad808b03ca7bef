# expect: failed values "均值" not "先归一化" "L2 范数"
# expect.en: "divided by its mean" not "normalised first" "L2 norm"
# 错误示范:清零没问题,但“归一化”写成了除以均值,结果加起来是数组长度而不是 1。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i].set(0.0)
    return kept / jnp.mean(kept)
