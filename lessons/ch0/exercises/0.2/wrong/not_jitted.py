# expect: failed compiles "逐个运算"
# expect.en: "op by op"
# 错误示范:fast_normalize 直接等于 normalize,忘了用 jax.jit 包装。结果都对,
# 但每次调用都逐个运算地执行,没有编译成一个程序。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = normalize
