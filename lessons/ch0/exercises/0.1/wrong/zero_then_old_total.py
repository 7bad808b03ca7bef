# expect: failed values "除以原来的和" not "先归一化" "没有重新缩放"
# expect.en: "divided by their original sum" not "normalised first" "not rescaled"
# 错误示范:清零的顺序对了,可分母用的是清零之前算好的总和,结果加起来不到 1。
import jax.numpy as jnp


def drop_and_renormalize(weights, i):
    arr = jnp.asarray(weights)
    total = arr.sum()
    return arr.at[i].set(0.0) / total
