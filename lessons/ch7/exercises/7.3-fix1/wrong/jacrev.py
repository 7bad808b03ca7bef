# expect: failed program "雅可比"
# expect.en: "Jacobian"
# 错误示范:换成了反向模式的 jacrev,还是先造出整个 J 再乘。
def directional(x, A, v):
    full = jax.jacrev(tanh_layer, argnums=0)(x, A)
    return full @ v
