# expect: failed scan "没有 scan" not "展开"
# expect.en: "has no scan" not "unrolled"
# 不用循环,直接写闭式:每个有效步的权重是 0.2·0.8^(之后的有效步数)。数值对,但程序里没有 scan;
# 程序也不随长度变长,提示不能说“循环被按长度展开了”。
def masked_decay(xs, valid):
    flags = valid.astype(xs.dtype)
    later_steps = jnp.cumsum(flags[::-1])[::-1] - flags
    weights = jnp.where(valid, 0.2 * 0.8**later_steps, 0.0)
    return jnp.sum(jnp.where(valid, xs, 0.0) * weights)
