# expect: failed same_stream "n + 1" not "不是从同一个种子"
# expect.en: "n + 1" not "not split from one seed"
# 错误示范:多分一把留着“以后用”,把剩下的几把交出去。
def make_keys(seed, n):
    root = jax.random.key(seed)
    spare, *rest = jax.random.split(root, num=n + 1)
    return jnp.stack(rest)
