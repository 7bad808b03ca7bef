# expect: failed scan "scan" not "展开"
# expect.en: "scan" not "unrolled"
# 错误示范(绕开问题的办法):先数出真实长度,再用 fori_loop 只跑这么多步。数值对,
# 可掩码这条路没走通:循环变成了 while,每条序列的步数不同,vmap 下整批跑到最长的那条。
def masked_decay(xs, valid):
    def leaky(t, h):
        return 0.8 * h + 0.2 * xs[t]

    real_length = jnp.sum(valid)
    return lax.fori_loop(0, real_length, leaky, jnp.zeros((), xs.dtype))
