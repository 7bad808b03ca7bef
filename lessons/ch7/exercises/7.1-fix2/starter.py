# 修复练习:Layer 每调用一次就编译一次。
# 改到检查通过为止(Ctrl+T 看提示)。


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def _compute(self, x):
        return jnp.tanh(x @ self.weight)

    def __call__(self, x):
        return jax.jit(self._compute)(x)
