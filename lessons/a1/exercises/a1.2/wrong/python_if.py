# expect: failed returns "Python 的 if"
# expect.en: "Python's if"
# 用 Python if 选分支:不加变换时能跑,vmap / jit 里 x 是追踪值,抛 TracerBoolConversionError。
def piecewise(x):
    if x < 0:
        return jnp.square(x)
    if x < jnp.pi:
        return jnp.sin(x)
    return x - jnp.pi


def piecewise_select(x: jax.Array):
    conds = [x < 0, x < jnp.pi]
    return jnp.select(conds, [jnp.square(x), jnp.sin(x)], default=x - jnp.pi)
