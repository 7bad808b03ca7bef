# expect: failed compiles "每个 Linear 对象自己就是一个缓存键" not "权重的数值被当成了缓存键"
# expect.en: "each Linear object is its own cache key" not "values of the weights became part of the cache key"
# 错误示范:不注册 pytree,而是让 jit 把 layer 当静态参数;这个类按对象身份哈希,所以每个新 Linear 都重新编译,
# 装着同样数组的新对象也一样。检查新建一个装同样数组的对象再调用,算出了这一点,不能说"权重的数值进了缓存键"。
import functools


class Linear:
    def __init__(self, weight, bias):
        self.weight = weight
        self.bias = bias


@functools.partial(jax.jit, static_argnums=(0,))
def apply(layer, x):
    return jnp.dot(x, layer.weight) + layer.bias
