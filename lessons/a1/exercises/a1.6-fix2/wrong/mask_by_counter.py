# expect: failed scan "按下标去读" not "掩码放进了 carry"
# expect.en: "read by an index" not "put the mask"
# 错误示范:掩码仍然整条放在 carry 里,另带一个步数计数器按下标去读。数值都对,但掩码没有和输入一起
# 逐步读取。
def masked_decay(xs, valid):
    def step(state, x):
        h, mask, i = state
        keep = mask[i]
        h = jnp.where(keep, 0.8 * h + 0.2 * x, h)
        return (h, mask, i + 1), None

    start = (jnp.zeros((), xs.dtype), valid, jnp.int32(0))
    (h, _, _), _ = lax.scan(step, start, xs)
    return h
