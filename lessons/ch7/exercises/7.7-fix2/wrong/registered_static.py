# expect: failed pytree "register_static" not "不透明的叶子"
# expect.en: "register_static" not "opaque leaf"
# 错误示范:用 register_static 把整个层登记成静态的:jit 能进去,可它没有叶子,weight、bias 都成了元数据。
from jax import tree_util


@dataclass(eq=True, frozen=True)
class Linear:
    weight: jax.Array
    bias: jax.Array


Linear = tree_util.register_static(Linear)


@jax.jit
def apply(layer, x):
    return x @ layer.weight + layer.bias
