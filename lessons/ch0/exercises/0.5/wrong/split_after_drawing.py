# expect: failed new_key "用了两次" "视图 2"
# expect.en: "used twice" "View 2"
# 错误示范:先用子 key 抽了第一个视图的噪声,又把这个已经用过的子 key 拆开,给第二个视图抽噪声。
def two_views(key, x, scale):
    carry_on, first_key = jax.random.split(key)
    noisy_a = x + scale * jax.random.normal(first_key, x.shape)
    second_key = jax.random.split(first_key)[0]
    noisy_b = x + scale * jax.random.normal(second_key, x.shape)
    return carry_on, noisy_a, noisy_b
