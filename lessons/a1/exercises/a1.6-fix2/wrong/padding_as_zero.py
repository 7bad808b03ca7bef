# expect: failed scan "循环体根本没读掩码" not "从别的路进到循环体" "每一步只拿到"
# expect.en: "the body never reads the mask" not "reaches the body some other way" "handed only one array of length"
# 先用掩码把 padding 换成 0,循环体再用 x != 0 判断是不是 padding:数值对、inf/NaN 也不漏,
# 但循环体根本没读掩码,靠的是输入的值。提示不能说掩码“整条放进 carry 或被闭包捕获,再按下标去读”。
def masked_decay(xs, valid):
    zeroed = jnp.where(valid, xs, 0.0)

    def decay(h, x):
        return jnp.where(x != 0, 0.8 * h + 0.2 * x, h), None

    final, _ = lax.scan(decay, jnp.zeros((), xs.dtype), zeroed)
    return final
