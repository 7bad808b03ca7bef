# expect: failed values "沿 axis 1 堆叠" not "不用再转置"
# expect.en: "stacked along axis 1" not "no transpose is needed"
# 每个输出各求一次梯度,得到雅可比的各行;可 column_stack 把它们并成了列,结果是 (n, m)。


def sensitivities(x, A, B):
    def output(i):
        return lambda q: (B @ jnp.tanh(A @ q))[i]

    grads = [jax.grad(output(i))(x) for i in range(B.shape[0])]
    return jnp.column_stack(grads)
