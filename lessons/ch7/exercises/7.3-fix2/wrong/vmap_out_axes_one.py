# expect: failed values "out_axes=1" not "不用再转置"
# expect.en: "out_axes=1" not "no transpose is needed"
# 错误示范:用 vjp 的回拉函数对单位向量逐个求行,方向没错,可 vmap 把映射轴放到了第 1 维,行成了列。
def sensitivities(x, A, B):
    def layer(q):
        return B @ jnp.tanh(A @ q)

    _, pullback = jax.vjp(layer, x)
    basis = jnp.eye(B.shape[0], dtype=x.dtype)
    return jax.vmap(lambda e: pullback(e)[0], in_axes=0, out_axes=1)(basis)
