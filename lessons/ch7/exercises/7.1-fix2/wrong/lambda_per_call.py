# expect: failed compiles "新建了一个 jit 函数" "每次调用都重新编译了一次:用完全相同" not "self._compute"
# expect.en: "builds a new jitted function" "on every call. Called 2 more times with exactly" not "self._compute" "call: With"
# 错误示范:不再 jit 绑定方法,改成每次调用 jit 一个新的 lambda,权重作参数传进去;可 lambda 每次都是新对象。
class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        return jax.jit(lambda w, v: jnp.tanh(v @ w))(self.weight, x)
