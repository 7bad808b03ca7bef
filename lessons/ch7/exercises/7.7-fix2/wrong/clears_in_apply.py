# expect: failed compiles "jax.clear_caches()" not "新建一个 jax.jit"
# expect.en: "jax.clear_caches()" not "builds a new jax.jit"
# isolated: 调用 jax.clear_caches(),清空整个进程的编译缓存
# 错误示范:Linear 注册对了,jit 也只建了一次,可 apply 每次先清缓存,三组权重编译三次。
from jax import tree_util


@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


tree_util.register_dataclass(Linear, data_fields=["weight", "bias"], meta_fields=[])


@jax.jit
def _apply(layer, x):
    return x @ layer.weight + layer.bias


def apply(layer, x):
    jax.clear_caches()
    return _apply(layer, x)
