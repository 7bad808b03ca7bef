# expect: failed jit "flatten 返回的子节点顺序是 (bias, weight)" not "unflatten 放回子节点的顺序"
# expect.en: "flatten returns the children as (bias, weight)" not "unflatten puts the children back in the other order"
# 手写 register_pytree_node:flatten 先返回 bias 再返回 weight,unflatten 却按 Linear(children[0], children[1]) 还原。
# unflatten 本身已经按 flatten 的下标取子节点,提示不能让它“按 flatten 的顺序写 Linear(children[0], children[1])”。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


def _flatten(layer):
    return (layer.bias, layer.weight), None


def _unflatten(aux, children):
    return Linear(children[0], children[1])


jax.tree_util.register_pytree_node(Linear, _flatten, _unflatten)


@jax.jit
def apply(layer, x):
    return x @ layer.weight + layer.bias
