# expect: failed values "点和方向对调了"
# expect.en: "The point and the direction are swapped"
# 错误示范:改用 jax.jvp 了,可原值和切向量放反了:在 v 处求导,沿 x 的方向推。
def directional(x, A, v):
    layer = functools.partial(tanh_layer, A=A)
    _, pushed = jax.jvp(layer, (v,), (x,))
    return pushed
