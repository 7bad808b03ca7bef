# expect: failed values "直接拿去采样" not "已经 split 过"
# expect.en: "used directly" not "already split"
# 错误示范:A 直接用传进来的 key 抽,B 的 key 由 fold_in(key, 1) 派生。程序里没有 split,
# 提示只说父 key 被直接用了,不说它"已经 split 过"。
def init_pair(key):
    from jax.random import fold_in, normal
    return normal(key, (4, 4)), normal(fold_in(key, 1), (4, 2))
