# expect: failed values "接住了却仍拿 weights 去除" not "这一行什么也没做"
# expect.en: "keeping it but dividing weights" not "does nothing"
# 错误示范:接住了 .at[i].set 返回的新数组 kept,却仍用原来的 weights 去除。结果与丢掉返回值一样,
# 提示不能说"这一行什么也没做",只说算的是原数组、两种写法都得到它。
def drop_and_renormalize(weights, i):
    kept = jnp.asarray(weights).at[i].set(0.0)
    return weights / jnp.sum(weights)
