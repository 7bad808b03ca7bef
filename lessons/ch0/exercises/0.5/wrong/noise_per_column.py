# expect: failed noise "500 行里每一行都一样" not "scale²" "方差"
# expect.en: "the same in each of x's 500 rows" not "scale²" "variance"
# expect.silent: independent
# 错误示范:噪声按 (x.shape[-1],) 抽,只有 4 个数,广播到 x 的每一行。它的标准差碰巧接近 scale² = 0.09,
# 但代码并没有乘 scale²(scale 加倍时它只跟着加倍);提示只说出算到的事实:每一行的噪声都一样。
def two_views(key, x, scale):
    key_out, key_a, key_b = jax.random.split(key, 3)
    first = x + scale * jax.random.normal(key_a, (x.shape[-1],))
    second = x + scale * jax.random.normal(key_b, (x.shape[-1],))
    return key_out, first, second
