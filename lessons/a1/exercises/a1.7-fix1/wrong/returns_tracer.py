# expect: failed values "tracer"
# expect.en: "tracer"
# 错误示范:不再对泄漏的值做运算,直接把它交回去。报错推迟了,可交回去的仍是一个 tracer。
stash = []


@jax.jit
def normalize(x):
    centered = x - jnp.mean(x)
    stash.append(centered)
    return centered / jnp.std(x)


def normalize_and_center(x):
    return normalize(x), stash[-1]
