# 参考答案:对平方和用双 where,安全值 1.0 在 sqrt 的定义域里面;零行输出 0。


def row_norms(V):
    squares = jnp.sum(V * V, axis=1)
    positive = squares > 0
    safe = jnp.where(positive, squares, 1.0)
    return jnp.where(positive, jnp.sqrt(safe), 0.0)
