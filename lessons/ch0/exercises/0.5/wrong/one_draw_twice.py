# expect: failed independent "只抽了一次" not "用同一把 key 抽出来的"
# expect.en: "drawn once and added to both views" not "both were drawn from the same key"
# 错误示范:拆了 key,却只抽了一份噪声,两份视图都加上它。key 没有用两次,
# 是同一份随机数用了两次;提示要把这种情况也说进去。
def two_views(key, x, scale):
    new_key, k1 = jax.random.split(key)
    noise = scale * jax.random.normal(k1, x.shape, x.dtype)
    return new_key, x + noise, x + noise
