# expect: failed jit "顺序相反"
# expect.en: "in the other order"
# 错误示范:手写注册时 flatten 给出 (weight, bias),unflatten 却按 (bias, weight) 取回。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


def _flatten(layer):
    return [layer.weight, layer.bias], ()


def _unflatten(_, kids):
    bias, weight = kids
    return Linear(weight=weight, bias=bias)


jax.tree_util.register_pytree_node(Linear, _flatten, _unflatten)


@jax.jit
def apply(layer, x):
    return x @ layer.weight + layer.bias
