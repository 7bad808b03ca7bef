# expect: failed values "同一项,也就是最后一项" not "清零"
# expect.en: "the last one" not "reset the state"
# 错误示范:掩码仍整条放在 carry 里,只是把 m[0] 改成了 m[-1]。每一步读的都是同一位,以填充结尾的序列一步也不更新。


def masked_decay(xs, valid):
    def step(state, x):
        h, mask = state
        keep = jnp.logical_not(mask[-1])
        return (jnp.where(keep, h, 0.8 * h + 0.2 * x), mask), None

    (h, _), _ = lax.scan(step, (jnp.zeros((), xs.dtype), valid), xs)
    return h
