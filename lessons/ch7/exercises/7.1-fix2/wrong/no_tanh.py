# expect: failed values "tanh"
# expect.en: "tanh"
# 错误示范:编译次数对了,可忘了激活函数。
project_jit = jax.jit(lambda weight, x: x @ weight)


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        return project_jit(self.weight, x)
