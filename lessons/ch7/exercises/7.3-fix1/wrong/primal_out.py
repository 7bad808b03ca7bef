# expect: failed values "jax.jvp 返回 (primal_out, tangent_out)" not "不一致"
# expect.en: "jax.jvp returns the pair (primal_out, tangent_out)" not "does not match"
# 错误示范:用对了 jax.jvp,可返回值取了下标 0,那是函数值而不是方向导数。
def directional(x, A, v):
    pair = jax.jvp(lambda p: tanh_layer(p, A), (x,), (v,))
    return pair[0]
