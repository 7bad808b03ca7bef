# expect: failed key_used "固定的 key 或种子" not "全局随机状态"
# expect.en: "a fixed key or seed" not "global random state"
# isolated: 调用 np.random.seed(1),改动整个进程的 NumPy 全局随机状态
# 错误示范:为了“可复现”,每次调用先 np.random.seed(1) 再用 NumPy 抽两组数。同一把 key 两次结果一样,
# 换一把 key 也一样:来源是固定的种子而不是 key,消息说“固定的 key 或种子”。
def uniform_and_normal(key, n):
    np.random.seed(1)
    u = np.random.uniform(size=n).astype(np.float32)
    z = np.random.standard_normal(n).astype(np.float32)
    return jnp.asarray(u), jnp.asarray(z)
