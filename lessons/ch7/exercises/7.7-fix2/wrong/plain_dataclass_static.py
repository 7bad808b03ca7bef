# expect: error jit "pytree" not "__hash__"
# expect.en: "pytree" not "__hash__"
# 错误示范:不注册 pytree,直接把 layer 标成 static 参数;普通 @dataclass 定义了 __eq__ 没有 __hash__,
# 可就算补上 __hash__,里面的 JAX 数组也不可哈希:它是数据,不是设置。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


@partial(jax.jit, static_argnums=(0,))
def apply(layer, x):
    return jnp.dot(x, layer.weight) + layer.bias
