# expect: failed compiles "实例本身是静态参数" not "jit 是按实例建的"
# expect.en: "the instance itself is a static argument" not "a jit is built per instance"
# 错误示范:整个类只有一个 jit,可把 self 标成了静态参数。实例按身份哈希,每个新实例都是新的缓存键,权重在追踪时被读成常量。
class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, inputs):
        return self._forward(inputs)

    def _forward(self, inputs):
        return jnp.tanh(jnp.matmul(inputs, self.weight))

    _forward = jax.jit(_forward, static_argnums=[0])
