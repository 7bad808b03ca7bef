# expect: failed grad "v/‖v‖²" not "ε"
# expect.en: "v/‖v‖²" not "ε"
# 错误示范:双 where 写对了,可规则里除的是范数的平方,方向向量的长度成了 1/‖v‖。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    sq = jnp.sum(v * v)
    ok = sq > 0
    g = jnp.where(ok, v / jnp.where(ok, sq, 1.0), 0.0)
    return jnp.sqrt(sq), jnp.dot(g, dv)
