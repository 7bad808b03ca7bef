# expect: failed zero_inputs "没有外层的 where"
# expect.en: "no outer where"
# 错误示范:零向量换成了全 1 的安全值,输出却没有再选回 0。
def cos_sim_safe(a, b):
    a_in = jnp.where(jnp.vdot(a, a) > 0, a, jnp.ones_like(a))
    b_in = jnp.where(jnp.vdot(b, b) > 0, b, jnp.ones_like(b))
    return jnp.vdot(a_in, b_in) / jnp.sqrt(jnp.vdot(a_in, a_in) * jnp.vdot(b_in, b_in))
