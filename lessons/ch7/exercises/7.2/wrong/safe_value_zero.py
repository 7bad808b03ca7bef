# expect: failed zero_inputs "它换进去的安全值是 0" not "前面没有 where"
# expect.en: "the safe value it swaps in is 0" not "with no where in front of it"
# 错误示范:两层 where 都写了,可里层给零向量换进去的平方范数是 0,开方后导数还是无穷大。
def cos_sim_safe(a, b):
    ssa = jnp.vdot(a, a)
    ssb = jnp.vdot(b, b)
    nonzero = jnp.logical_and(ssa > 0, ssb > 0)
    na = jnp.sqrt(jnp.where(nonzero, ssa, jnp.zeros_like(ssa)))
    nb = jnp.sqrt(jnp.where(nonzero, ssb, jnp.zeros_like(ssb)))
    cos = jnp.vdot(a, b) / (na * nb)
    return jnp.where(nonzero, cos, 0.0)
