# expect: failed values "不接住返回值" not "先归一化" "没有重新缩放"
# expect.en: "without keeping the result" not "normalised first" "not rescaled"
# 错误示范:按 NumPy 的习惯以为 .at[i].set 会就地改数组,调用了却把返回的新数组丢掉,
# 于是第 i 个元素原样留着,整个数组被除以原来的和。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    w.at[i].set(0.0)
    return w / jnp.sum(w)
