# expect: failed scatter "别的运算" not "jnp.where"
# expect.en: "other operations" not "jnp.where"
# 错误示范:乘上一个 one-hot 的补(1 − one_hot(i, n))把第 i 个元素变成 0。数是对的,
# 但整个数组都乘了一遍,程序里没有 scatter;这里也没有 jnp.where,提示不能说它用了。
def drop_and_renormalize(weights, i):
    w = jnp.asarray(weights)
    kept = w * (1.0 - jax.nn.one_hot(i, w.shape[0]))
    return kept / jnp.sum(kept)
