# expect: failed values "最大元素" not "均值" "L2 范数" "先归一化"
# expect.en: "largest element" not "divided by its mean" "L2 norm" "normalised first"
# 错误示范:把“缩放”理解成让最大的权重等于 1,于是除以最大值;各元素加起来超过 1。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i].set(0.0)
    return kept / jnp.max(kept)
