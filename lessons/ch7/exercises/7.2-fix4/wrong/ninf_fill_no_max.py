# expect: failed values "-inf 的 exp" not "被掩码去掉 exp"
# expect.en: "exp of -inf" not "once the mask removes its exp terms"
# 错误示范:无效位置填 -inf,自己写 softmax 时没减每行最大值:整行无效时每个 exp(-inf) 都是 0,
# 分母 0,算出 0/0。这里没有掩码去掉 exp 这一步,消息要说的是 exp 全是 0。


def masked_softmax(z, allowed):
    e = jnp.exp(jnp.where(allowed, z, -jnp.inf))
    return e / e.sum(axis=-1, keepdims=True)
