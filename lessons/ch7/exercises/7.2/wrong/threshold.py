# expect: failed tiny_vector "被当成了零向量"
# expect.en: "taken for a zero vector"
# 用一个阈值判断“零向量”:梯度都有限,但很小的非零向量被当成了零向量。
def cos_sim_safe(a, b):
    """余弦相似度;任一输入是零向量时返回 0,且对 a、b 的梯度都是有限值。"""
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    both_nonzero = (sq_a > 1e-4) & (sq_b > 1e-4)
    # 第 1 个 where:零向量时把平方范数换成安全值 1.0,sqrt 和除法在反向时都不会碰到 0
    norm_a = jnp.sqrt(jnp.where(both_nonzero, sq_a, 1.0))
    norm_b = jnp.sqrt(jnp.where(both_nonzero, sq_b, 1.0))
    # 第 2 个 where:挑选输出
    return jnp.where(both_nonzero, jnp.dot(a, b) / (norm_a * norm_b), 0.0)
