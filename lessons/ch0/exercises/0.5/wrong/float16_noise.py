# expect: failed noise "标准差" not "每一行都一样" "不同的数"
# expect.en: "standard deviation" not "the same in each" "different numbers"
# 错误示范:噪声用 float16 抽,乘 scale 后和 float32 的 x 相加。float16 精度低,噪声里有很多重复的数,
# 但每个元素仍各抽了一个;提示不能说"同样几个数在 x 上重复",这里噪声被当成 scale 的平方根倍抽出。
def two_views(key, x, scale):
    key_next, key_one, key_two = jax.random.split(key, 3)
    wide = jnp.sqrt(scale)
    first = x + wide * jax.random.normal(key_one, x.shape, dtype=jnp.float16)
    second = x + wide * jax.random.normal(key_two, x.shape, dtype=jnp.float16)
    return key_next, first, second
