# expect: failed values "第" not "就地赋值" "没有重新缩放" "先归一化"
# expect.en: "element" not "in-place assignment" "not rescaled" "normalised first"
# 错误示范:下标差了一位,清零的是第 i + 1 个元素。检查不该把它说成别的错误。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i + 1].set(0.0)
    return kept / jnp.sum(kept)
