# expect: failed compiles "每次调用都新建一个 jax.jit" not "缓存键的一部分"
# expect.en: "builds a new jax.jit(...) on every call" not "part of the cache key"
# 错误示范:Linear 正确注册成了 pytree,可 apply 每次被调用都在里面现定义一个函数再包 jax.jit,缓存随这个新函数一起丢掉。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


jax.tree_util.register_dataclass(Linear, data_fields=["weight", "bias"], meta_fields=[])


def apply(layer, x):
    def affine(lin, rows):
        return rows @ lin.weight + lin.bias

    return jax.jit(affine)(layer, x)
