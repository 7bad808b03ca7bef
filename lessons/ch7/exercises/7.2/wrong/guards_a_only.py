# expect: failed zero_inputs "b 的平方范数 0 前面没有 where" not "安全值是 0"
# expect.en: "the squared norm of b, 0, reaches √ with no where in front of it" not "safe value it swaps in is 0"
# 错误示范:a 的平方范数开方前换成了 1.0,b 却直接用 linalg.norm,b 为零向量时反向照样 NaN。
def cos_sim_safe(a, b):
    a2 = jnp.vdot(a, a)
    a_ok = a2 > 0
    na = jnp.sqrt(jnp.where(a_ok, a2, 1.0))
    nb = jnp.linalg.norm(b)
    both = jnp.logical_and(a_ok, nb > 0)
    return jnp.where(both, jnp.vdot(a, b) / (na * nb), 0.0)
