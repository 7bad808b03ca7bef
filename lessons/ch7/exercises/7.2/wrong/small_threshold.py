# expect: failed tiny_vector "cos_sim_safe(1e-06 * a, a) 返回了 0" "被当成了零向量" "1e-11" not "6e-12"
# expect.en: "cos_sim_safe(1e-06 * a, a) returned 0" "taken for a zero vector" "about 1e-11" not "about 6e-12"
# 阈值设得很小(平方范数 > 1e-6):1e-3 倍的向量还能过,再小一些的非零向量就被当成了零向量。
# 平方范数按 a 本身算:‖a‖² ≈ 10,乘以 1e-12 约是 1e-11(不是 a 的长度 6 乘以 1e-12)。
def cos_sim_safe(a, b):
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    big_enough = (sq_a > 1e-6) & (sq_b > 1e-6)
    norm_a = jnp.sqrt(jnp.where(big_enough, sq_a, 1.0))
    norm_b = jnp.sqrt(jnp.where(big_enough, sq_b, 1.0))
    return jnp.where(big_enough, jnp.dot(a, b) / (norm_a * norm_b), 0.0)
