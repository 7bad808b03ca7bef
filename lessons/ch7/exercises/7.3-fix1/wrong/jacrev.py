# expect: failed program "雅可比" "输出空间的单位基"
# expect.en: "Jacobian" "identity basis of the output space"
# 错误示范:换成了反向模式的 jacrev,还是先造出整个 J 再乘。
def directional(x, A, v):
    full = jax.jacrev(tanh_layer, argnums=0)(x, A)
    return full @ v
