# expect: failed values "0.8"
# expect.en: "0.8"
# 错误示范:系数写反了,成了 h ← 0.2·h + 0.8·x。
def masked_decay(xs, valid):
    def body(h, inp):
        x, m = inp
        return jnp.where(m, 0.2 * h + 0.8 * x, h), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, valid))
    return h
