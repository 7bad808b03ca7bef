# expect: failed values "tanh(x) @ weight"
# expect.en: "tanh(x) @ weight"
# 错误示范:模块级只 jit 一次,权重也作为参数传入,可激活函数先作用在输入上。
def _forward(w, inputs):
    return jnp.tanh(inputs) @ w


_forward_jit = jax.jit(_forward)


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        return _forward_jit(self.weight, x)
