# expect: failed value "一个范数开了方、另一个没开方"
# expect.en: "one squared norm in the denominator goes through a square root and the other does not"
# 只给 a 的平方范数开了方,b 那边直接用了 bᵀb。


def cos_sim_safe(a, b):
    na2 = jnp.vdot(a, a)
    nb2 = jnp.vdot(b, b)
    ok = jnp.logical_and(na2 > 0, nb2 > 0)
    safe_na = jnp.sqrt(jnp.where(ok, na2, 1.0))
    safe_nb2 = jnp.where(ok, nb2, 1.0)
    return jnp.where(ok, jnp.vdot(a, b) / (safe_na * safe_nb2), 0.0)
