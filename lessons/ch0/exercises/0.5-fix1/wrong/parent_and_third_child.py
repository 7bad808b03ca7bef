# expect: failed children_only "被直接拿去抽了随机数"
# expect.en: "used directly for a draw"
# 错误示范:均匀样本还拿传进来的 key 直接抽;正态样本换成三路拆分里的最后一路。
# 那一路不属于 split(key) 的两个子 key,所以提示不猜它的来历,只说传入的 key 被直接用掉了。


def uniform_and_normal(key, n):
    third = jax.random.split(key, 3)[-1]
    return jax.random.uniform(key, (n,)), jax.random.normal(third, (n,))
