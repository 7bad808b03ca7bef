# expect: failed clean "安全值"
# expect.en: "safe value"
# 错误示范:双 where 的安全值取了 0。梯度碰巧有限,可反向里 1/(2√0) = inf 仍然真的算了。
def row_norms(V):
    total = jnp.sum(V * V, axis=1)
    norms = double_where(jnp.sqrt, total, total > 0, 0.0, 0.0)
    return norms
