# expect: failed values "除以其余权重之和" not "没有重新缩放"
# expect.en: "divided by the sum of the other weights" not "not rescaled"
# 错误示范:用 .at[i].get() 读出第 i 个权重、从总和里减掉,可数组本身从没置零,
# 第 i 个元素仍然不是 0。
def drop_and_renormalize(weights, i):
    arr = jnp.asarray(weights)
    others = arr.sum() - arr.at[i].get()
    return arr / others
