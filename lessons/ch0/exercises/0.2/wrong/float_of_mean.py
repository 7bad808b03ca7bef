# expect: failed jit_static "减它、除以它" not "静态"
# expect.en: "subtract it, divide by it" not "static"
# 错误示范:先把均值变成 Python 数再去减;不加 jit 时能运行,在 jit 里 jnp.mean(x) 是追踪值,float(…) 要一个具体的数。
def normalize(x, center):
    if center:
        shift = float(jnp.mean(x))
        return (x - shift) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(jnp.square(x)))


fast_normalize = jax.jit(normalize, static_argnames="center")
