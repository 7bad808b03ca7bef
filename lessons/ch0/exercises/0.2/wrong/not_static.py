# expect: failed jit_static "if" "静态"
# expect.en: "if" "static"
# 错误示范:直接 jax.jit(normalize),没有把 center 标成静态参数。
# 不加 jit 的 normalize 一切正常;jit 版本里 center 是追踪值,Python 的 if 没法判断真假。
def normalize(x, center):
    if center:
        return (x - jnp.mean(x)) / jnp.std(x)
    return x / jnp.sqrt(jnp.mean(x**2))


fast_normalize = jax.jit(normalize)
