# expect: failed same_stream "又多拆了一次" not "一次拆一个"
# expect.en: "split once more" not "one key at a time"
# expect.silent: jit
# 错误示范:先从种子的键里拆出一个子键,再把这个子键拆成 n 个;多了一层拆分,随机流就换了。


def make_keys(seed, n):
    root = jax.random.key(seed)
    pair = jax.random.split(root)
    return jax.random.split(pair[1], n)
