# expect: failed distributions "jax.random.uniform 抽的就是这种" not "z 是用 jax.random.uniform 抽的"
# expect.en: "what jax.random.uniform draws" not "z was drawn with jax.random.uniform"
# 错误示范:u 用 jax.random 抽,z 却用 np.random.uniform 抽。z 是 [0, 1) 上的均匀样本,
# 但抽它的不是 jax.random.uniform,消息只说它的分布是 jax.random.uniform 给的那种。
def uniform_and_normal(key, n):
    k_u, _ = jax.random.split(key)
    u = jax.random.uniform(k_u, (n,))
    z = jnp.asarray(np.random.uniform(size=n).astype(np.float32))
    return u, z
