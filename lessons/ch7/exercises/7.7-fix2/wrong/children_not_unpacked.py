# expect: failed jit "拆开放回" not "不一致"
# expect.en: "unpack it" not "does not match"
# 错误示范:还原时把整个子节点元组塞进了 weight,bias 给了 None。
from jax import tree_util


@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


tree_util.register_pytree_node(
    Linear,
    lambda l: ((l.weight, l.bias), None),
    lambda aux, children: Linear(children, None),
)


@jax.jit
def apply(layer, x):
    return x @ layer.weight + layer.bias
