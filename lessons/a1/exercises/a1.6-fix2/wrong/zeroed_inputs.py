# expect: failed values "输入被换成了 0" not "放进了 carry"
# expect.en: "inputs replaced by 0" not "was put in the carry"
# 掩码从 carry 里拿了出来,却只用来把填充位置的输入换成 0:填充步照样执行 h ← 0.8·h + 0.2·x,
# 状态每步乘 0.8。填充为 0 时,结果和“每步读 m[0]”一模一样。


def masked_decay(xs, valid):
    clean = jnp.where(valid, xs, 0.0)

    def body(h, x):
        return 0.8 * h + 0.2 * x, None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), clean)
    return h
