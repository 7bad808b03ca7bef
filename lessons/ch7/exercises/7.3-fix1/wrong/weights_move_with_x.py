# expect: failed values "把 A 本身当成了 A 的切向量" not "全 1"
# expect.en: "got A itself as the tangent of A" not "a tangent of ones"
# 两个输入一起做 jvp,权重的切向量随手填了 A 本身,方向导数里混进了沿 A 的那一项。
def directional(x, A, v):
    primals = (x, A)
    directions = (v, A)
    out_and_tangent = jax.jvp(lambda inp, W: jnp.tanh(W @ inp), primals, directions)
    return out_and_tangent[1]
