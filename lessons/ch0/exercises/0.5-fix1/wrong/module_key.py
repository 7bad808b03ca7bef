# expect: failed key_used "模块里" not "函数里固定的一把 key"
# expect.en: "at module level" not "created inside the function"
# 错误示范:在模块顶层造了一把 key,函数里一直用它拆子 key,传进来的 key 根本没用上。
_KEY = jax.random.key(0)


def uniform_and_normal(key, n):
    k_u, k_z = jax.random.split(_KEY)
    u = jax.random.uniform(k_u, (n,))
    z = jax.random.normal(k_z, (n,))
    return u, z
