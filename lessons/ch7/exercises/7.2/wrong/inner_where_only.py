# expect: failed zero_grads "输出外面却少了一层 where"
# expect.en: "the outer where on the output is missing"
# 错误示范:范数里用 where 换进了安全值,零向量处的值也恰好是 0,可输出没有再用 where 选一次,零点的梯度不是 0。
def cos_sim_safe(a, b):
    na2, nb2 = a @ a, b @ b
    safe_na = jnp.sqrt(jnp.where(na2 == 0, 1.0, na2))
    safe_nb = jnp.sqrt(jnp.where(nb2 == 0, 1.0, nb2))
    return (a @ b) / safe_na / safe_nb
