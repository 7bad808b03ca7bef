# expect: failed values "读的都是第一个被调用的实例的 self.weight"
# expect.en: "reads self.weight of the instance called first"
# 错误示范:整个类共用一个缓存的 jit,可 lambda 抓住的是第一个实例,别的实例用的还是它的权重。
class Layer:
    _program = None

    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        if Layer._program is None:
            Layer._program = jax.jit(lambda v: jnp.tanh(v @ self.weight))
        return Layer._program(x)
