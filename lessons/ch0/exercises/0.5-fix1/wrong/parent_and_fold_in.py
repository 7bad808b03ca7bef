# expect: failed children_only "既直接用来抽样" not "之后又被用了一次"
# expect.en: "both drawn from and used to derive"
# 错误示范:z 用 fold_in(key, 0) 派生出的 key 抽,u 却还是直接用传进来的 key 抽。在 JAX 0.12 里
# fold_in(key, 0) 就是 split(key) 的第一把子 key,所以传入的 key 既抽了样又派生了子 key。


def uniform_and_normal(key, n):
    u = jax.random.uniform(key, (n,))
    z = jax.random.normal(jax.random.fold_in(key, 0), (n,))
    return u, z
