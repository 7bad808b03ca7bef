# expect: failed mode "同时带着全部 n 个输入方向" not "展开"
# expect.en: "carries all n input directions at once" not "unrolled"
# 错误示范:用 vmap 把 jvp 推过 n 个单位向量,一次得到所有列;没有 Python 循环,可仍是前向模式,n×n 的基向量进了程序。
def sensitivities(x, A, B):
    def layer(q):
        return B @ jnp.tanh(A @ q)

    def column(direction):
        return jax.jvp(layer, (x,), (direction,))[1]

    basis = jnp.eye(x.shape[0], dtype=x.dtype)
    return jax.vmap(column, out_axes=1)(basis)
