# expect: failed eager "没有留出最后一类的位置" not "set"
# expect.en: "no slot for the last class" not ".set"
# 错误示范:以为类别编号从 1 数到 n,计数数组少开了一格,最后一类的标签全被丢掉了。
def histogram(labels, n):
    slots = jnp.zeros(n - 1)
    return slots.at[labels].add(1.0)
