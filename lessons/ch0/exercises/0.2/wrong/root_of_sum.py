# expect: failed values "平方和的平方根" not "两种模式"
# expect.en: "root of the sum of squares" not "two modes"
# 错误示范:均方根漏了“均”,用 L2 范数去除,结果缩小了 √n 倍。
def normalize(x, center):
    if center:
        x = x - jnp.mean(x)
        return x / jnp.sqrt(jnp.mean(x * x))
    return x / jnp.linalg.norm(x)


fast_normalize = jax.jit(normalize, static_argnames="center")
