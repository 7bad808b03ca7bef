# expect: error jit "pytree" not "改用 tuple 或冻结的 dataclass"
# expect.en: "pytree" not "pass a tuple or a frozen dataclass instead"
# 错误示范:没有把 Linear 注册成 pytree,而是把它冻结,再把 layer 标成 static 参数;
# 里面装着 JAX 数组,冻结的 dataclass 照样不可哈希。
@dataclass(frozen=True)
class Linear:
    weight: jax.Array
    bias: jax.Array


def _affine(layer, inputs):
    projected = inputs @ layer.weight
    return projected + layer.bias


apply = jax.jit(_affine, static_argnums=0)
