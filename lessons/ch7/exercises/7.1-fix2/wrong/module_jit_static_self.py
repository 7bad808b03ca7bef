# expect: failed compiles "_forward 的 jit 是整个类共用的" "实例本身是静态参数" not "jit 是按实例建的"
# expect.en: "The jit of _forward is one jit" "the instance itself is a static argument" not "a jit is built per instance"
# 错误示范:jit 放到了模块级,可把整个实例当静态参数传进去,实例按身份哈希,每个实例各编译一次。
class Layer:
    def __init__(self, weight):
        self.weight = weight

    def __call__(self, x):
        return _apply(self, x)


def _forward(layer, x):
    return jnp.tanh(jnp.dot(x, layer.weight))


_apply = jax.jit(_forward, static_argnums=(0,))
