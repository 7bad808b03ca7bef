# expect: failed values "第一次调用把当时的权重数组留在了实例之外" not "第一个被调用的实例"
# expect.en: "kept its weight array apart from the instance" not "the instance called first"
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
