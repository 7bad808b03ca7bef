# expect: failed noise "乘在了 x 上" not "方差" "标准正态"
# expect.en: "multiplied by x" not "variance" "standard normal"
# 错误示范:把噪声理解成按比例的扰动,x 乘上 (1 + scale·ε);噪声的大小跟着 x 走,并不是标准差为 scale 的加性噪声。
def two_views(key, x, scale):
    keep, a, b = jax.random.split(key, 3)
    first = x * (1.0 + scale * jax.random.normal(a, x.shape))
    second = x * (1.0 + scale * jax.random.normal(b, x.shape))
    return keep, first, second
