# expect: failed children_only "既直接用来抽样" not "之后又被用了一次"
# expect.en: "both drawn from and used to derive"
# 错误示范:只取 split 出来的第二把子 key 给 z,u 却还是直接用传进来的 key 抽。两组数看起来互不相关,
# 可这把 key 在 split 之后又用了一次。


def uniform_and_normal(key, n):
    for_z = jax.random.split(key)[1]
    u = jax.random.uniform(key, (n,))
    return u, jax.random.normal(for_z, (n,))
