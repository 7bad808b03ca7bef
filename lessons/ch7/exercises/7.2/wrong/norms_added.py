# expect: failed value "两个范数是相加的"
# expect.en: "the two norms in the denominator are added"
# 错误示范:双 where 写对了,分母却把两个范数加起来,不是相乘。
def cos_sim_safe(a, b):
    sq_a, sq_b = jnp.sum(a * a), jnp.sum(b * b)
    keep = (sq_a > 0) & (sq_b > 0)
    len_a = jnp.sqrt(jnp.where(keep, sq_a, 1.0))
    len_b = jnp.sqrt(jnp.where(keep, sq_b, 1.0))
    return jnp.where(keep, jnp.dot(a, b) / (len_a + len_b), 0.0)
