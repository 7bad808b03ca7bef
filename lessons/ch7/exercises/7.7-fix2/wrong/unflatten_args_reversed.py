# expect: failed jit "unflatten(aux_data, children)" not "没有注册成 pytree"
# expect.en: "unflatten(aux_data, children)" not "not registered"
# 错误示范:用 register_pytree_node 手写注册,可还原函数的两个参数写反了:JAX 先传辅助数据(这里是 None),再传子节点。
from jax import tree_util


@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


tree_util.register_pytree_node(
    Linear,
    lambda l: ((l.weight, l.bias), None),
    lambda children, aux: Linear(*children),
)


@jax.jit
def apply(layer, x):
    return x @ layer.weight + layer.bias
