# expect: failed values "均匀分布" "softmax 之后再用掩码" "allowed.any(-1, keepdims=True)" not "NaN"
# expect.en: "uniform" "a mask applied after the softmax" "allowed.any(-1, keepdims=True)" not "NaN"
# 错误示范:无效位置填了有限的 -1e9,softmax 之后又“保险起见”乘一次掩码。部分有效的行不受影响,
# 可整行无效的那一行本来是均匀分布,乘上全 False 的掩码就成了全 0。


def masked_softmax(z, allowed):
    logits = jnp.where(allowed, z, -1e9)
    weights = jax.nn.softmax(logits, axis=-1)
    return weights * allowed.astype(weights.dtype)
