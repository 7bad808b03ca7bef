# expect: failed grad "全 1 向量" not "长度为 1 的向量"
# expect.en: "all ones" not "a vector of length 1"
# 错误示范:原点处的方向没有定义,就拿一个全 1 的向量来顶替,而不是 0。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    positive = n > 0
    safe_n = jnp.where(positive, n, 1.0)
    d = jnp.where(positive, v / safe_n, jnp.full_like(v, 1.0))
    return n, jnp.sum(d * dv)
