# expect: failed vmap_batch "单独调用 grad 也不一致" not "单独调用时是一致的"
# expect.en: "does not match either" not "although it does when called on its own"
# 只把 a 的范数 stop_gradient 了(以为 NaN 只来自 a = 0):零点有限了,正常点对 a 的梯度却少了一项。
def cos_sim_safe(a, b):
    """余弦相似度;任一输入是零向量时返回 0,且梯度有限。"""
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    ok = (sq_a > 0) & (sq_b > 0)
    len_a = lax.stop_gradient(jnp.sqrt(jnp.where(ok, sq_a, 1.0)))
    len_b = jnp.sqrt(jnp.where(ok, sq_b, 1.0))
    return jnp.where(ok, jnp.dot(a, b) / (len_a * len_b), 0.0)
