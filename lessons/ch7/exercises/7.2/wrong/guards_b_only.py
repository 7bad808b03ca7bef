# expect: failed zero_inputs "只防住了 b"
# expect.en: "only b is guarded"
# 错误示范:双 where 只写给了 b,a 为零向量时仍是 0/0。
def cos_sim_safe(a, b):
    nb = jnp.sum(b * b)
    b_ok = nb > 0
    b_in = jnp.where(b_ok, b, 1.0)
    cos = jnp.sum(a * b_in) / (jnp.sqrt(jnp.sum(a * a)) * jnp.sqrt(jnp.sum(b_in * b_in)))
    return jnp.where(b_ok, cos, 0.0)
