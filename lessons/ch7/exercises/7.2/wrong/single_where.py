# expect: failed zero_inputs "梯度含 NaN/inf" "a 和 b 都要防住" not "a 也要防住"
# expect.en: "gradient holds NaN/inf" "Guard both a and b" not "Guard a:"
# 只在输出上用了一个 where:前向是 0,但零向量处范数的导数 0/0 让梯度变成 NaN。
def cos_sim_safe(a, b):
    size_a = jnp.linalg.norm(a)
    size_b = jnp.linalg.norm(b)
    fine = (size_a > 0) & (size_b > 0)
    return jnp.where(fine, jnp.vdot(a, b) / (size_a * size_b), 0.0)
