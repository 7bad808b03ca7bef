# expect: failed compiles "每次调用都新建了一个 jit 函数" not "没有经过 jax.jit"
# expect.en: "every call builds a new jitted function" not "not a jax.jit"
# 错误示范:jax.jit 写在 fast_normalize 里面,每次调用现包一个闭包再编译。结果都对,
# 可每次调用拿到的都是新的 jit 函数,缓存用不上,每次都重新编译。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))


def fast_normalize(x, center):
    compiled = jax.jit(lambda v: normalize(v, center))
    return compiled(x)
