# expect: failed values "没有重新缩放" not "就地赋值" "先归一化"
# expect.en: "not rescaled" not "in-place assignment" "normalised first"
# 错误示范:只清零,忘了让剩下的权重重新加起来等于 1。
def drop_and_renormalize(weights, i):
    return jnp.asarray(weights).at[i].set(0.0)
