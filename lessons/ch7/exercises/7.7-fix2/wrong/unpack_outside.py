# expect: failed pytree "不透明的叶子"
# expect.en: "opaque leaf"
# 错误示范:在 jit 外面把字段拆开再传。apply 能用了,可 Linear 还是进不了 grad 和 tree.map。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


@jax.jit
def _affine(weight, bias, x):
    return x @ weight + bias


def apply(layer, x):
    return _affine(layer.weight, layer.bias, x)
