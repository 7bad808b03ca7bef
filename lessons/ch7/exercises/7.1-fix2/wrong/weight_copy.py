# expect: failed weight "复制到了 self.kernel" not "编进了缓存的程序"
# expect.en: "copies the weight into self.kernel" not "baked into the cached program"
# 错误示范:jit 只在模块级建一次,权重也作为参数传入;可传的是构造时存下的一份副本,后来换掉 layer.weight 不起作用。
dense_tanh = jax.jit(lambda w, inputs: jnp.tanh(inputs @ w))


class Layer:
    def __init__(self, weight):
        self.weight = weight
        self.kernel = jnp.array(weight, copy=True)

    def __call__(self, x):
        return dense_tanh(self.kernel, x)
