# expect: failed grad "开方前加了 ε" not "分母里加了 ε"
# expect.en: "adds ε under the square root" not "adds ε to the denominator"
# 错误示范(压下症状的错误办法):规则里重新算范数,开方前加一个极小的数。零点不再 0/0,可很小的向量的梯度被压短了。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    safe_norm = jnp.sqrt(jnp.vdot(v, v) + 1e-24)
    return length(v), jnp.vdot(v, dv) / safe_norm
