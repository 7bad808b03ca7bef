# expect: failed compiles "每个实例在创建时各自建了一个 jit" not "常量"
# expect.en: "every instance holds a jit of its own" not "constant"
# 错误示范:权重已经作为参数传进 jit 了,可 jit 是在 __init__ 里建的,每个实例一个,各自从空缓存开始。
class Layer:
    def __init__(self, weight):
        self.weight = weight
        self._project = jax.jit(lambda w, x: jnp.tanh(x @ w))

    def __call__(self, x):
        return self._project(self.weight, x)
