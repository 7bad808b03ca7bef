# expect: failed compiles "没有在 jit 里运行"
# expect.en: "did not run under jit"
# 错误示范(压下症状的错误办法):把 @jax.jit 去掉。不报错了,可 apply 不再是 jit 函数,Linear 也还是没注册。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


def apply(layer, x):
    return x @ layer.weight + layer.bias
