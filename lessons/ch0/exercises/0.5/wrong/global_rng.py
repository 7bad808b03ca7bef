# expect: failed same_key "全局"
# expect.en: "global"
# 错误示范:NumPy 的习惯,用全局随机数生成器抽噪声,key 只是拆一下交回去。
# 同一把 key 调用两次,得到的噪声却不一样:随机状态藏在 np.random 里。
def two_views(key, x, scale):
    new_key = jax.random.split(key)[0]
    view1 = x + scale * np.random.normal(size=x.shape).astype(np.float32)
    view2 = x + scale * np.random.normal(size=x.shape).astype(np.float32)
    return new_key, view1, view2
