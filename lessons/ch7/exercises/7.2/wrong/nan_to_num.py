# expect: failed zero_inputs "梯度含 NaN/inf"
# expect.en: "gradient holds NaN/inf"
# 用 nan_to_num 把 0/0 的结果换成 0:前向没问题,反向仍然穿过 norm 在 0 处的导数,梯度是 NaN。
def cos_sim_safe(a, b):
    return jnp.nan_to_num(jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b)))
