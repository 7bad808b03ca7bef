# expect: failed grad "仍随 x 变化"
# expect.en: "still changes with x"
# 错误示范:两层 where 都有了,可 x = 0 处选中的不是常数 1.0,而是 1 + x:值恰好是 1,斜率却是 1,于是 0 处的梯度是 1 而不是 0。
def sinc(x):
    nonzero = x != 0
    safe = jnp.where(nonzero, x, 1.0)
    return jnp.where(nonzero, jnp.sin(safe) / safe, 1.0 + x)
