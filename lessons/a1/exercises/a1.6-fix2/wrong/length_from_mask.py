# expect: failed scan "没有哪一步拿到自己那一位掩码" not "循环体根本没读掩码" "只能靠输入自己的值"
# expect.en: "no step receives its own bit of the mask" not "the body never reads the mask" "can only tell padding from the inputs' own values"
# 先用掩码算出真实长度,循环体再拿步数计数和长度比:数值对、inf/NaN 也不漏,可每一步拿到的不是自己那一位掩码。
# 循环体并不靠输入的值认 padding(真实输入为 0 也照样衰减),提示不能说“只能靠输入自己的值去认 padding”。
def masked_decay(xs, valid):
    n = jnp.sum(valid)

    def body(carry, x):
        h, t = carry
        new = jnp.where(t < n, 0.8 * h + 0.2 * x, h)
        return (new, t + 1), None

    (h, _), _ = lax.scan(body, (jnp.zeros((), xs.dtype), 0), xs)
    return h
