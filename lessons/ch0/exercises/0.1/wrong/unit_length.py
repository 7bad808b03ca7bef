# expect: failed values "L2 范数" not "先归一化"
# expect.en: "divided by its L2 norm" not "normalised first"
# 错误示范:把“归一化”理解成缩放到单位长度,除以平方和的平方根,而不是除以和。
def drop_and_renormalize(weights, i):
    dropped = jnp.asarray(weights).at[i].set(0.0)
    length = jnp.sqrt(jnp.sum(dropped**2))
    return dropped / length
