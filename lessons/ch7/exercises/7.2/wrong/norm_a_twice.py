# expect: failed value "同一个向量 a 的范数用了两次"
# expect.en: "the norm of the same vector a twice"
# 错误示范:抄写时把 len_b 打成了 len_a,分母成了 ‖a‖²。
def cos_sim_safe(a, b):
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    keep = (sq_a > 0) & (sq_b > 0)
    len_a = jnp.sqrt(jnp.where(keep, sq_a, 1.0))
    len_b = jnp.sqrt(jnp.where(keep, sq_b, 1.0))
    return jnp.where(keep, jnp.dot(a, b) / (len_a * len_a), 0.0)
