# expect: failed values "元素个数" not "均值" "最大元素"
# expect.en: "number of remaining elements" not "divided by its mean" "largest element"
# 错误示范:以为“平分”就是除以剩下几个类别,分母成了个数 n − 1,而不是剩余权重之和。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i].set(0.0)
    return kept / (kept.shape[0] - 1)
