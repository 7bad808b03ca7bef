# expect: failed children_only "既直接用来抽样" not "之后又被用了一次"
# expect.en: "both drawn from and used to derive" not "used again after"
# 错误示范:先用传入的 key 抽 u,之后才 split 出给 z 的子 key。顺序和"split 之后再用"相反,
# 但同一把 key 还是既抽了样又派生了子 key,所以消息只能说这一点,不能说"之后又被用了一次"。


def uniform_and_normal(key, n):
    u = jax.random.uniform(key, shape=(n,))
    children = jax.random.split(key, 2)
    return u, jax.random.normal(children[1], shape=(n,))
