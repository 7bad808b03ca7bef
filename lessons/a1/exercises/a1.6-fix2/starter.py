# 修复练习:masked_decay 的结果和“只跑真实长度”的循环对不上。
# 改到检查通过为止(Ctrl+T 看提示)。


def masked_decay(xs, valid):
    def body(carry, x):
        h, m = carry
        h = jnp.where(m[0], 0.8 * h + 0.2 * x, h)
        return (h, m), None

    (h, _), _ = lax.scan(body, (jnp.zeros((), xs.dtype), valid), xs)
    return h
