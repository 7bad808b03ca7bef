# expect: failed eager "计数除以标签个数" not "是期望值的"
# expect.en: "divided by the number of labels" not "× the expected"
# 错误示范:加完计数又顺手归一化,除以了样本总数。返回的是每一类所占的比例,不是次数。
def histogram(labels, n):
    tally = jnp.zeros(n, dtype=jnp.float32).at[labels].add(1.0)
    return tally / labels.size
