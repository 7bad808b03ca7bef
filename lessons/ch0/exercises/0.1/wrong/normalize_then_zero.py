# expect: failed values "除以原来的和" not "就地赋值" "没有重新缩放"
# expect.en: "divided by their original sum" not "in-place assignment" "not rescaled"
# 错误示范:顺序反了——先除以原来的和,再清零。结果的总和比 1 少了 weights[i] / sum(weights)。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    return (w / jnp.sum(w)).at[i].set(0.0)
