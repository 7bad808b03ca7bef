# expect: failed same_stream "种子偏了 +1" not "一个种子一把"
# expect.en: "the seed is shifted by +1" not "one seed per key"
# 错误示范:怕种子 0 不够“随机”,先把种子加一再造 key:类型对了,随机流却换成了另一串。


def make_keys(seed, n):
    base = jax.random.key(seed + 1)
    return jax.random.split(base, n)
