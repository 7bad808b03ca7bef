# expect: failed zero_grads "输出外面的 where 在,只是它的条件没有检查 b" not "输出外面却少了一层 where"
# expect.en: "the outer where on the output is there, but its condition does not test b" not "the outer where on the output is missing"
# 错误示范:两个范数各自用 where 换进安全值,输出那层 where 也写了,条件却只查 a;b 为零向量时对 b 的梯度是 a 的单位向量。a 为零时对 a 的梯度恰好是 0,据此判定外层 where 在、只是条件漏了 b,不能说它缺了外层 where。
def cos_sim_safe(a, b):
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    norm_a = jnp.sqrt(jnp.where(sq_a > 0, sq_a, 1.0))
    norm_b = jnp.sqrt(jnp.where(sq_b > 0, sq_b, 1.0))
    return jnp.where(sq_a > 0, jnp.dot(a, b) / (norm_a * norm_b), 0.0)
