# expect: failed new_key "固定的 key 或种子" not "全局随机状态"
# expect.en: "a fixed key or seed" not "global random state"
# isolated: 调用 np.random.seed(0),改动整个进程的 NumPy 全局随机状态
# 错误示范:每次调用先 np.random.seed(0) 再用 NumPy 抽噪声。同一把 key 两次结果一样,可换一把 key
# 噪声也不变:噪声来自固定的种子,不是 jax.random 的 key,所以消息说“固定的 key 或种子”。
def two_views(key, x, scale):
    np.random.seed(0)
    noise = np.random.normal(size=(2,) + tuple(x.shape)).astype(np.float32)
    new_key = jax.random.split(key)[0]
    return new_key, x + scale * noise[0], x + scale * noise[1]
