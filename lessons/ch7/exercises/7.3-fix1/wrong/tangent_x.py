# expect: failed values "传给 jax.jvp 的切向量是 x 本身" not "函数值本身"
# expect.en: "the tangent passed to jax.jvp is x itself" not "the function value itself"
# 错误示范:用了 jax.jvp,可切向量那一格又填了 x,v 没用上。
def directional(x, A, v):
    layer = lambda inp: tanh_layer(inp, A)
    out, push = jax.jvp(layer, [x], [x])
    return push
