# expect: failed clean "除数仍是 0" not "而不是事后清理"
# expect.en: "gets a zero divisor" not "instead of cleaning up"
# 错误示范:规则里确实先用 where 换掉了 n 再除,可换进去的安全值是 0.0:n = 0 时照样算 0/0,
# 外层 where 把 NaN 挑走了,梯度看着有限。错的是安全值,不是“事后清理”。


@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    nonzero = n > 0
    direction = jnp.where(nonzero, v / jnp.where(nonzero, n, 0.0), 0.0)
    return n, jnp.vdot(direction, dv)
