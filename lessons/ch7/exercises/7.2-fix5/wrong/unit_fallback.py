# expect: failed grad "长度为 1 的向量" not "ε"
# expect.en: "a vector of length 1" not "ε"
# 错误示范:零向量处不给 0,而是挑了第一个坐标轴的方向当“次梯度”。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    ok = n > 0
    axis0 = jnp.zeros_like(v).at[0].set(1.0)
    unit = jnp.where(ok, v / jnp.where(ok, n, 1.0), axis0)
    return n, jnp.dot(unit, dv)
