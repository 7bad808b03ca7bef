# expect: failed values "两个分支放反了"
# expect.en: "the two branches of jnp.where are swapped"
# 错误示范:jnp.where 的两个分支写反了:有效步保持,填充步反而更新。


def masked_decay(xs, valid):
    def body(h, inp):
        x, m = inp
        return jnp.where(m, h, 0.8 * h + 0.2 * x), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, valid))
    return h
