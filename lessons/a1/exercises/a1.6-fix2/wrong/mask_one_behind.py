# expect: failed values "上一步的掩码" not "m[t + 1]"
# expect.en: "previous step's mask" not "m[t + 1]"
# 错误示范:把掩码向后挪了一格再用(开头补一个 True),每一步看的都是前一步的掩码。


def masked_decay(xs, valid):
    lagged = jnp.concatenate([jnp.ones((1,), bool), valid[:-1]])

    def body(h, inp):
        x, m = inp
        return jnp.where(m, 0.8 * h + 0.2 * x, h), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, lagged))
    return h
