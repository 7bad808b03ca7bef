# expect: failed grads "范数被当成了常数"
# expect.en: "treated as constants"
# 为了“避开” NaN,把范数当成常数 stop_gradient:零点不再出 NaN,但正常点的梯度少了一项。
def cos_sim_safe(a, b):
    """余弦相似度;任一输入是零向量时返回 0,且对 a、b 的梯度都是有限值。"""
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    both_nonzero = (sq_a > 0) & (sq_b > 0)
    # 第 1 个 where:零向量时把平方范数换成安全值 1.0,sqrt 和除法在反向时都不会碰到 0
    norm_a = lax.stop_gradient(jnp.sqrt(jnp.where(both_nonzero, sq_a, 1.0)))
    norm_b = lax.stop_gradient(jnp.sqrt(jnp.where(both_nonzero, sq_b, 1.0)))
    # 第 2 个 where:挑选输出
    return jnp.where(both_nonzero, jnp.dot(a, b) / (norm_a * norm_b), 0.0)
