# expect: failed values "把 A 本身当成了 A 的切向量" "把 A 闭包进去" not "全 1" "给 A 零切向量"
# expect.en: "got A itself as the tangent of A" "with A closed over" not "a tangent of ones" "give A a zero tangent"
# 错误示范:jvp 直接对 tanh_layer 的两个参数求导,给 A 也传了切向量:结果多了一项 A 的方向导数。
def directional(x, A, v):
    _, jv = jax.jvp(tanh_layer, (x, A), (v, A))
    return jv
