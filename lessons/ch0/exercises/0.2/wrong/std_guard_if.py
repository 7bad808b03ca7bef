# expect: failed jit_static "由 x 算出来的值" not "标成静态参数"
# expect.en: "computed from x" not "Mark it static"
# 错误示范:怕标准差为 0,用 Python 的 if 判断 s == 0。center 已经是静态参数了,
# 出错的是这个 if:s 在 jit 里是追踪值。提示不能再让人把 center 标成静态。
def normalize(x, center):
    if center:
        s = jnp.std(x)
        if s == 0:
            return x - jnp.mean(x)
        return (x - jnp.mean(x)) / s
    return x / jnp.sqrt(jnp.mean(x ** 2))


fast_normalize = jax.jit(normalize, static_argnames="center")
