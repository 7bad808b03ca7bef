# expect: failed select_values "第三段 f(x) = x − π 没有了"
# expect.en: "the third piece, f(x) = x − π, is missing"
# expect.silent: select_grad
# 错误示范:jnp.select 只给了前两个条件和取值,没传 default;x ≥ π 时没有条件成立,结果是默认的 0。
def piecewise(x):
    branch = (x >= 0).astype(jnp.int32) + (x >= jnp.pi).astype(jnp.int32)
    return lax.switch(branch, (jnp.square, jnp.sin, lambda t: t - jnp.pi), x)


def piecewise_select(x):
    below, middle = x < 0, (x >= 0) & (x < jnp.pi)
    return jnp.select([below, middle], [jnp.square(x), jnp.sin(x)])
