# expect: failed zero_grads "√(Σa² + ε)" "恰好为 0"
# expect.en: "√(Σa² + ε)" "exactly 0"
# 在平方范数里加一个很小的 ε 来“防止除以 0”:值和梯度都有限,但零向量处对 a 的梯度是 1/√ε ≈ 1e6,不是 0。


def cos_sim_safe(a, b):
    """余弦相似度;零向量时分子是 0,ε 保证分母不为 0。"""
    norm_a = jnp.sqrt(jnp.sum(a * a) + 1e-12)
    norm_b = jnp.sqrt(jnp.sum(b * b) + 1e-12)
    return jnp.dot(a, b) / (norm_a * norm_b)
