# expect: failed values "向量-雅可比积"
# expect.en: "vector-Jacobian product"
# 错误示范:不想建整个雅可比,却用了反向模式的 vjp:它要的是输出大小的向量,算的是 vᵀJ。
def directional(x, A, v):
    y, back = jax.vjp(tanh_layer, x, A)
    (gx, _) = back(v)
    return gx
