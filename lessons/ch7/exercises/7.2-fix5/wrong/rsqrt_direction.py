# expect: failed grad "rsqrt 之类" not "规则里的 v / n 在这里是"
# expect.en: "rsqrt and the like" not "the rule's v / n is"
# 错误示范:规则里的方向写成 v * rsqrt(v·v),没有除法:零向量处 rsqrt(0) = inf,0 × inf = NaN。
# 代码里没有 v / n,消息只说方向 v/‖v‖ 在零向量处是 0/0。
@jax.custom_jvp
def length(v):
    return jnp.sqrt(jnp.sum(v * v))


@length.defjvp
def _length_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n = length(v)
    direction = v * jax.lax.rsqrt(jnp.sum(v * v))
    return n, jnp.vdot(direction, dv)
