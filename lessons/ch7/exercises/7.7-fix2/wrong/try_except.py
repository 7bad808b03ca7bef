# expect: failed compiles "没有在 jit 里运行"
# expect.en: "did not run under jit"
# 错误示范(压下症状的错误办法):接住 TypeError,退回到不经过 jit 的计算。
@dataclass
class Linear:
    weight: jax.Array
    bias: jax.Array


def _apply(layer, x):
    return x @ layer.weight + layer.bias


_apply_jit = jax.jit(_apply)


def apply(layer, x):
    try:
        return _apply_jit(layer, x)
    except TypeError:
        return _apply(layer, x)
