# expect: failed values "清零"
# expect.en: "reset the state to zero"
# 错误示范:填充步把状态清零了,而不是保持不变。
def masked_decay(xs, valid):
    def body(h, inp):
        x, m = inp
        return jnp.where(m, 0.8 * h + 0.2 * x, 0.0), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, valid))
    return h
