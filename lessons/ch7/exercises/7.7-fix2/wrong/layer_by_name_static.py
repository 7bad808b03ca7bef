# expect: failed pytree "标成了静态参数" not "register_static"
# expect.en: "marks layer as a static argument" not "register_static"
# 错误示范:不去注册 pytree,改让 jit 按名字把 layer 当静态参数;这个类没定义 __eq__,按对象身份哈希,所以 jit 收下了它。
class Linear:
    def __init__(self, weight, bias):
        self.weight, self.bias = weight, bias


@partial(jax.jit, static_argnames=("layer",))
def apply(layer, inputs):
    affine = inputs @ layer.weight
    return affine + layer.bias
