# expect: failed same_stream "split(fold_in(key(0), seed), n)" not "上一项检查已经说明"
# expect.en: "split(fold_in(key(0), seed), n)" not "which the previous check explains"
# expect.silent: jit
# 错误示范:带类型的 key 是对的,可种子被 fold_in 进了固定的 key(0),而不是直接 key(seed):随机流变了。
# 检查按 fold_in 的写法算出了同样的 key,于是点名 fold_in;jit 那一项跳过,理由只说上一项已经发现原因。


def make_keys(seed, n):
    start = jax.random.fold_in(jax.random.key(0), seed)
    return jax.random.split(start, num=n)
