# expect: failed values "jax.nn.softmax 的 where= 参数" not "在全是 -inf 的行上"
# expect.en: "the where= argument of jax.nn.softmax" not "on the all -inf row"
# 错误示范:用 jax.nn.softmax 的 where= 参数做掩码,没有填 -inf;整行无效时 softmax 内部先算出 NaN,再被它自己的 where 换成 0。checkify 只证明途中有 NaN 被藏起来,不能说学习者在全是 -inf 的行上做了 softmax。
def masked_softmax(z, allowed):
    return jax.nn.softmax(z, axis=-1, where=allowed)
