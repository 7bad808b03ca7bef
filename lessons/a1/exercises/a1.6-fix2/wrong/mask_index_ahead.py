# expect: failed values "错开了一步"
# expect.en: "one step off"
# 错误示范:掩码留在 carry 里,用一个从 1 开始的步数去取,每一步看到的都是下一步的掩码。
def masked_decay(xs, valid):
    def step(state, x):
        h, flags, k = state
        h = jnp.where(flags[k], 0.8 * h + 0.2 * x, h)
        return (h, flags, k + 1), None

    start = (jnp.zeros((), xs.dtype), valid, jnp.int32(1))
    return lax.scan(step, start, xs)[0][0]
