# expect: failed select_values "cos x" not "π − x"
# expect.en: "cos x" not "π − x"
# 错误示范:逐元素版本的中间段误写成 cos(把导数当成了函数本身)。
def piecewise(x):
    k = jnp.int32(x >= 0) + jnp.int32(x >= jnp.pi)
    return lax.switch(k, (lambda u: u**2, jnp.sin, lambda u: u - jnp.pi), x)


def piecewise_select(x):
    below_zero = x < 0
    before_pi = jnp.logical_not(below_zero) & (x < jnp.pi)
    choices = [jnp.square(x), jnp.cos(x)]  # 中间段写错
    return jnp.select([below_zero, before_pi], choices, default=x - jnp.pi)
