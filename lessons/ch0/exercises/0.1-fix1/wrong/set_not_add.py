# expect: failed eager ".add" not "没有生效"
# expect.en: ".add" not "had no effect"
# 错误示范:用了 .at[labels].set(1.0)。只记下“出现过”,出现几次都只算 1。
def histogram(labels, n):
    return jnp.zeros(n).at[labels].set(1.0)
