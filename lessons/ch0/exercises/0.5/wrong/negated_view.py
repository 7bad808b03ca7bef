# expect: failed independent "相反数" not "同一个 key"
# expect.en: "exactly minus view 1's" not "same key"
# 错误示范:只抽一次噪声,第二个视图减去它。两份噪声完全负相关,不是独立抽样。
def two_views(key, x, scale):
    key, sub = jax.random.split(key)
    noise = scale * jax.random.normal(sub, x.shape)
    return key, x + noise, x - noise
