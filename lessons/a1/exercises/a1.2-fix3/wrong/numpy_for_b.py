# expect: failed values "与传进来的 key 无关" not "固定的 key"
# expect.en: "does not depend on the key passed in" not "fixed key"
# A 用了子 key,B 却用 NumPy 的随机数生成器(固定种子)抽:B 与传进来的 key 无关。
# 这份答案没有用任何 JAX 的 key 抽 B,提示只能说 B 不随 key 变化,不能说它“用的是一把固定的 key”。
def init_pair(key):
    k_a, _ = jax.random.split(key)
    weights_a = jax.random.normal(k_a, (4, 4))
    weights_b = jnp.asarray(np.random.default_rng(0).standard_normal((4, 2)), jnp.float32)
    return weights_a, weights_b
