# expect: failed value "两个平方范数都没开方"
# expect.en: "neither squared norm went through a square root"
# 把 aᵀa 当成了范数:分母里是两个平方范数的乘积,少了开方。


def cos_sim_safe(a, b):
    na2 = jnp.vdot(a, a)
    nb2 = jnp.vdot(b, b)
    ok = jnp.logical_and(na2 > 0, nb2 > 0)
    den = jnp.where(ok, na2 * nb2, 1.0)
    return jnp.where(ok, jnp.vdot(a, b) / den, 0.0)
