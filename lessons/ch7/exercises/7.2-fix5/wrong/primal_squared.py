# expect: failed grad "原值输出等于 ‖v‖²"
# expect.en: "equals ‖v‖², the squared norm"
# 错误示范:切线写对了(双 where),可规则的第一个返回值用了平方和,jax.jvp 给出的值就成了 ‖v‖²。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_rule(primals, tangents):
    (v,), (dv,) = primals, tangents
    sq = jnp.sum(v * v)
    n = jnp.sqrt(sq)
    ok = n > 0
    return sq, jnp.where(ok, jnp.vdot(v, dv) / jnp.where(ok, n, 1.0), 0.0)
