# expect: failed zero_grads "恰好就是另一个向量本身" "少了一层 where"
# expect.en: "exactly the other vector itself" "the outer where on the output is missing"
# 错误示范:两个范数共用一个条件(两者都非零)才取真值,否则都换成 1;输出外面没有再用 where 选 0。
# a 为零向量时,b 的范数也被换成了 1,于是对 a 的梯度就是 b 本身。
def cos_sim_safe(a, b):
    len2_a = jnp.vdot(a, a)
    len2_b = jnp.vdot(b, b)
    fine = jnp.logical_and(len2_a > 0, len2_b > 0)
    den_a = jnp.sqrt(jnp.where(fine, len2_a, 1.0))
    den_b = jnp.sqrt(jnp.where(fine, len2_b, 1.0))
    return jnp.vdot(a, b) / (den_a * den_b)
