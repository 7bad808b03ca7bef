# expect: failed program "(9, 6)" "给 A 也配一个切向量" not "jacrev"
# expect.en: "(9, 6)" "a tangent for A beside the one for x" not "jacrev"
# 错误示范:jvp 对 x 和 A 都求导,给 A 一个全 0 切向量。数值是对的,可 jnp.zeros_like(A) 本身就是 m×n 的数组:
# 所以 values 检查的提示只建议把 A 闭包进去,不再建议“给 A 零切向量”。
def directional(x, A, v):
    _, along_v = jax.jvp(tanh_layer, (x, A), (v, jnp.zeros_like(A)))
    return along_v
