# 修复练习:零向量处 jax.grad(length) 是 NaN。
# 改到检查通过为止(Ctrl+T 看提示)。


@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    return n, jnp.vdot(v / n, dv)
