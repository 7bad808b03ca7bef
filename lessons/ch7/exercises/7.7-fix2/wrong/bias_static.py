# expect: failed pytree "bias" not "没有注册成 pytree"
# expect.en: "bias" not "not registered as a pytree"
# 错误示范:Linear 注册了,可 bias 写进了 meta_fields。它成了静态元数据,不是叶子,grad 也不对它求导。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


jax.tree_util.register_dataclass(Linear, ["weight"], ["bias"])


@jax.jit
def apply(layer, x):
    y = jnp.matmul(x, layer.weight)
    return y + layer.bias
