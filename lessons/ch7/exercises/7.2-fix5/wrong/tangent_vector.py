# expect: failed grad "逐元素相乘" not "TypeError: Custom JVP"
# expect.en: "an elementwise product" not "TypeError: Custom JVP"
# 错误示范:双 where 写对了,可切向量写成方向和 dv 的逐元素乘积,少了求和,不是一个数。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    n_safe = jnp.where(n == 0, 1.0, n)
    return n, dv * jnp.where(n == 0, 0.0, v / n_safe)
