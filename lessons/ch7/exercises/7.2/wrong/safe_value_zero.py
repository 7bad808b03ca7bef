# expect: failed zero_inputs "它换进去的安全值是 0" "除以为 0 的范数就是 0/0" not "前面没有 where" "inf × 0 = NaN"
# expect.en: "the safe value it swaps in is 0" "dividing by a norm of 0 is 0/0" not "with no where in front of it" "computes inf × 0 = NaN"
# 错误示范:两层 where 都写了,可里层给零向量换进去的平方范数是 0:里层 where 挡住了 √ 的无穷导数,NaN 出在除以 0 范数的 0/0 上。
def cos_sim_safe(a, b):
    ssa = jnp.vdot(a, a)
    ssb = jnp.vdot(b, b)
    nonzero = jnp.logical_and(ssa > 0, ssb > 0)
    na = jnp.sqrt(jnp.where(nonzero, ssa, jnp.zeros_like(ssa)))
    nb = jnp.sqrt(jnp.where(nonzero, ssb, jnp.zeros_like(ssb)))
    cos = jnp.vdot(a, b) / (na * nb)
    return jnp.where(nonzero, cos, 0.0)
