# expect: failed garbage "逐个算子" "NaN"
# expect.en: "op by op" "NaN"
# 错误示范:掩码已经逐步读取了,却用乘法来“选”新旧状态:m·新值 + (1 − m)·h。
# 填充步的 x 是 inf 时,0 × inf 是 NaN。jit 下编译器把“布尔转浮点再相乘”改写成了选择,NaN 碰巧没露出来,
# 换一个编译器或者不编译时它就出现了;题目要求填充值不参与计算。
def masked_decay(xs, valid):
    def body(h, inp):
        x, m = inp
        weight = m.astype(xs.dtype)
        return weight * (0.8 * h + 0.2 * x) + (1 - weight) * h, None

    h, _ = lax.scan(body, jnp.zeros((), xs.dtype), (xs, valid))
    return h
