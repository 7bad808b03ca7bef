# expect: failed zero_inputs "它填的是 1" not "内层 where"
# expect.en: "it fills 1, not 0.0" not "inner where"
# 错误示范:两层 where 都写了,范数前的安全值也对,可输出那层 where 在零向量处填了 1.0 而不是 0.0。
def cos_sim_safe(a, b):
    ssq = jnp.stack([a @ a, b @ b])
    regular = jnp.all(ssq > 0)
    norms = jnp.sqrt(jnp.where(regular, ssq, jnp.ones(2)))
    cosine = jnp.vdot(a, b) / jnp.prod(norms)
    return jnp.where(regular, cosine, 1.0)  # 零向量时「完全相似」?
