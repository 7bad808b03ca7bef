# expect: failed values "amplify 接收了 g 却没用它" not "过时的值"
# expect.en: "takes g but never uses it" not "stale"
# 错误示范:签名里加上了增益参数,函数体却忘了改,乘的还是模块级的 gain,每一行都是 x。
gain = 1.0


@jax.jit
def amplify(x, g):
    scaled = gain * x
    return scaled


def amplify_all(x, gains):
    rows = [amplify(x, k) for k in gains]
    return jnp.stack(rows)
