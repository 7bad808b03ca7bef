# expect: failed values "闭包了当时那个实例的权重"
# expect.en: "closes over that instance's weight"
# 错误示范:模块里只留一个编译好的函数,在第一次调用时建,闭包里抓的是那时候的权重。
_compiled = []


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, inputs):
        if not _compiled:
            kernel = self.weight
            _compiled.append(jax.jit(lambda a: jnp.tanh(jnp.dot(a, kernel))))
        return _compiled[0](inputs)
