# 修复练习 0.5-fix1 参考答案:先拆成两把 key,各用一次。


def uniform_and_normal(key, n):
    k_u, k_z = jax.random.split(key)
    u = jax.random.uniform(k_u, (n,))
    z = jax.random.normal(k_z, (n,))
    return u, z
