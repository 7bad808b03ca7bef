# expect: failed scan "输入和掩码没有一起经 xs 逐步进到每一步" not "也就是输入本身:掩码是从别的路"
# expect.en: "the inputs and the mask do not both come into each step through xs" not "the inputs: the mask reaches"
# 错误示范:scan 遍历的是步号 jnp.arange(T),输入和掩码都被闭包捕获,再按步号去读。数值对,
# 但 scan 逐步拿到的那个数组是步号,不是输入,提示不能说它“也就是输入本身”。
def masked_decay(xs, valid):
    def body(h, t):
        return jnp.where(valid[t], 0.8 * h + 0.2 * xs[t], h), None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), jnp.arange(xs.shape[0]))
    return h
