# expect: failed values "两种模式" not "静态" "float()"
# expect.en: "two modes" not "static" "float()"
# 错误示范:两个分支写反了:center 为真时做了均方根归一化,为假时反而减了均值。
def normalize(x, center):
    if center:
        return x / jnp.sqrt(jnp.mean(x**2))
    return (x - jnp.mean(x)) / jnp.std(x)


fast_normalize = jax.jit(normalize, static_argnames="center")
