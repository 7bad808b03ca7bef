# expect: failed values "输入少乘了 0.2"
# expect.en: "the input is not multiplied by 0.2"
# 错误示范:衰减只写了一半:旧状态乘了 0.8,新输入却没乘 0.2。


def masked_decay(xs, valid):
    def body(h, inp):
        x, m = inp
        return jnp.where(m, 0.8 * h + x, h), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, valid))
    return h
