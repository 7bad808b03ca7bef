# expect: failed compiles "每个实例各编译一次"
# expect.en: "Each instance compiled once"
# 错误示范:jit 挪进了构造函数。每个实例各编译一次,而且 self.weight 被读成了常量。
class Layer:
    def __init__(self, weight):
        self.weight = weight
        self._fn = jax.jit(self._compute)

    def _compute(self, x):
        return jnp.tanh(x @ self.weight)

    def __call__(self, x):
        return self._fn(x)
