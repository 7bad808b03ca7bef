# expect: failed value "点积取了绝对值"
# expect.en: "the dot product lost its sign"
# 以为相似度不该是负数,给点积套了 jnp.abs。


def cos_sim_safe(a, b):
    live = (jnp.sum(a**2) > 0) & (jnp.sum(b**2) > 0)
    a_in = jnp.where(live, a, jnp.ones_like(a))  # 零向量换成全 1,范数不再是 0
    b_in = jnp.where(live, b, jnp.ones_like(b))
    ratio = jnp.abs(a_in @ b_in) / (jnp.linalg.norm(a_in) * jnp.linalg.norm(b_in))
    return jnp.where(live, ratio, 0.0)
