# expect: failed input_unchanged "没有 .at" "jnp.asarray"
# expect.en: "has no .at" "jnp.asarray"
# 错误示范:直接在参数上调用 .at。传进来的是 JAX 数组时没问题,可调用者也可能给一个 NumPy 数组,它根本没有 .at 属性。
def drop_and_renormalize(weights, i):
    kept = weights.at[i].set(0.0)
    return kept / kept.sum()
