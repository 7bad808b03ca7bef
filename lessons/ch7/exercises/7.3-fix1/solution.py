# 参考答案:一次 jvp 直接得到方向导数 J·v,不构造 J。


def directional(x, A, v):
    _, jv = jax.jvp(lambda q: tanh_layer(q, A), (x,), (v,))
    return jv
