# expect: failed pytree "标成了静态参数" not "register_static"
# expect.en: "marks layer as a static argument" not "register_static"
# 错误示范:没有注册 pytree,而是让 jit 按名字把 layer 当静态参数;类自己写 __init__,按对象身份哈希。
class Linear:
    def __init__(self, weight, bias):
        self.weight = weight
        self.bias = bias


@partial(jax.jit, static_argnames="layer")
def apply(layer, x):
    return x @ layer.weight + layer.bias
