# expect: failed values "div" "沿 axis=1 求和" not "掩码要两者交叉"
# expect.en: "div" "a sum over axis=1" not "The mask needs the two crossed"
# 掩码写对了,求和却沿 axis=0(对各行同一位置求和),得到每个位置一个值,再除以每行一个值的长度:
# 报错来自除法,不是掩码的比较,提示不能说“掩码要让两者交叉”。
def masked_mean(padded, lengths):
    mask = jnp.arange(padded.shape[1])[None, :] < lengths[:, None]
    total = jnp.sum(jnp.where(mask, padded, 0.0), axis=0)
    return total / jnp.maximum(lengths, 1)
