# expect: failed scatter "scatter-mul"
# expect.en: "scatter-mul"
# 错误示范:用 .at[i].multiply(0.0) 把第 i 个元素“乘成 0”;权重有限时结果对,可题目要的是直接设值 .at[i].set(0.0)。
def drop_and_renormalize(weights, i):
    scaled = jnp.asarray(weights).at[i].multiply(0.0)
    total = scaled.sum()
    return scaled / total
