# expect: failed values "第一个被调用的实例" not "闭包"
# expect.en: "the instance called first" not "closes over"
# 错误示范:为了“只 jit 一次”,第一次调用时把 jax.jit(self._compute) 存进模块变量;绑定方法记住的是
# 第一个实例,之后每个实例都算第一个实例的 self.weight。这里没有 lambda 闭包住权重的值:检查把第一个
# 实例换了权重再用新形状调用新实例,结果跟着换了,所以消息说的是“读第一个实例的 self.weight”。
_once = None


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def _compute(self, x):
        return jnp.tanh(x @ self.weight)

    def __call__(self, x):
        global _once
        if _once is None:
            _once = jax.jit(self._compute)
        return _once(x)
