# expect: failed values "减的是整批的最大值" not "不经过概率"
# expect.en: "the maximum subtracted is the whole batch's" not "without going through probabilities"
# 错误示范:log-sum-exp 写对了形式,可平移用的是整批里最大的那个数,远低于它的一行 exp 全部下溢。
def xent(z, labels):
    top = z.max()
    lse = top + jnp.log(jnp.exp(z - top).sum(axis=1, keepdims=True))
    picked = jnp.take_along_axis(z - lse, labels[:, None], axis=1)
    return -jnp.mean(picked)
