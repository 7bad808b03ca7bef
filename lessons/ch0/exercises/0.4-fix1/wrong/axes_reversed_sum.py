# expect: failed batch "顺序写反" "in_axes=(None, 0)" not "大小不一致" "恰好等于 d"
# expect.en: "in the wrong order" "in_axes=(None, 0)" not "inconsistent sizes" "happens to equal d"
# 错误示范:以为 in_axes 先写“拆开的”再写“共享的”。w 被逐个元素拆开,xs 整个交给每次调用;
# predict 把乘积加成一个数,结果只有 d 项,形状还是一维的。
def predict(w, x):
    return jnp.sum(w * x)


def batch_predict(w, xs):
    mapped = jax.vmap(predict, in_axes=(0, None))
    return mapped(w, xs)
