# expect: failed noise "均匀噪声" not "噪声是用 jax.random.uniform 抽的"
# expect.en: "uniform on [0, 1)" not "the noise was drawn with jax.random.uniform"
# 错误示范:噪声用 NumPy 的 np.random.uniform 抽,而且是 [0, 1) 上的均匀分布。均值和标准差正是
# scale 乘均匀噪声的样子,可抽它的不是 jax.random.uniform,消息只说噪声是均匀的、不是正态的。
def two_views(key, x, scale):
    k_next, _ = jax.random.split(key)
    rows = np.random.uniform(size=(2,) + tuple(x.shape)).astype(np.float32)
    return k_next, x + scale * rows[0], x + scale * rows[1]
