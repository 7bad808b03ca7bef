# expect: failed grad "从没除以范数" not "ε"
# expect.en: "never divides by the norm" not "ε"
# 错误示范:规则只写了 v 和切向量的点积,忘了再除以长度。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    return length(v), jnp.sum(v * dv)
