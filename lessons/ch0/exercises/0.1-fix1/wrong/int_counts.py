# expect: failed floats "整数类型"
# expect.en: "an integer type"
# 错误示范:计数数组用整数 dtype 开头,每个标签加 1。数目都对,但接口要的是浮点计数。


def histogram(labels, n):
    tally = jnp.zeros((n,), dtype=jnp.int32)
    return tally.at[labels].add(1)
