# expect: failed values "漏掉了输出层 B" not "转置"
# expect.en: "leaves out the output layer B" not "transpose"
# 错误示范:改成了反向模式,可求导的只是隐藏层 tanh(A·x),得到 h×n 的雅可比,B 没乘上去。
def sensitivities(x, A, B):
    def hidden(v):
        return jnp.tanh(A @ v)

    return jax.jacrev(hidden)(x)
