# expect: failed values "全 1" "把 A 闭包进去" not "不一致" "A 的切向量给全 0"
# expect.en: "a tangent of ones" "with A closed over" not "does not match" "give A a zero tangent"
# 错误示范:用了 jvp,可 A 的切向量也给了 1,乘积里混进了沿 A 方向的导数。
def directional(x, A, v):
    tangents = (v, jnp.full(A.shape, 1.0, A.dtype))
    return jax.jvp(tanh_layer, (x, A), tangents)[1]
