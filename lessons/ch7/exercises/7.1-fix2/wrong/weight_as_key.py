# expect: failed compiles "权重的值成了缓存键" not "在模块级 jit 一次"
# expect.en: "the weight's values are a cache key" not "jit it once at module level"
# 错误示范:模块级只 jit 一次,可权重先转成字节串、作为静态参数传入。每个不同的权重都是新的缓存键,换一个权重就重新编译。
def _dense(inputs, key):
    raw, shape = key
    w = jnp.asarray(np.frombuffer(raw, np.float32).reshape(shape))
    return jnp.tanh(inputs @ w)


_dense_jit = jax.jit(_dense, static_argnames="key")


class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, inputs):
        w = np.asarray(self.weight, np.float32)
        return _dense_jit(inputs, key=(w.tobytes(), w.shape))
