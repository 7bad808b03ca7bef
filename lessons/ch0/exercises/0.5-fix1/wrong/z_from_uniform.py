# expect: failed distributions "jax.random.uniform 抽的就是这种" not "同一个 key"
# expect.en: "what jax.random.uniform draws" not "same key"
# 错误示范:key 拆对了,两次却都调用了 uniform,z 不是正态分布。
def uniform_and_normal(key, n):
    key_a, key_b = jax.random.split(key, 2)
    draws = [jax.random.uniform(k, shape=(n,)) for k in (key_a, key_b)]
    return draws[0], draws[1]
