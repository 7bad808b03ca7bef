# expect: failed independent "没有加噪声" not "同一份随机数"
# expect.en: "no noise was added" not "same random numbers"
# expect.silent: new_key
# 错误示范:拆好了 key,却忘了把噪声加上,两个视图都原样交回 x。两份"噪声"(视图减 x)都是 0,
# 相同不是因为同一份随机数用了两次,而是根本没有随机数:提示说没有加噪声。
def two_views(key, x, scale):
    new_key, k1, k2 = jax.random.split(key, 3)
    view1 = x
    view2 = x
    return new_key, view1, view2
