# expect: failed values "乘的是转置后的权重"
# expect.en: "multiplies by the transposed weight"
# 错误示范:模块级 jit 一次、权重作为参数传入都对了,可矩阵乘法里把权重转置了。
def _apply(inputs, kernel):
    return jnp.tanh(jnp.matmul(inputs, jnp.transpose(kernel)))


_apply_jit = jax.jit(_apply)


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, inputs):
        return _apply_jit(inputs, self.weight)
