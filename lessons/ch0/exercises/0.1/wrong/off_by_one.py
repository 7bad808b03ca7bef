# expect: failed values "下标差了一位" not "就地赋值" "没有重新缩放" "先归一化" "不接住"
# expect.en: "off by one" not "in-place assignment" "not rescaled" "normalised first" "without keeping"
# 错误示范:下标差了一位,清零的是第 i + 1 个元素。检查不该把它说成别的错误。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i + 1].set(0.0)
    return kept / jnp.sum(kept)
