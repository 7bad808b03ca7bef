# expect: failed key_used "全局"
# expect.en: "global"
# 错误示范:正态样本改用 np.random。同一把 key 调用两次,z 却不一样:随机状态藏在 NumPy 里。
def uniform_and_normal(key, n):
    u = jax.random.uniform(key, (n,))
    z = jnp.asarray(np.random.normal(size=n).astype(np.float32))
    return u, z
