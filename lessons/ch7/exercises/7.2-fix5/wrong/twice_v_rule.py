# expect: failed grad "平方范数 ‖v‖² 的导数"
# expect.en: "the derivative of the squared norm"
# 错误示范:切线按 d(v·v) = 2·v·dv 写,求的是 ‖v‖² 的导数,没有除以 n。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_rule(primals, tangents):
    (v,), (dv,) = primals, tangents
    return length(v), 2.0 * jnp.dot(v, dv)
