# expect: failed values "全 1 向量"
# expect.en: "a vector of ones"
# 错误示范:用了 jax.jvp,切向量却给成全 1,算出的是 J 每一行的和而不是 J·v。
def directional(x, A, v):
    layer_at = lambda point: tanh_layer(point, A)  # noqa: E731
    _, pushed = jax.jvp(layer_at, (x,), (jnp.ones(x.shape, x.dtype),))
    return pushed
