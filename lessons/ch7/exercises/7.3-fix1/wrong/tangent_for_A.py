# expect: failed values "把 A 本身当成了 A 的切向量" not "全 1"
# expect.en: "got A itself as the tangent of A" not "a tangent of ones"
# 错误示范:jvp 直接对 tanh_layer 的两个参数求导,给 A 也传了切向量:结果多了一项 A 的方向导数。
def directional(x, A, v):
    _, jv = jax.jvp(tanh_layer, (x, A), (v, A))
    return jv
