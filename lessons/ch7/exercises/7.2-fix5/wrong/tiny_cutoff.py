# expect: failed grad "当成了零向量" not "ε"
# expect.en: "treats tiny non-zero vectors as the zero vector" not "ε"
# 错误示范:用一个截断值判断“是不是零向量”:范数小于 1e-9 的一律给 0,很小但非零的向量的方向就丢了。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    unit = jnp.where(n < 1e-9, jnp.zeros_like(v), v / jnp.maximum(n, 1e-9))
    return n, jnp.vdot(unit, dv)
