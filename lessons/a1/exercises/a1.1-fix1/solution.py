# 参考答案:jax.random.key 得到带类型的 key;从它 split 出的是形状 (n,) 的 key 数组。


def make_keys(seed, n):
    root = jax.random.key(seed)         # 带类型的 key,dtype 显示为 key<fry>
    return jax.random.split(root, n)    # 随机流与旧写法相同,只是类型不同
