# expect: failed clean "0/0"
# expect.en: "0/0"
# 错误示范(压下症状的错误办法):规则里对 v / n 套 nan_to_num。数值碰巧对,可 0/0 仍然真的算了。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    return n, jnp.vdot(jnp.nan_to_num(v / n), dv)
