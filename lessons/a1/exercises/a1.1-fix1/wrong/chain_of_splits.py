# expect: failed same_stream "一次拆一个" not "又多拆了一次"
# expect.en: "one key at a time" not "split once more"
# 错误示范:在循环里反复拆,每次留下一个新键;逐次拆出来的键和一次拆成 n 个不是同一条随机流。


def make_keys(seed, n):
    parent, out = jax.random.key(seed), []
    while len(out) < n:
        parent, child = jax.random.split(parent)
        out.append(child)
    return jnp.stack(out)
