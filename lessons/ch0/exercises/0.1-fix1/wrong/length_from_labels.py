# expect: failed jit "参数 n 没有用上" not "lax.cond"
# expect.en: "the argument n is never used" not "lax.cond"
# 错误示范:计数数组的长度从标签里数出来(最大标签加一),不看参数 n;jit 下标签是 tracer,.item() 拿不到数。
def histogram(labels, n):
    length = jnp.max(labels).item() + 1
    counts = jnp.zeros(length)
    return counts.at[labels].add(1.0)
