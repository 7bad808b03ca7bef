# 参考答案:掩码和输入一起放进 xs,每一步读到的是“这一步”的那一项;
# jnp.where 在填充步直接保留旧状态,填充位置的值(哪怕是 inf)进不了 h。


def masked_decay(xs, valid):
    def body(h, inp):
        x, m = inp
        return jnp.where(m, 0.8 * h + 0.2 * x, h), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, valid))
    return h
