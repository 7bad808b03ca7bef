# expect: failed grad "不一致" "分母里加了 ε" not "开方前"
# expect.en: "does not match" "adds ε to the denominator" not "under the square root"
# 错误示范(压下症状的错误办法):分母加一个小数。没有 NaN 了,可很小的向量的方向被压扁了。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    return n, jnp.vdot(v / (n + 1e-12), dv)
