# expect: failed eager "jnp.ones"
# expect.en: "jnp.ones"
# 错误示范:习惯了用 ones 起步,计数数组从 1 开始再累加,每一格都多出 1。
def histogram(labels, n):
    return jnp.ones(n).at[labels].add(1.0)
